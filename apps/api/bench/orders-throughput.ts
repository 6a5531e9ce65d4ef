/**
 * Load benchmark: how many orders per second the API creates and pays end to end (create order,
 * create the PayPal payment, buyer approval in the sandbox, capture, delivery of a licence key), with
 * 20 concurrent buyers for 30 seconds, then a check that nothing was oversold. Meanwhile the receipts
 * go to a local SMTP server: how many a minute arrive, and how long after the capture; then, as the
 * ceiling, how fast nodemailer alone sends the same messages to that server.
 * Needs an empty PostgreSQL database: BENCH_DATABASE_URL=postgres://... pnpm --filter @store/api bench:orders
 * (without it, runs on PGlite).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startPaymentSandbox } from '@store/payment-sandbox';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox/credentials';
import nodemailer from 'nodemailer';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { MAIL_CONNECTIONS } from '../src/mail/mailer.ts';
import { startSmtpPeer } from '../test/helpers/smtp-peer.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KEYS = 20_000;

async function runBench(): Promise<void> {
  const sandbox = await startPaymentSandbox();
  const smtpPeer = await startSmtpPeerThread();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'store-bench-orders-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
    ADMIN_PASSWORD: 'bench-admin-password',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    PAYPAL_API_URL: sandbox.url,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // The SMTP peer listens on loopback; every buyer comes from one address.
    SMTP_ALLOW_PRIVATE_HOSTS: 'true',
    UNPAID_ORDERS_PER_BUYER: '1000000',
    UNPAID_ORDERS_PER_ADDRESS: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const json = async (response: Response) => {
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const login = await json(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
    }),
  );
  const admin = { authorization: `Bearer ${login.access_token as string}`, 'content-type': 'application/json' };
  // PayPal at the standalone sandbox, receipts to the SMTP peer.
  await json(
    await fetch(`${base}/api/admin/settings`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({
        paypal_client_id: SANDBOX_CREDENTIALS.clientId,
        paypal_client_secret: SANDBOX_CREDENTIALS.clientSecret,
        smtp_host: '127.0.0.1',
        smtp_port: smtpPeer.port,
        smtp_use_tls: false,
        smtp_from_email: 'shop@example.com',
        smtp_from_name: 'Bench Shop',
      }),
    }),
  );
  const product = await json(
    await fetch(`${base}/api/admin/products`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({
        title: 'Benchmark Licence',
        price: 24.99,
        description: 'Load test product',
        detailed_description: 'Load test product.',
      }),
    }),
  );
  const productId = product.id as string;
  for (let start = 0; start < KEYS; start += 5000) {
    const keys = Array.from({ length: 5000 }, (_, i) => `BENCH-${start + i}-${randomBytes(4).toString('hex')}`).join('\n');
    await json(
      await fetch(`${base}/api/admin/products/${productId}/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ keys }) }),
    );
  }

  let paid = 0;
  let failures = 0;
  let buyers = 0;
  const latencies: number[] = [];
  /** When each buyer's capture call answered (performance.now()), by the buyer's email, to time its receipt. */
  const capturedAt = new Map<string, number>();
  const deadline = Date.now() + SECONDS * 1000;

  async function buyer(): Promise<void> {
    while (Date.now() < deadline) {
      const started = performance.now();
      // An email of its own per purchase: its receipt is matched to its capture.
      buyers += 1;
      const invoice = { email: `load-${buyers}@example.com`, name: 'Load Buyer', address: '1 Bench Road', city: 'Leeds', country: 'UK' };
      try {
        const order = await json(
          await fetch(`${base}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ items: [{ product_id: productId, quantity: 1 }], invoice_data: invoice }),
          }),
        );
        const payment = await json(await fetch(`${base}/api/payments/create?order_id=${order.id as string}`, { method: 'POST' }));
        const paypalOrderId = new URL(payment.payment_url as string).searchParams.get('token')!;
        const approved = await fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
        if (approved.status !== 303) throw new Error(`approval answered ${approved.status}`);
        const captured = await json(await fetch(`${base}/api/paypal/capture-order/${paypalOrderId}`, { method: 'POST' }));
        if (captured.success !== true) throw new Error('capture failed');
        capturedAt.set(invoice.email, performance.now());
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
  const loadEnded = performance.now();
  const elapsed = (loadEnded - began) / 1000;
  // The receipts still on their way when the buyers stop.
  const drainDeadline = performance.now() + 30_000;
  while (smtpPeer.arrivals.length < paid && performance.now() < drainDeadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const receiptsDuringLoad = smtpPeer.arrivals.filter((mail) => mail.at <= loadEnded).length;
  const lastReceiptAt = smtpPeer.arrivals.at(-1)?.at ?? loadEnded;
  const receiptDelays = smtpPeer.arrivals.flatMap((mail) => {
    const captured = capturedAt.get(mail.to);
    return captured === undefined ? [] : [mail.at - captured];
  });
  const outbox = await app.db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();

  // The ceiling: nodemailer's pool alone, the same messages to the same server, as many at a time.
  const sample = await app.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('kind', '=', 'receipt')
    .limit(1)
    .executeTakeFirstOrThrow();
  const rawMessages = Math.max(paid, 2000);
  const rawTransport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPeer.port,
    ignoreTLS: true,
    pool: true,
    maxConnections: MAIL_CONNECTIONS,
    maxMessages: 100,
  });
  const rawBefore = smtpPeer.arrivals.length;
  const rawBegan = performance.now();
  let rawNext = 0;
  await Promise.all(
    Array.from({ length: MAIL_CONNECTIONS }, async () => {
      while (rawNext < rawMessages) {
        rawNext += 1;
        await rawTransport.sendMail({
          from: { name: 'Bench Shop', address: 'shop@example.com' },
          to: `raw-${rawNext}@example.com`,
          subject: sample.subject,
          text: sample.text_body,
          html: sample.html_body,
        });
      }
    }),
  );
  const rawSeconds = (performance.now() - rawBegan) / 1000;
  rawTransport.close();
  // Each sendMail resolved on the server's acceptance; its report of them comes a little later.
  while (smtpPeer.arrivals.length < rawBefore + rawMessages) await new Promise((resolve) => setTimeout(resolve, 20));

  const sold = await app.db
    .selectFrom('license_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('product_id', '=', productId)
    .where('order_item_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const completed = await app.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const reused = await app.db
    .selectFrom('license_keys')
    .select('order_item_id')
    .where('product_id', '=', productId)
    .where('order_item_id', 'is not', null)
    .groupBy('order_item_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  const stock = await app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  const pendingUnits = await app.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();

  latencies.sort((a, b) => a - b);
  receiptDelays.sort((a, b) => a - b);
  const quantile = (values: number[], q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))]?.toFixed(0) ?? '-';
  const p = (q: number) => quantile(latencies, q);
  process.stdout.write(
    [
      `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${CONCURRENCY} concurrent buyers, ${elapsed.toFixed(1)} s`,
      `orders created and paid: ${paid} (${(paid / elapsed).toFixed(1)} per second), failures: ${failures}`,
      `latency of one full purchase (4 calls): median ${p(0.5)} ms, p95 ${p(0.95)} ms`,
      `keys sold ${sold.n}, completed orders ${completed.n}, order lines holding more than one key ${reused.length}`,
      `stock left ${stock.stock_quantity} = ${KEYS} keys - ${sold.n} sold - ${pendingUnits.n} held by unpaid orders: ${stock.stock_quantity === KEYS - Number(sold.n) - Number(pendingUnits.n) ? 'consistent' : 'INCONSISTENT'}`,
      `receipts at the SMTP server during the load: ${receiptsDuringLoad} (${((receiptsDuringLoad / elapsed) * 60).toFixed(0)} per minute); ${rawBefore} of ${paid} arrived in all, the last ${((lastReceiptAt - loadEnded) / 1000).toFixed(1)} s after the load ended`,
      `receipt arrival after its capture answered: median ${quantile(receiptDelays, 0.5)} ms, p95 ${quantile(receiptDelays, 0.95)} ms, max ${quantile(receiptDelays, 1)} ms`,
      `outbox: ${outbox.map((row) => `${row.n} ${row.status}`).join(', ')}`,
      `ceiling, nodemailer pool alone (${MAIL_CONNECTIONS} connections): ${rawMessages} messages in ${rawSeconds.toFixed(1)} s (${((rawMessages / rawSeconds) * 60).toFixed(0)} per minute)`,
    ].join('\n') + '\n',
  );
  await app.close();
  await sandbox.close();
  await smtpPeer.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** A receipt as the SMTP peer saw it: its recipient and when it was accepted (this thread's performance.now()). */
interface Arrival {
  to: string;
  at: number;
}

/**
 * The SMTP peer runs on a thread of its own, as a mail server on another machine would: its work does
 * not share the store's event loop. It reports each accepted message (recipient, time) in batches.
 */
async function startSmtpPeerThread(): Promise<{ port: number; arrivals: Arrival[]; close: () => Promise<void> }> {
  // The thread loads this TypeScript file again, through tsx: a worker does not inherit tsx's loader.
  const start = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(import.meta.url)});`;
  const thread = new Worker(new URL(`data:text/javascript,${encodeURIComponent(start)}`), { workerData: 'smtp-peer' });
  const arrivals: Arrival[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('error', reject);
    thread.on('message', (message: { port: number } | { arrivals: [string, number][] }) => {
      if ('port' in message) resolve(message.port);
      // performance.now() counts from each thread's own start: the times travel as timeOrigin-based instants.
      else for (const [to, at] of message.arrivals) arrivals.push({ to, at: at - performance.timeOrigin });
    });
  });
  return {
    port,
    arrivals,
    close: async () => {
      thread.postMessage('close');
      await new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}

async function serveSmtpPeer(): Promise<void> {
  const peer = await startSmtpPeer({ countOnly: true });
  const parent = parentPort!;
  let reported = 0;
  const report = () => {
    const batch = peer.received.slice(reported).map((mail) => [mail.to[0] ?? '', performance.timeOrigin + mail.at]);
    reported += batch.length;
    if (batch.length > 0) parent.postMessage({ arrivals: batch });
  };
  const timer = setInterval(report, 10);
  parent.on('message', (message) => {
    if (message !== 'close') return;
    clearInterval(timer);
    report();
    void peer.close().then(() => parent.close());
  });
  parent.postMessage({ port: peer.port });
}

if (isMainThread) await runBench();
else if (workerData === 'smtp-peer') await serveSmtpPeer();
