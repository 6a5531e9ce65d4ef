import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { PayPalEndpoint } from './paypal-endpoint.ts';

/** A failure answered by PayPal: its HTTP status, error name and first detail issue (e.g. ORDER_ALREADY_CAPTURED). */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
  amount: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
}

export interface PayPalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED';
  amount?: PayPalMoney;
}

export interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }[];
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** One HTTP exchange as the client needs it: the status and the body's text. */
/** One request to PayPal as the metrics see it: no ids, no amounts. */
export interface PayPalCall {
  /** Method and path with PayPal's ids replaced: `POST /v2/checkout/orders/{id}/capture`. */
  operation: string;
  /** `no_answer`: the connection failed or timed out. */
  result: 'ok' | 'client_error' | 'server_error' | 'no_answer';
  seconds: number;
}

/** A PayPal id in a path (order, capture, subscription, plan, webhook ids): letters, digits and hyphens with a digit. */
const PAYPAL_ID_SEGMENT = /^(?=[^/]*\d)[A-Za-z0-9-]{10,}$/;

/** The operation of a request: its method and path, ids replaced, without the query. */
export function operationOf(method: string, url: string): string {
  const pathname = new URL(url).pathname;
  return `${method} ${pathname
    .split('/')
    .map((segment) => (PAYPAL_ID_SEGMENT.test(segment) ? '{id}' : segment))
    .join('/')}`;
}

type Send = (
  url: string,
  request: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
) => Promise<{ status: number; text: string }>;

/** The most of an answer read: PayPal's are a few KiB. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Over a fetch of the caller's (tests). */
const overFetch =
  (fetchImpl: typeof fetch): Send =>
  async (url, { method, headers, body, timeoutMs }) => {
    const response = await fetchImpl(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text().catch(() => '') };
  };

/**
 * Over node:http(s) with agents that keep connections alive and reuse them (PayPal, or the sandbox in its
 * own process). Cheaper per call than fetch, which every purchase pays twice: no WHATWG streams, no
 * AbortSignal; the timeout covers the whole exchange, as fetch's signal did.
 */
function overNodeHttp(): Send {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  return (url, { method, headers, body, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const secure = url.startsWith('https:');
      const sent = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method,
          agent: secure ? agents.https : agents.http,
          headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > MAX_ANSWER_BYTES) sent.destroy(new Error(`PayPal answered more than ${MAX_ANSWER_BYTES} bytes`));
            else chunks.push(chunk);
          });
          answer.on('end', () => {
            clearTimeout(timer);
            resolve({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
          answer.on('error', fail);
        },
      );
      const timer = setTimeout(() => sent.destroy(new Error(`PayPal did not answer within ${timeoutMs} ms`)), timeoutMs);
      function fail(error: Error) {
        clearTimeout(timer);
        reject(error);
      }
      sent.on('error', fail);
      sent.end(body);
    });
}

const isOk = (status: number) => status >= 200 && status < 300;

/** The answer's JSON object, or an empty one for anything else (an HTML error page, nothing). */
const parseJson = (text: string): object => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
};

/**
 * PayPal's REST API, server to server: an OAuth2 client-credentials token cached until shortly before
 * it expires, and the Orders v2 and webhook verification calls the store uses.
 */
export class PayPalClient {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly transport: Send;
  private readonly observers = new Set<(call: PayPalCall) => void>();

  /** By default over node:http(s) with kept-alive connections; tests may pass a fetch of their own. */
  constructor(fetchImpl?: typeof fetch) {
    this.transport = fetchImpl ? overFetch(fetchImpl) : overNodeHttp();
  }

  /** Hears every request made to PayPal once it is answered or has failed (the metrics count them). */
  observe(observer: (call: PayPalCall) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  private readonly send: Send = async (url, request) => {
    const started = performance.now();
    const report = (result: PayPalCall['result']) => {
      if (this.observers.size === 0) return;
      const call: PayPalCall = { operation: operationOf(request.method, url), result, seconds: (performance.now() - started) / 1000 };
      for (const observer of this.observers) observer(call);
    };
    try {
      const response = await this.transport(url, request);
      report(response.status < 300 ? 'ok' : response.status < 500 ? 'client_error' : 'server_error');
      return response;
    } catch (error) {
      report('no_answer');
      throw error;
    }
  };

  private async token(endpoint: PayPalEndpoint, forceRefresh = false): Promise<string> {
    const cacheKey = `${endpoint.baseUrl}|${endpoint.clientId}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && !forceRefresh && cached.expiresAt > Date.now()) return cached.token;
    const response = await this.send(`${endpoint.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${endpoint.clientId}:${endpoint.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: 15_000,
    });
    const body = parseJson(response.text) as { access_token?: string; expires_in?: number; error_description?: string };
    if (!isOk(response.status) || !body.access_token) {
      this.tokens.delete(cacheKey);
      throw new PayPalError(
        response.status,
        'AUTHENTICATION_FAILURE',
        undefined,
        body.error_description ?? 'PayPal refused the client credentials',
      );
    }
    // Renew a minute early so a token never expires between the check and the call.
    this.tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
    return body.access_token;
  }

  /** One authorised call to PayPal's REST API: the subscriptions module (subscriptions/paypal-billing.ts) builds its calls on it. */
  async call<T>(
    endpoint: PayPalEndpoint,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.send(`${endpoint.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await this.token(endpoint, attempt > 0)}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: 20_000,
      });
      // An expired or revoked token: fetch a new one once and repeat the call.
      if (response.status === 401 && attempt === 0) continue;
      const json = parseJson(response.text) as T & { name?: string; message?: string; debug_id?: string; details?: { issue?: string }[] };
      if (!isOk(response.status)) {
        throw new PayPalError(
          response.status,
          json.name ?? 'UNKNOWN',
          json.details?.[0]?.issue,
          json.message ?? `PayPal answered ${response.status}`,
          json.debug_id,
        );
      }
      return { status: response.status, body: json };
    }
  }

  createOrder(endpoint: PayPalEndpoint, payload: unknown, requestId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(endpoint, 'POST', '/v2/checkout/orders', payload, { 'PayPal-Request-Id': requestId }).then(
      (result) => result.body,
    );
  }

  getOrder(endpoint: PayPalEndpoint, paypalOrderId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(endpoint, 'GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`).then(
      (result) => result.body,
    );
  }

  captureOrder(endpoint: PayPalEndpoint, paypalOrderId: string, requestId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(
      endpoint,
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
      {},
      { 'PayPal-Request-Id': requestId },
    ).then((result) => result.body);
  }

  /** A capture as PayPal has it now (its status says whether it was refunded in full). */
  getCapture(endpoint: PayPalEndpoint, captureId: string): Promise<PayPalCapture> {
    return this.call<PayPalCapture>(endpoint, 'GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`).then((result) => result.body);
  }

  /** Refunds a capture in full; the request id makes a repeat answer the same refund instead of a second one. */
  refundCapture(endpoint: PayPalEndpoint, captureId: string, requestId: string): Promise<PayPalRefund> {
    return this.call<PayPalRefund>(
      endpoint,
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {},
      { 'PayPal-Request-Id': requestId },
    ).then((result) => result.body);
  }

  async verifyWebhookSignature(endpoint: PayPalEndpoint, verification: Record<string, unknown>): Promise<boolean> {
    const result = await this.call<{ verification_status?: string }>(
      endpoint,
      'POST',
      '/v1/notifications/verify-webhook-signature',
      verification,
    );
    return result.body.verification_status === 'SUCCESS';
  }
}

/** The buyer's approval address of a created order (`payer-action` with experience_context, `approve` in the legacy flow). */
export function approvalLink(order: PayPalOrder): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

/** The first capture of a captured order. */
export function firstCapture(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.flatMap((unit) => unit.payments?.captures ?? [])[0];
}
