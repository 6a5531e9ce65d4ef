/**
 * `pnpm --filter @store/api bench:haproxy`: what a load balancer in front of two instances gives on this
 * machine, and what the metrics cost, in one run on one fresh PostgreSQL database:
 * (a) the catalogue list (`GET /api/products?limit=50`, 10,000 products, autocannon at 50 connections) and
 * (b) complete purchases (concurrent buyers, each: create the order, start the PayPal payment, approve in the
 *     payment sandbox, capture, as bench/orders-throughput.ts does), each against one instance directly and
 *     through HAProxy (test/helpers/haproxy.ts, the rolling-restart test's configuration) with two instances;
 * (c) the catalogue list on one instance with metrics on (the default) and on one with METRICS_ENABLED=false.
 * Each pair alternates rounds (BENCH_ROUNDS, default 2, of BENCH_ROUND_SECONDS, default 8; purchases
 * BENCH_PURCHASE_SECONDS, default the same; BENCH_BUYERS, default 20) after a short warm-up of each side.
 * The store is the build (`node dist/server.js`, NODE_ENV=production, LOG_LEVEL=warn: `pnpm build` first;
 * the root `pnpm bench` builds). Every process runs on this machine: two instances do not get twice the
 * cores, they share the same ones with HAProxy, PostgreSQL, the sandbox and the load generator (this
 * process). CPU per request is read from /proc: the API processes plus HAProxy, and PostgreSQL's backends.
 * After the run, the database is checked: every paid purchase completed once, one key each, none sold twice.
 *
 * BENCH_PG_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * database is created and dropped by the run. Linux only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox/credentials';
import autocannon from 'autocannon';
import pg from 'pg';
import { SETTINGS_TTL_MS } from '../src/settings/settings-repository.ts';
import { startHaproxy } from '../test/helpers/haproxy.ts';
import { addressOf, buyerClient, purchaseOnce } from './buyer-client.ts';
import { startChild, type Child } from './processes.ts';
import {
  ACCEPT,
  CONNECTIONS,
  ROUNDS,
  ROUND_SECONDS,
  addProducts,
  alternate,
  cpuSeconds,
  createDatabase,
  fmt,
  postgresBackendsCpu,
  startStore,
  type Round,
} from './store-harness.ts';

const LIST = '/api/products?limit=50';
const PRODUCTS = 10_000;
const KEYS = 10_000;
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);
const PURCHASE_SECONDS = Number(process.env.BENCH_PURCHASE_SECONDS ?? ROUND_SECONDS);
const WARM_UP_SECONDS = 2;
const ADMIN = { username: 'admin', password: 'bench-admin-password' };

/* Purchases -------------------------------------------------------------------------------------------- */

/** The buyers' connections, kept alive and reused as a browser's. */
const client = buyerClient(BUYERS * 2);
const { json } = client;

let purchaseNumber = 0;
let purchasesPaid = 0;

/** One purchase end to end through `base`, from an address of its own (the store trusts its proxy). */
async function purchase(base: string, sandboxUrl: string, productId: string): Promise<void> {
  purchaseNumber += 1;
  const n = purchaseNumber;
  await purchaseOnce(client, { base, sandboxUrl, productId, email: `haproxy-${n}@example.com`, headers: addressOf(n) });
  purchasesPaid += 1;
}

/* Measuring ------------------------------------------------------------------------------------------------ */

/**
 * Where a round sends its load: an instance, or HAProxy with the instances behind it. `pids` are the processes
 * serving it (their CPU per request is the row's); HAProxy's own share is summed apart, over its rounds.
 */
interface Side {
  url: string;
  pids: number[];
  proxy?: { pid: number; seconds: number; count: number };
}

const sumCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** CPU seconds the processes alive at the second reading spent since the first (as store-harness counts PostgreSQL's backends). */
function spent(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

type Load = Omit<Round, 'cpuPerRequestUs' | 'databaseCpuPerRequestUs'> & { count: number };

/** Runs `load` against a side and answers its CPU per unit of work (request or purchase), PostgreSQL's apart. */
async function measured(side: Side, databaseCpu: () => Map<number, number>, load: () => Promise<Load>): Promise<Round> {
  const cpuBefore = sumCpu(side.pids);
  const proxyBefore = side.proxy ? cpuSeconds(side.proxy.pid) : 0;
  const databaseBefore = databaseCpu();
  const { count, ...round } = await load();
  const units = Math.max(1, count);
  if (side.proxy) {
    side.proxy.seconds += cpuSeconds(side.proxy.pid) - proxyBefore;
    side.proxy.count += units;
  }
  return {
    ...round,
    cpuPerRequestUs: ((sumCpu(side.pids) - cpuBefore) / units) * 1e6,
    databaseCpuPerRequestUs: (spent(databaseBefore, databaseCpu()) / units) * 1e6,
  };
}

/** An autocannon round of `GET LIST` (50 connections). */
function catalogueRound(side: Side, seconds: number, databaseCpu: () => Map<number, number>): Promise<Round> {
  return measured(side, databaseCpu, async () => {
    const result = await autocannon({ url: `${side.url}${LIST}`, connections: CONNECTIONS, duration: seconds, headers: ACCEPT });
    return {
      count: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  });
}

/** BUYERS buyers for `seconds`: purchases per second, latency of a whole purchase (p50, and p95 in `p99`'s place), failures. */
function purchaseRound(
  side: Side,
  sandboxUrl: string,
  productId: string,
  seconds: number,
  databaseCpu: () => Map<number, number>,
): Promise<Round> {
  return measured(side, databaseCpu, async () => {
    const latencies: number[] = [];
    let failures = 0;
    const began = performance.now();
    const deadline = began + seconds * 1000;
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          try {
            await purchase(side.url, sandboxUrl, productId);
            latencies.push(performance.now() - started);
          } catch (error) {
            failures += 1;
            if (failures <= 3) console.error(error);
          }
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { count: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.95), non2xx: failures, errors: 0 };
  });
}

/* The table -------------------------------------------------------------------------------------------- */

const catalogueCell = (r: Round) =>
  `${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms; CPU ${fmt(r.cpuPerRequestUs)} µs + PostgreSQL ${fmt(r.databaseCpuPerRequestUs ?? 0)} µs`;
const purchaseCell = (r: Round) =>
  `${fmt(r.rps, 1)} /s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p99)} ms; CPU ${fmt(r.cpuPerRequestUs / 1000, 1)} ms + PostgreSQL ${fmt((r.databaseCpuPerRequestUs ?? 0) / 1000, 1)} ms`;
const failuresOf = (r: Round) => r.non2xx + r.errors;

function row(label: string, left: Round, right: Round, cell: (r: Round) => string): string {
  const line = `| ${label} | ${cell(left)} | ${cell(right)} | **${fmt(right.rps / left.rps, 2)}×** | ${failuresOf(left)} / ${failuresOf(right)} |`;
  process.stdout.write(`${line}\n`);
  return line;
}

/* The run ---------------------------------------------------------------------------------------------- */

const work = await mkdtemp(path.join(os.tmpdir(), 'store-bench-haproxy-'));
const database = await createDatabase();
const children: Child[] = [];
let closeHaproxy: () => Promise<void> = async () => {};
const lines: string[] = [];
let checks = '';
let ok = true;
try {
  const sandboxEntry = fileURLToPath(import.meta.resolve('@store/payment-sandbox/cli'));
  let sandboxUrl = '';
  const sandbox = startChild('the payment sandbox', [sandboxEntry], process.env, (line) => {
    if (line.startsWith('{"url"')) sandboxUrl = (JSON.parse(line) as { url: string }).url;
  });
  children.push(sandbox);
  // Both instances as deployed behind a proxy: buyers' addresses in X-Forwarded-For, limits out of the way.
  const storeEnv = {
    PAYPAL_API_URL: '',
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_ORDERS_PER_BUYER: '1000000',
    UNPAID_ORDERS_PER_ADDRESS: '1000000',
  };
  while (sandboxUrl === '') {
    if (sandbox.exited()) throw new Error(`the payment sandbox exited:\n${sandbox.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  storeEnv.PAYPAL_API_URL = sandboxUrl;

  // The first migrates the database and creates the admin account; the others start on it.
  const a = await startStore(database.url, path.join(work, 'a'), storeEnv);
  children.push(a.child);
  await addProducts(database.url, 1, PRODUCTS);
  const [b, noMetrics] = await Promise.all([
    startStore(database.url, path.join(work, 'b'), storeEnv),
    startStore(database.url, path.join(work, 'c'), { ...storeEnv, METRICS_ENABLED: 'false' }),
  ]);
  children.push(b.child, noMetrics.child);
  const port = (base: string) => Number(new URL(base).port);
  const haproxy = await startHaproxy([
    { name: 'a', port: port(a.base) },
    { name: 'b', port: port(b.base) },
  ]);
  closeHaproxy = haproxy.close;
  while (!(await haproxy.servers()).every((server) => server.status === 'UP')) await new Promise((resolve) => setTimeout(resolve, 100));

  const login = await json(`${a.base}/api/auth/login`, 'POST', ADMIN);
  const admin = { authorization: `Bearer ${login.access_token as string}` };
  await json(
    `${a.base}/api/admin/settings`,
    'PUT',
    { paypal_client_id: SANDBOX_CREDENTIALS.clientId, paypal_client_secret: SANDBOX_CREDENTIALS.clientSecret },
    admin,
  );
  const product = await json(
    `${a.base}/api/admin/products`,
    'POST',
    { title: 'HAProxy Bench Licence', price: 24.99, description: 'Load test product', detailed_description: 'Load test product.' },
    admin,
  );
  const productId = product.id as string;
  for (let start = 0; start < KEYS; start += 5000) {
    const keys = Array.from({ length: 5000 }, (_, i) => `HAPROXY-${start + i}-${randomBytes(4).toString('hex')}`).join('\n');
    await json(`${a.base}/api/admin/products/${productId}/keys`, 'POST', { keys }, admin);
  }
  // The other instances read the PayPal settings through a cache of their own.
  await new Promise((resolve) => setTimeout(resolve, SETTINGS_TTL_MS + 500));

  const databaseCpu = postgresBackendsCpu(database.name);
  const direct = (): Side => ({ url: a.base, pids: [a.child.pid] });
  const balanced = (): Side => ({
    url: haproxy.url,
    pids: [a.child.pid, b.child.pid, haproxy.pid],
    proxy: { pid: haproxy.pid, seconds: 0, count: 0 },
  });
  const withoutMetrics: Side = { url: noMetrics.base, pids: [noMetrics.child.pid] };

  // Warm-up of every side (JIT, pools, the PayPal token), not counted.
  for (const side of [direct(), balanced(), withoutMetrics]) await catalogueRound(side, WARM_UP_SECONDS, databaseCpu);
  for (const side of [direct(), balanced()]) await purchaseRound(side, sandboxUrl, productId, WARM_UP_SECONDS, databaseCpu);

  const [listOne, listTwo] = [direct(), balanced()] as const;
  const [listDirect, listBalanced] = (await alternate([
    () => catalogueRound(listOne, ROUND_SECONDS, databaseCpu),
    () => catalogueRound(listTwo, ROUND_SECONDS, databaseCpu),
  ])) as [Round, Round];
  const [buyOne, buyTwo] = [direct(), balanced()] as const;
  const [buyDirect, buyBalanced] = (await alternate([
    () => purchaseRound(buyOne, sandboxUrl, productId, PURCHASE_SECONDS, databaseCpu),
    () => purchaseRound(buyTwo, sandboxUrl, productId, PURCHASE_SECONDS, databaseCpu),
  ])) as [Round, Round];
  const withMetrics = direct();
  const [metricsOff, metricsOn] = (await alternate([
    () => catalogueRound(withoutMetrics, ROUND_SECONDS, databaseCpu),
    () => catalogueRound(withMetrics, ROUND_SECONDS, databaseCpu),
  ])) as [Round, Round];

  const servers = await haproxy.servers();
  const proxyShare = (side: Side, unit: 'µs' | 'ms') => {
    const perUnit = side.proxy ? (side.proxy.seconds / Math.max(1, side.proxy.count)) * (unit === 'µs' ? 1e6 : 1e3) : 0;
    return `${fmt(perUnit, unit === 'µs' ? 0 : 2)} ${unit}`;
  };
  lines.push(
    '| measurement | one instance, direct | two instances behind HAProxy | two ÷ one | failures (one / two) |',
    '|---|---|---|---|---|',
    row(`\`GET ${LIST}\` (${fmt(PRODUCTS)} products), ${CONNECTIONS} connections`, listDirect, listBalanced, catalogueCell),
    row(`purchases (4 calls + sandbox approval), ${BUYERS} buyers`, buyDirect, buyBalanced, purchaseCell),
    '',
    `Of the CPU behind HAProxy, HAProxy's own: ${proxyShare(listTwo, 'µs')} per catalogue request, ${proxyShare(buyTwo, 'ms')} per purchase. ` +
      `It sent ${fmt(servers.reduce((sum, server) => sum + server.sessions, 0))} requests to the instances over ` +
      `${fmt(servers.reduce((sum, server) => sum + server.connectionsOpened, 0))} connections it opened (${fmt(servers.reduce((sum, server) => sum + server.connectionsReused, 0))} requests on a connection reused).`,
    '',
    '| measurement | `METRICS_ENABLED=false` | metrics on (default) | on ÷ off | failures (off / on) |',
    '|---|---|---|---|---|',
    row(`\`GET ${LIST}\`, one instance, ${CONNECTIONS} connections`, metricsOff, metricsOn, catalogueCell),
  );

  // Nothing oversold, nothing sold twice, every paid purchase completed once.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ completed: string; keys: string; distinct_lines: string; pending_captured: string }>(
    `SELECT (SELECT count(*) FROM orders WHERE status = 'completed') AS completed,
            (SELECT count(*) FROM license_keys WHERE order_item_id IS NOT NULL) AS keys,
            (SELECT count(DISTINCT order_item_id) FROM license_keys WHERE order_item_id IS NOT NULL) AS distinct_lines,
            (SELECT count(*) FROM orders WHERE status = 'pending' AND (paid_at IS NOT NULL OR payment_settled_at IS NOT NULL)) AS pending_captured`,
  );
  await client.end();
  const found = rows[0]!;
  ok =
    Number(found.completed) === purchasesPaid &&
    Number(found.keys) === purchasesPaid &&
    Number(found.distinct_lines) === purchasesPaid &&
    Number(found.pending_captured) === 0;
  checks =
    `checks: ${purchasesPaid} purchases paid (warm-ups included), ${found.completed} orders completed, ${found.keys} keys sold on ${found.distinct_lines} lines, ` +
    `${found.pending_captured} captured orders left pending: ${ok ? 'consistent' : 'INCONSISTENT'}`;
} finally {
  client.close();
  await closeHaproxy();
  for (const child of children.reverse()) await child.stop();
  await database.drop();
  await rm(work, { recursive: true, force: true });
}

const cpus = os.cpus();
process.stdout.write(
  [
    '',
    `command: BENCH_ROUNDS=${ROUNDS} BENCH_ROUND_SECONDS=${ROUND_SECONDS} BENCH_PURCHASE_SECONDS=${PURCHASE_SECONDS} BENCH_BUYERS=${BUYERS} pnpm --filter @store/api bench:haproxy`,
    `${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}; ${ROUNDS} alternating rounds of each pair; ` +
      'every process on this one machine (the instances, HAProxy 2.6, PostgreSQL, the payment sandbox, autocannon and the buyers): ' +
      "two instances share its cores, they do not add any. CPU: the API processes (and HAProxy, behind it) per request or purchase, then PostgreSQL's backends.",
    '',
    ...lines,
    '',
    checks,
    '',
  ].join('\n'),
);
if (!ok) process.exitCode = 1;
