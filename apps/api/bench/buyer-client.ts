/** What the benchmarks' buyers share (orders-throughput.ts, haproxy.ts): JSON calls over kept-alive connections, and one purchase through the API. */
import { Agent, request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface BuyerClient {
  /** One HTTP call; a JSON answer is parsed, any status is answered. */
  call: (url: string, method: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;
  /** One call whose answer must be 2xx; its JSON body. */
  json: (url: string, method: string, body?: unknown, headers?: Record<string, string>) => Promise<Record<string, unknown>>;
  /** Closes the kept-alive connections. */
  close: () => void;
}

/** A client over up to `maxSockets` kept-alive connections. */
export function buyerClient(maxSockets: number): BuyerClient {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const call: BuyerClient['call'] = (url, method, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        url,
        {
          method,
          agent,
          headers: {
            ...headers,
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const parsed = (res.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {};
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const json: BuyerClient['json'] = async (url, method, body, headers) => {
    const answer = await call(url, method, body, headers);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return { call, json, close: () => agent.destroy() };
}

/** The `n`th buyer's own address, for a store that trusts its proxy (TRUST_PROXY) and counts unpaid orders per address. */
export const addressOf = (n: number): Record<string, string> => ({ 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });

/**
 * One purchase end to end through the API at `base`: a guest order of one unit, the PayPal payment, the buyer's
 * approval at the payment sandbox, the capture. Throws at the first step that fails.
 */
export async function purchaseOnce(
  client: BuyerClient,
  { base, sandboxUrl, productId, email, headers }: { base: string; sandboxUrl: string; productId: string; email: string; headers: Record<string, string> },
): Promise<void> {
  const invoice = { email, name: 'Bench Buyer', address: '1 Bench Road', city: 'Leeds', country: 'UK' };
  const order = await client.json(`${base}/api/orders`, 'POST', { items: [{ product_id: productId, quantity: 1 }], invoice_data: invoice }, headers);
  const payment = await client.json(`${base}/api/payments/create?order_id=${order.id as string}`, 'POST', undefined, headers);
  const paypalOrderId = new URL(payment.payment_url as string).searchParams.get('token')!;
  const approved = await client.call(`${sandboxUrl}/checkoutnow/${paypalOrderId}/approve`, 'POST');
  if (approved.status !== 303) throw new Error(`approval answered ${approved.status}`);
  const captured = await client.json(`${base}/api/paypal/capture-order/${paypalOrderId}`, 'POST', undefined, headers);
  if (captured.success !== true) throw new Error('capture failed');
}
