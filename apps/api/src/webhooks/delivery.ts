import { createHmac } from 'node:crypto';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/*
 * One webhook request (docs/decisions/057-webhooks.md): signed as Standard Webhooks specifies, sent to the address
 * the guard vetted (no second DNS answer between the check and the connection), with short timeouts, and no
 * redirect followed (a 3xx is a failed delivery: the store does not send an order to an address it was not given).
 */

/** The whole exchange, from the connection to the end of the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What of the receiver's answer is kept: enough to read an error page's first line. */
const KEPT_ANSWER_BYTES = 2_048;

/** `webhook-signature` of a message: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface WebhookAttempt {
  /** The receiver's status, or null when it did not answer. */
  status: number | null;
  /** A short reason when the delivery failed. */
  error: string | null;
  durationMs: number;
}

/** Posts one signed event to a vetted address and reports what happened; never throws. */
export function postWebhook(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The vetted address, whatever the name resolves to now; TLS still checks the certificate against the name.
  const lookup: LookupFunction = (_host, options, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const options: RequestOptions = {
    method: 'POST',
    lookup,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'KeyVault-Webhooks/1' },
    timeout: timeoutMs,
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: Omit<WebhookAttempt, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...attempt, durationMs: elapsed() });
    };
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (answer) => {
      const status = answer.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      answer.on('data', (chunk: Buffer) => {
        if (kept < KEPT_ANSWER_BYTES) chunks.push(chunk.subarray(0, KEPT_ANSWER_BYTES - kept));
        kept += chunk.length;
      });
      answer.on('error', (error) => finish({ status, error: `the answer broke off: ${error.message}` }));
      answer.on('end', () => {
        if (status >= 200 && status < 300) finish({ status, error: null });
        else if (status >= 300 && status < 400) finish({ status, error: `redirected to ${String(answer.headers.location ?? '(no address)').slice(0, 200)}: redirects are not followed` });
        else finish({ status, error: `answered ${status}: ${Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200)}` });
      });
    });
    // The socket's idle timeout, and a deadline for the whole exchange (a receiver that trickles its answer).
    const deadline = setTimeout(() => {
      outgoing.destroy();
      finish({ status: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    outgoing.on('timeout', () => {
      outgoing.destroy();
      finish({ status: null, error: `no answer within ${timeoutMs / 1000} s` });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: `${error.code ?? 'error'}: ${error.message}`.slice(0, 300) }));
    outgoing.end(body);
  });
}
