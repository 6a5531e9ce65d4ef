/**
 * `pnpm --filter @store/api bench:subscriptions`: the subscription paths under concurrent load, each beside
 * its ceiling, in one run on one machine (docs/benchmarks.md, "Subscriptions").
 *
 * As deployed, the parts run apart: the built store (`node dist/server.js`, NODE_ENV=production) on a fresh
 * PostgreSQL database, the payment sandbox in a process of its own (as PayPal is another machine), with a
 * webhook registered at the sandbox for the store's `/api/paypal/webhook` and named in the store's settings.
 *
 * 1. Subscribe: BENCH_CONCURRENCY (20) shoppers, each with an account, subscribe to BENCH_PRODUCTS (25)
 *    monthly products one after the other: `POST /api/subscriptions`, the buyer's Approve at the sandbox,
 *    `POST /api/subscriptions/{id}/confirm` (the return page), until active with its key. The ceiling: the
 *    same PayPal calls (create with the store's plan, Approve, show) straight to the sandbox.
 * 2. Renewals: the sandbox's test clock moves a month on, so every active subscription is billed at once and
 *    its PAYMENT.SALE.COMPLETED webhook comes to the store, which verifies it at the sandbox and settles it by
 *    asking for the subscription: renewals recorded per second, until every one is. The ceiling: the same
 *    month's cycles with the webhook pointed at bare Fastify answering 200.
 * 3. Licence checks: `POST /api/licenses/validate` of a subscription's key at 50 connections (autocannon),
 *    alternating in rounds with bare Fastify answering the same bytes (bench/bare-server.ts). The per-key
 *    limit (60 a minute by default) is raised for this part, which measures the work, not the limit.
 *
 * Usage: pnpm build, then pnpm --filter @store/api bench:subscriptions. BENCH_CPU_PROFILE_DIR=<dir> writes a V8
 * CPU profile of the store's whole run there (summarise it with `tsx bench/orders-profile.ts <file>`). BENCH_PG_URL names the PostgreSQL
 * server (default postgres://postgres@127.0.0.1:5432/postgres); the database is created and dropped.
 * Linux only: it reads /proc for CPU time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox/credentials';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { apiRoot, freePort, portFromLine, startChild, waitForHealth, type Child } from './processes.ts';
import { CONNECTIONS, ROUNDS, ROUND_SECONDS, cpuSeconds, createDatabase, mean } from './store-harness.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 25);
const ADMIN_PASSWORD = 'bench-admin-password';

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 4 });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  raw: Buffer;
}

function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const type = typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json';
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(payload) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          const parsed = (res.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {};
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, raw });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function ok(url: string, method: string, body?: unknown, headers?: Record<string, string>): Promise<Record<string, unknown>> {
  const answer = await call(url, method, body, headers);
  if (answer.status < 200 || answer.status >= 400)
    throw new Error(`${method} ${url}: ${answer.status} ${answer.raw.toString('utf8').slice(0, 500)}`);
  return answer.body;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const fixed = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/* The parts ---------------------------------------------------------------------------------------- */

async function startSandbox(): Promise<{ child: Child; base: string }> {
  let port!: (value: string) => void;
  const listening = new Promise<string>((resolve) => (port = resolve));
  const child = startChild(
    'the payment sandbox',
    [path.join(apiRoot, '..', '..', 'tooling', 'payment-sandbox', 'src', 'cli.ts')],
    process.env,
    (line) => {
      if (!line.startsWith('{')) return;
      const parsed = JSON.parse(line) as { url?: string };
      if (parsed.url) port(parsed.url);
    },
  );
  return { child, base: await listening };
}

async function startStore(databaseUrl: string, dataDir: string, sandboxUrl: string): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
  const child = startChild('the store', [...profile, 'dist/server.js'], {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
    ADMIN_PASSWORD,
    PAYPAL_API_URL: sandboxUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // The shoppers come through a proxy, each from an address of their own.
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000',
    // The sweeps stay out of the measured minutes: the renewals must come by webhook.
    RECONCILE_SECONDS: '0',
  });
  await waitForHealth(child, `${base}/api/health`, 'the store');
  return { child, base };
}

async function sandboxToken(sandbox: string): Promise<string> {
  const basic = Buffer.from(`${SANDBOX_CREDENTIALS.clientId}:${SANDBOX_CREDENTIALS.clientSecret}`).toString('base64');
  const answer = await ok(`${sandbox}/v1/oauth2/token`, 'POST', 'grant_type=client_credentials', { authorization: `Basic ${basic}` });
  return answer.access_token as string;
}

/** A bare Fastify that answers 200 to every webhook and counts them: the ceiling of the renewals. */
async function bareWebhookReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  let received = 0;
  app.post('/webhook', async () => {
    received += 1;
    return {};
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${url}/webhook`, received: () => received, close: () => app.close() };
}

/* 1. Subscribe ------------------------------------------------------------------------------------- */

interface Shopper {
  token: string;
  address: string;
}

async function subscribeOnce(store: string, sandbox: string, shopper: Shopper, productId: string): Promise<string> {
  const headers = { authorization: `Bearer ${shopper.token}`, 'x-forwarded-for': shopper.address };
  const created = await ok(`${store}/api/subscriptions`, 'POST', { product_id: productId }, headers);
  await approveAtSandbox(sandbox, created.paypal_subscription_id as string);
  const confirmed = await ok(`${store}/api/subscriptions/${created.id as string}/confirm`, 'POST', {}, headers);
  if (confirmed.status !== 'active')
    throw new Error(`subscription ${created.id as string} is ${String(confirmed.status)} after its return`);
  if ((confirmed.license_keys as unknown[]).length !== 1) throw new Error(`subscription ${created.id as string} has no key`);
  return (confirmed.license_keys as { key: string }[])[0]!.key;
}

/** The buyer's Approve: the form of the sandbox's approval page, answered with a redirect to the store. */
async function approveAtSandbox(sandbox: string, paypalId: string): Promise<void> {
  const answer = await call(`${sandbox}/billing/subscriptions/${paypalId}/approve`, 'POST', '');
  if (answer.status !== 302 && answer.status !== 303)
    throw new Error(`approve ${paypalId}: ${answer.status} ${answer.raw.toString('utf8').slice(0, 300)}`);
}

interface Throughput {
  done: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  failures: number;
  cpuPerDone: Record<string, number>;
}

/** Runs `work(shopper, step)` for every shopper and step, the shoppers in parallel, the steps one after another. */
async function measure(
  shoppers: Shopper[],
  steps: number,
  pids: Record<string, number>,
  work: (shopper: Shopper, step: number) => Promise<unknown>,
): Promise<Throughput> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (shopper) => {
      for (let step = 0; step < steps; step += 1) {
        const at = performance.now();
        try {
          await work(shopper, step);
          times.push(performance.now() - at);
        } catch (error) {
          failures += 1;
          if (failures <= 3) console.error(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const cpuPerDone = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, ((cpuSeconds(pid) - before[name]!) / Math.max(1, times.length)) * 1000]),
  );
  return {
    done: times.length,
    seconds,
    perSecond: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failures,
    cpuPerDone,
  };
}

/* 3. Licence checks -------------------------------------------------------------------------------- */

interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuPerRequestUs: number;
}

async function round(url: string, body: string, pid: number): Promise<Round> {
  const before = cpuSeconds(pid);
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
    headers: { 'content-type': 'application/json' },
    body,
  });
  const cpu = cpuSeconds(pid) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuPerRequestUs: (cpu / Math.max(1, result.requests.total)) * 1e6,
  };
}

const meanRound = (rounds: Round[]): Round => ({
  rps: mean(rounds.map((r) => r.rps)),
  p50: mean(rounds.map((r) => r.p50)),
  p99: mean(rounds.map((r) => r.p99)),
  non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  cpuPerRequestUs: mean(rounds.map((r) => r.cpuPerRequestUs)),
});
const roundCell = (r: Round) =>
  `${fixed(r.rps, 0)} req/s, p50 ${fixed(r.p50, 2)} ms, p99 ${fixed(r.p99, 2)} ms, ${fixed(r.cpuPerRequestUs, 0)} µs CPU`;

/* The run ------------------------------------------------------------------------------------------ */

const database = await createDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-sub-'));
const children: Child[] = [];
const closers: (() => Promise<void>)[] = [];
try {
  const sandbox = await startSandbox();
  children.push(sandbox.child);
  const store = await startStore(database.url, dataDir, sandbox.base);
  children.push(store.child);
  const admin = (await ok(`${store.base}/api/auth/login`, 'POST', { username: 'admin', password: ADMIN_PASSWORD })).access_token as string;
  const staff = { authorization: `Bearer ${admin}` };

  // The store's webhook, registered at the sandbox as an operator registers it at PayPal.
  const paypal = { authorization: `Bearer ${await sandboxToken(sandbox.base)}` };
  const webhook = await ok(
    `${sandbox.base}/v1/notifications/webhooks`,
    'POST',
    { url: `${store.base}/api/paypal/webhook`, event_types: [{ name: '*' }] },
    paypal,
  );
  await ok(
    `${store.base}/api/admin/settings`,
    'PUT',
    {
      paypal_client_id: SANDBOX_CREDENTIALS.clientId,
      paypal_client_secret: SANDBOX_CREDENTIALS.clientSecret,
      paypal_webhook_id: webhook.id,
    },
    staff,
  );

  const productIds: string[] = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const product = await ok(
      `${store.base}/api/admin/products`,
      'POST',
      {
        title: `Bench Writer ${i + 1}`,
        price: 9.99 + i,
        product_type: 'subscription',
        billing_interval: 'month',
        description: 'A subscription for the benchmark.',
        detailed_description: 'Billed monthly.',
        images: [],
        features: [],
        stock_quantity: 100_000,
        key_mode: 'generated',
      },
      staff,
    );
    productIds.push(product.id as string);
  }
  const shoppers: Shopper[] = [];
  for (let i = 0; i < CONCURRENCY; i += 1) {
    const name = `bench${i}${randomBytes(3).toString('hex')}`;
    const address = `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const registered = await ok(
      `${store.base}/api/auth/register`,
      'POST',
      { username: name, email: `${name}@example.com`, password: 'bench-password-1' },
      { 'x-forwarded-for': address },
    );
    shoppers.push({ token: registered.access_token as string, address });
  }

  // 1. Subscribe, then the ceiling with the plans the store made.
  const keys: string[] = [];
  const subscribed = await measure(shoppers, PRODUCTS, { api: store.child.pid, sandbox: sandbox.child.pid }, async (shopper, step) =>
    keys.push(await subscribeOnce(store.base, sandbox.base, shopper, productIds[step]!)),
  );
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  closers.push(() => db.end());
  const plans = (await db.query<{ paypal_plan_id: string }>('SELECT paypal_plan_id FROM paypal_plans ORDER BY created_at')).rows.map(
    (row) => row.paypal_plan_id,
  );
  const ceilingIds: string[] = [];
  const ceilingSubscribe = await measure(shoppers, PRODUCTS, { sandbox: sandbox.child.pid }, async (_shopper, step) => {
    const created = await ok(
      `${sandbox.base}/v1/billing/subscriptions`,
      'POST',
      {
        plan_id: plans[step % plans.length],
        custom_id: randomBytes(8).toString('hex'),
        application_context: {
          brand_name: 'Bench',
          user_action: 'SUBSCRIBE_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: `${store.base}/r`,
          cancel_url: `${store.base}/c`,
        },
      },
      { ...paypal, 'paypal-request-id': randomBytes(12).toString('hex') },
    );
    await approveAtSandbox(sandbox.base, created.id as string);
    const shown = await ok(`${sandbox.base}/v1/billing/subscriptions/${created.id as string}`, 'GET', undefined, paypal);
    if (shown.status !== 'ACTIVE') throw new Error(`sandbox subscription ${created.id as string} is ${String(shown.status)}`);
    ceilingIds.push(created.id as string);
  });
  // The ceiling's subscriptions are cancelled, so the month below bills the store's alone.
  for (const id of ceilingIds)
    await ok(`${sandbox.base}/v1/billing/subscriptions/${id}/cancel`, 'POST', { reason: 'benchmark ceiling' }, paypal);

  // 2. Renewals: a month on at the sandbox; every store subscription renews by webhook.
  const paymentsNow = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM subscription_payments')).rows[0]!.n);
  // The first payments' webhooks are settled first (they may come after the return page activated the subscription).
  const settleBy = performance.now() + 120_000;
  while ((await paymentsNow()) < keys.length && performance.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 50));
  const paidBefore = await paymentsNow();
  if (paidBefore !== keys.length) throw new Error(`${paidBefore} first payments recorded for ${keys.length} subscriptions`);
  const cpuBefore = { api: cpuSeconds(store.child.pid), sandbox: cpuSeconds(sandbox.child.pid) };
  const renewStarted = performance.now();
  const advanced = await ok(`${sandbox.base}/v1/test-clock/advance`, 'POST', { days: 32 }, paypal);
  let renewed = 0;
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    renewed = (await paymentsNow()) - paidBefore;
    if (renewed >= keys.length) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const renewSeconds = (performance.now() - renewStarted) / 1000;
  const renewCpu = {
    api: ((cpuSeconds(store.child.pid) - cpuBefore.api) / Math.max(1, renewed)) * 1000,
    sandbox: ((cpuSeconds(sandbox.child.pid) - cpuBefore.sandbox) / Math.max(1, renewed)) * 1000,
  };
  const deliveries = advanced.deliveries as { event_type: string; status: number | string }[];
  const saleDeliveries = deliveries.filter((delivery) => delivery.event_type === 'PAYMENT.SALE.COMPLETED').length;
  const stillActive = Number(
    (
      await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM subscriptions WHERE status = 'active' AND current_period_end > now() + interval '20 days'",
      )
    ).rows[0]!.n,
  );

  // The renewals' ceiling: the next month's cycles with the webhook pointed at bare Fastify.
  const bare = await bareWebhookReceiver();
  closers.push(bare.close);
  await ok(
    `${sandbox.base}/v1/notifications/webhooks/${webhook.id as string}`,
    'PATCH',
    [{ op: 'replace', path: '/url', value: bare.url }],
    paypal,
  ).catch(async () => {
    await ok(`${sandbox.base}/v1/notifications/webhooks/${webhook.id as string}`, 'DELETE', undefined, paypal);
    await ok(`${sandbox.base}/v1/notifications/webhooks`, 'POST', { url: bare.url, event_types: [{ name: '*' }] }, paypal);
  });
  const bareStarted = performance.now();
  const bareCpu = cpuSeconds(sandbox.child.pid);
  await ok(`${sandbox.base}/v1/test-clock/advance`, 'POST', { days: 31 }, paypal);
  while (bare.received() < keys.length && performance.now() < bareStarted + 300_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  const bareSales = bare.received();
  const bareSandboxCpu = ((cpuSeconds(sandbox.child.pid) - bareCpu) / Math.max(1, bareSales)) * 1000;

  // 3. Licence checks of one subscription key, beside bare Fastify answering the same bytes.
  if (keys.length === 0) throw new Error('no subscription became active: nothing to renew or check');
  const body = JSON.stringify({ key: keys[0] });
  const validateUrl = `${store.base}/api/licenses/validate`;
  const recordedAnswer = await call(validateUrl, 'POST', { key: keys[0] });
  if (recordedAnswer.status !== 200) throw new Error(`validate: ${recordedAnswer.status} ${recordedAnswer.raw.toString('utf8')}`);
  const keep = ['content-type', 'cache-control'];
  const answersFile = path.join(dataDir, 'answers.json');
  await writeFile(
    answersFile,
    JSON.stringify({
      'POST /api/licenses/validate': {
        headers: Object.fromEntries(
          keep.filter((name) => recordedAnswer.headers[name]).map((name) => [name, String(recordedAnswer.headers[name])]),
        ),
        body: recordedAnswer.raw.toString('base64'),
      },
    }),
  );
  let barePort!: (value: number) => void;
  const bareListening = new Promise<number>((resolve) => (barePort = resolve));
  const bareServer = startChild(
    'bare Fastify',
    ['bench/bare-server.ts', answersFile],
    process.env,
    portFromLine((port) => barePort(port)),
  );
  children.push(bareServer);
  const bareUrl = `http://127.0.0.1:${await bareListening}/api/licenses/validate`;
  const storeRounds: Round[] = [];
  const bareRounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    storeRounds.push(await round(validateUrl, body, store.child.pid));
    bareRounds.push(await round(bareUrl, body, bareServer.pid));
  }
  const storeCheck = meanRound(storeRounds);
  const bareCheck = meanRound(bareRounds);

  /* The table ---------------------------------------------------------------------------------------- */
  const cpuCell = (cpu: Record<string, number>) =>
    Object.entries(cpu)
      .map(([name, ms]) => `${name} ${fixed(ms, 1)} ms`)
      .join(', ');
  const lines = [
    `Subscriptions, PostgreSQL, ${os.cpus().length} cores, load average before ${os.loadavg()[0]!.toFixed(2)}; ${CONCURRENCY} shoppers × ${PRODUCTS} products`,
    '',
    '| path | the store | ceiling | ratio | failures | CPU per one (store run) |',
    '|---|---|---|---|---|---|',
    `| subscribe (create, Approve, return), ${CONCURRENCY} shoppers | ${fixed(subscribed.perSecond)} /s, p50 ${fixed(subscribed.p50, 0)} ms, p95 ${fixed(subscribed.p95, 0)} ms (${subscribed.done} in ${fixed(subscribed.seconds)} s) | ${fixed(ceilingSubscribe.perSecond)} /s, p50 ${fixed(ceilingSubscribe.p50, 0)} ms, p95 ${fixed(ceilingSubscribe.p95, 0)} ms: the sandbox alone | **${fixed((subscribed.perSecond / ceilingSubscribe.perSecond) * 100)}%** | ${subscribed.failures} / ${ceilingSubscribe.failures} | ${cpuCell(subscribed.cpuPerDone)} |`,
    `| renewals by webhook (a month of ${keys.length} subscriptions at once) | ${fixed(renewed / renewSeconds)} /s (${renewed} in ${fixed(renewSeconds)} s; ${stillActive} active into the next month) | ${fixed(bareSales / bareSeconds)} /s (${bareSales} in ${fixed(bareSeconds)} s): the sandbox to bare Fastify | **${fixed((renewed / renewSeconds / (bareSales / bareSeconds)) * 100)}%** | ${keys.length - renewed} not renewed | ${cpuCell(renewCpu)}; ceiling: sandbox ${fixed(bareSandboxCpu, 1)} ms |`,
    `| \`POST /api/licenses/validate\` (a subscription's key), ${CONNECTIONS} connections | ${roundCell(storeCheck)} | ${roundCell(bareCheck)}: bare Fastify, same bytes | **${fixed((storeCheck.rps / bareCheck.rps) * 100)}%** | non-2xx ${storeCheck.non2xx} / ${bareCheck.non2xx} | |`,
    '',
    `(The sandbox sent ${saleDeliveries} PAYMENT.SALE.COMPLETED webhooks in the store's month.)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const close of closers.reverse()) await close().catch(() => {});
  for (const child of children.reverse()) await child.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
