/**
 * Load benchmark: how many orders per second the API creates and pays end to end (create order,
 * create the PayPal payment, buyer approval in the sandbox, capture, delivery of a licence key), with
 * 20 concurrent buyers for 30 seconds, then a check that nothing was oversold.
 * Needs an empty PostgreSQL database: BENCH_DATABASE_URL=postgres://... pnpm --filter @store/api bench:orders
 * (without it, runs on PGlite).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPaymentSandbox } from '@store/payment-sandbox';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KEYS = 20_000;

const sandbox = await startPaymentSandbox();
const dataDir = await mkdtemp(path.join(tmpdir(), 'store-bench-orders-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  ADMIN_PASSWORD: 'bench-admin-password',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PAYPAL_API_URL: sandbox.url,
  PAYMENT_SANDBOX: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp({ config });
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const json = async (response: Response) => {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
};
const login = await json(await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }) }));
const admin = { authorization: `Bearer ${login.access_token as string}`, 'content-type': 'application/json' };
const product = await json(
  await fetch(`${base}/api/admin/products`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ title: 'Benchmark Licence', price: 24.99, description: 'Load test product', detailed_description: 'Load test product.' }),
  }),
);
const productId = product.id as string;
for (let start = 0; start < KEYS; start += 5000) {
  const keys = Array.from({ length: 5000 }, (_, i) => `BENCH-${start + i}-${randomBytes(4).toString('hex')}`).join('\n');
  await json(await fetch(`${base}/api/admin/products/${productId}/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ keys }) }));
}

const invoice = { email: 'load@example.com', name: 'Load Buyer', address: '1 Bench Road', city: 'Leeds', country: 'UK' };
let paid = 0;
let failures = 0;
const latencies: number[] = [];
const deadline = Date.now() + SECONDS * 1000;

async function buyer(): Promise<void> {
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const order = await json(
        await fetch(`${base}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ product_id: productId, quantity: 1 }], invoice_data: invoice }) }),
      );
      const payment = await json(await fetch(`${base}/api/payments/create?order_id=${order.id as string}`, { method: 'POST' }));
      const paypalOrderId = new URL(payment.payment_url as string).searchParams.get('token')!;
      const approved = await fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
      if (approved.status !== 303) throw new Error(`approval answered ${approved.status}`);
      const captured = await json(await fetch(`${base}/api/paypal/capture-order/${paypalOrderId}`, { method: 'POST' }));
      if (captured.success !== true) throw new Error('capture failed');
      paid += 1;
      latencies.push(performance.now() - started);
    } catch (error) {
      failures += 1;
      if (failures <= 3) console.error(error);
    }
  }
}

const began = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, () => buyer()));
const elapsed = (performance.now() - began) / 1000;

const sold = await app.db.selectFrom('license_keys').select((eb) => eb.fn.countAll<string>().as('n')).where('product_id', '=', productId).where('order_item_id', 'is not', null).executeTakeFirstOrThrow();
const completed = await app.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'completed').executeTakeFirstOrThrow();
const reused = await app.db
  .selectFrom('license_keys')
  .select('order_item_id')
  .where('product_id', '=', productId)
  .where('order_item_id', 'is not', null)
  .groupBy('order_item_id')
  .having((eb) => eb.fn.countAll(), '>', 1)
  .execute();
const stock = await app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
const pendingUnits = await app.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();

latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(0) ?? '-';
process.stdout.write(
  [
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${CONCURRENCY} concurrent buyers, ${elapsed.toFixed(1)} s`,
    `orders created and paid: ${paid} (${(paid / elapsed).toFixed(1)} per second), failures: ${failures}`,
    `latency of one full purchase (4 calls): median ${p(0.5)} ms, p95 ${p(0.95)} ms`,
    `keys sold ${sold.n}, completed orders ${completed.n}, order lines holding more than one key ${reused.length}`,
    `stock left ${stock.stock_quantity} = ${KEYS} keys - ${sold.n} sold - ${pendingUnits.n} held by unpaid orders: ${stock.stock_quantity === KEYS - Number(sold.n) - Number(pendingUnits.n) ? 'consistent' : 'INCONSISTENT'}`,
  ].join('\n') + '\n',
);
await app.close();
await sandbox.close();
await rm(dataDir, { recursive: true, force: true });
