/**
 * `pnpm bench`: the store under concurrent load beside its ceiling, in one run on one machine.
 *
 * Starts the built store (`node dist/server.js`, as `pnpm start` does, NODE_ENV=production, LOG_LEVEL=warn)
 * on a fresh PostgreSQL database, fills it with 10,000 products in one SQL batch, records the store's
 * answers to the measured requests (brotli, as browsers ask) and starts bare Fastify answering those same
 * bytes (bench/bare-server.ts). Then, for each request, rounds of autocannon alternate between the two
 * (BENCH_ROUNDS, default 2, of BENCH_ROUND_SECONDS, default 8, at 50 connections); the table gives the
 * mean of the rounds, and the CPU time each server spent per request (read from /proc: it moves little
 * with other work on the machine). The catalogue then grows to 100,000 products and the same is measured,
 * with the search at one client (its median latency) and at 50 connections against a store instance
 * whose catalogue cache is off, for what a request that misses the cache costs.
 * Then the first load of the shop's home page and of the admin's sign-in in headless Chromium
 * (apps/storefront/bench/first-load.mjs against this store; BENCH_SKIP_FIRST_LOAD=1 leaves it out).
 * Last, the purchase benchmark (bench/orders-throughput.ts) runs with the payment sandbox in a process of
 * its own, on one and then on two API instances (BENCH_SKIP_ORDERS=1 leaves it out).
 *
 * Usage: pnpm bench (from the root: builds the API first). BENCH_PG_URL names the PostgreSQL server
 * (default postgres://postgres@127.0.0.1:5432/postgres); the database is created and dropped by the run.
 * Linux only: it reads /proc.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CATEGORIES, PRODUCT_TYPES } from '@store/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiRoot, freePort, portFromLine, startChild, waitForHealth, type Child } from './processes.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
const CONNECTIONS = 50;
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/* The store and its database ------------------------------------------------------------------------ */

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `store_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function startStore(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startChild('the store', ['dist/server.js'], {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
    ADMIN_PASSWORD: 'bench-admin-password',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  });
  await waitForHealth(child, `${base}/api/health`, 'the store');
  return { child, base };
}

/**
 * Products in one INSERT ... SELECT: titles from a few product words (one in ten says "Pro"), descriptions
 * that often say "professional" or "productivity" (so "pro" matches most of the catalogue, the hard case
 * for a search), a long description of about 600 bytes, and a creation time a second apart.
 */
async function addProducts(databaseUrl: string, from: number, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const names = ['Pixel', 'Vector', 'Nimbus', 'Quartz', 'Aurora', 'Cobalt', 'Ember', 'Harbor', 'Lumen', 'Orbit', 'Summit', 'Tidal'];
  const kinds = ['Studio', 'Pro', 'Suite', 'Toolkit', 'Bundle', 'Academy', 'Lite', 'Cloud', 'Vision', 'Flow'];
  const pitches = [
    'for professional designers who ship every week',
    'that keeps your productivity high across every project',
    'with templates for teams of any size',
    'built for professional editing and fast exports',
    'a course that takes you from basics to advanced work',
    'the plugin your workflow was missing',
  ];
  await client.query(
    `INSERT INTO products (title, description, detailed_description, price_cents, category, product_type, images, features,
                           system_requirements, stock_quantity, created_at)
     SELECT ($1::text[])[1 + n % 12] || ' ' || ($2::text[])[1 + (n / 12) % 10] || ' ' || n,
            'A digital product ' || ($3::text[])[1 + n % 6] || '.',
            repeat('Everything you need to know about this product, its licence and its updates. ', 8),
            99 + (n * 37) % 40000,
            ($4::text[])[1 + n % $6],
            ($5::text[])[1 + n % $7],
            jsonb_build_array('/uploads/generated-' || (n % 14) || '.jpg'),
            '["Instant delivery", "Lifetime updates", "Priority support"]'::jsonb,
            '{"OS": "Windows 10+, macOS 12+", "RAM": "8 GB"}'::jsonb,
            n % 100,
            now() - make_interval(secs => n)
     FROM generate_series($8::int, $9::int) AS n`,
    [
      names,
      kinds,
      pitches,
      CATEGORIES.map((category) => category.value),
      PRODUCT_TYPES.map((type) => type.value),
      CATEGORIES.length,
      PRODUCT_TYPES.length,
      from,
      from + count - 1,
    ],
  );
  await client.query('ANALYZE products');
  await client.end();
}

/* Measuring ----------------------------------------------------------------------------------------- */

/** CPU time (user + system) a process has used, in seconds, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuPerRequestUs: number;
}

/**
 * One client, one request at a time over a kept-alive connection, timed with performance.now(): autocannon
 * reports whole milliseconds, too coarse for an answer that takes a fraction of one.
 */
async function oneClient(url: string, pid: number, seconds: number): Promise<Round> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let non2xx = 0;
  const before = cpuSeconds(pid);
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent, headers: ACCEPT }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
    if (status < 200 || status > 299) non2xx += 1;
  }
  const cpu = cpuSeconds(pid) - before;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { rps: times.length / seconds, p50: at(0.5), p99: at(0.99), non2xx, errors: 0, cpuPerRequestUs: (cpu / times.length) * 1e6 };
}

async function round(url: string, pid: number, connections: number, seconds: number): Promise<Round> {
  if (connections === 1) return oneClient(url, pid, seconds);
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers: ACCEPT });
  const cpu = cpuSeconds(pid) - before;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPerRequestUs: (cpu / Math.max(1, result.requests.total)) * 1e6,
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function meanRound(rounds: Round[]): Round {
  return {
    rps: mean(rounds.map((r) => r.rps)),
    p50: mean(rounds.map((r) => r.p50)),
    p99: mean(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    cpuPerRequestUs: mean(rounds.map((r) => r.cpuPerRequestUs)),
  };
}

interface Side {
  base: string;
  pid: number;
}

const rows: string[] = [];
const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Alternating rounds, store then ceiling, and one row of the table. */
async function compare(label: string, pathAndQuery: string, store: Side, ceiling: Side, connections = CONNECTIONS): Promise<void> {
  const storeRounds: Round[] = [];
  const ceilingRounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    storeRounds.push(await round(`${store.base}${pathAndQuery}`, store.pid, connections, ROUND_SECONDS));
    ceilingRounds.push(await round(`${ceiling.base}${pathAndQuery}`, ceiling.pid, connections, ROUND_SECONDS));
  }
  const s = meanRound(storeRounds);
  const c = meanRound(ceilingRounds);
  const size = (await fetch(`${store.base}${pathAndQuery}`, { headers: ACCEPT })).headers.get('content-length');
  rows.push(
    `| ${label} | ${connections} | ${fmt(s.rps)} req/s, p50 ${fmt(s.p50, 2)} ms, p99 ${fmt(s.p99, 2)} ms, ${fmt(s.cpuPerRequestUs)} µs CPU | ` +
      `${fmt(c.rps)} req/s, p50 ${fmt(c.p50, 2)} ms, p99 ${fmt(c.p99, 2)} ms, ${fmt(c.cpuPerRequestUs)} µs CPU | ` +
      `**${fmt((s.rps / c.rps) * 100, 1)}%** | ${s.non2xx + s.errors} | ${size ?? '?'} B |`,
  );
  process.stdout.write(`${rows.at(-1)}\n`);
}

/** The store's answers to the measured requests, recorded as sent (still compressed) for the ceiling to send byte for byte. */
async function record(base: string, paths: string[], file: string): Promise<void> {
  const recorded: Record<string, { headers: Record<string, string>; body: string }> = {};
  for (const pathAndQuery of paths) {
    const { status, headers, body } = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(`${base}${pathAndQuery}`, { headers: ACCEPT }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      },
    );
    if (status !== 200) throw new Error(`${pathAndQuery} answered ${status}`);
    const kept: Record<string, string> = {};
    for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) {
      const value = headers[name];
      if (typeof value === 'string') kept[name] = value;
    }
    recorded[pathAndQuery] = { headers: kept, body: body.toString('base64') };
  }
  await writeFile(file, JSON.stringify(recorded));
}

async function startCeiling(file: string): Promise<{ child: Child; base: string }> {
  let port: (value: number) => void = () => {};
  const listening = new Promise<number>((resolve) => (port = resolve));
  const child = startChild(
    'bare Fastify',
    ['bench/bare-server.ts', file],
    process.env,
    portFromLine((value) => port(value)),
  );
  const base = `http://127.0.0.1:${await listening}`;
  return { child, base };
}

/* First load ------------------------------------------------------------------------------------- */

const firstLoadRows: string[] = [];
const storefrontRoot = path.join(apiRoot, '..', 'storefront');

/** The storefront's first-load benchmark (headless Chromium) on one page of the running store: its lines, passed through. */
function firstLoad(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/first-load.mjs'], {
      cwd: storefrontRoot,
      env: { ...process.env, BENCH_URL: url, BENCH_RUNS: process.env.BENCH_FIRST_LOAD_RUNS ?? '5' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`the first-load benchmark exited with ${code}`))));
  });
}

/** One row per page: JavaScript and CSS of the first load beside the budget, LCP and CLS at both widths. */
async function firstLoads(base: string): Promise<void> {
  for (const [page, address, budgetKb] of [
    ['storefront `/`', '/', 110],
    ['admin `/admin/` (sign-in)', '/admin/', 100],
  ] as const) {
    const output = await firstLoad(`${base}${address}`);
    const js = /JS\s+(\d+) files: ([\d.]+) kB gzip/.exec(output);
    const css = /CSS (\d+) files: ([\d.]+) kB gzip/.exec(output);
    const lcp = [...output.matchAll(/LCP median (\d+) ms/g)].map((match) => match[1]);
    const cls = [...output.matchAll(/CLS median ([\d.]+)/g)].map((match) => match[1]);
    if (!js || !css) throw new Error(`the first-load benchmark printed no sizes for ${address}`);
    firstLoadRows.push(
      `| ${page} | ${js[1]} files, ${js[2]} kB | ${budgetKb} kB | **${Number(js[2]) <= budgetKb ? 'within' : 'over'}** | ${css[2]} kB | ${lcp.join(' / ')} ms | ${cls.join(' / ')} |`,
    );
  }
}

/* Purchases ---------------------------------------------------------------------------------------- */

const ORDERS_SECONDS = process.env.BENCH_ORDERS_SECONDS ?? '20';
const orderRows: string[] = [];

interface OrdersSummary {
  orders: number;
  per_second: number;
  p50_ms: number;
  p95_ms: number;
  failures: number;
  checks_ok?: boolean;
  cpu_seconds?: Record<string, number>;
  seconds: number;
}

/** Runs bench/orders-throughput.ts to its end, its report passed through, and answers its closing JSON line. */
function runOrders(env: Record<string, string>): Promise<OrdersSummary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'bench/orders-throughput.ts'], {
      cwd: apiRoot,
      env: { ...process.env, BENCH_SECONDS: ORDERS_SECONDS, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`the orders benchmark exited with ${code}`));
      else resolve(JSON.parse(last) as OrdersSummary);
    });
  });
}

/**
 * Purchases created and paid end to end at 20 buyers, the sandbox in its own process: its ceiling (the
 * same PayPal calls with no store between), then one API instance and two on one fresh database each.
 */
async function purchases(): Promise<void> {
  const ceiling = await runOrders({ BENCH_CEILING: '1' });
  const cell = (run: OrdersSummary) => `${fmt(run.per_second, 1)} /s, p50 ${fmt(run.p50_ms)} ms, p95 ${fmt(run.p95_ms)} ms`;
  for (const instances of [1, 2]) {
    const db = await createDatabase();
    try {
      const run = await runOrders({ BENCH_DATABASE_URL: db.url, BENCH_INSTANCES: String(instances) });
      const apiCpuMs = ((run.cpu_seconds?.api ?? 0) / Math.max(1, run.orders)) * 1000;
      orderRows.push(
        `| purchases, ${instances} API instance${instances > 1 ? 's' : ''}, 20 buyers | ${cell(run)}, ${fmt(apiCpuMs, 1)} ms API CPU per purchase | ` +
          `${cell(ceiling)} | **${fmt((run.per_second / ceiling.per_second) * 100, 1)}%** | ${run.failures} | ${run.checks_ok ? 'yes' : '**NO**'} |`,
      );
      process.stdout.write(`${orderRows.at(-1)}\n`);
    } finally {
      await db.drop();
    }
  }
}

/* The run ------------------------------------------------------------------------------------------- */

const LIST = '/api/products?limit=50';
const SEARCH = '/api/products?limit=50&search=pro';

const work = await mkdtemp(path.join(os.tmpdir(), 'store-bench-load-'));
const database = await createDatabase();
const children: Child[] = [];
try {
  const store = await startStore(database.url, path.join(work, 'data'));
  children.push(store.child);
  const storeSide = { base: store.base, pid: store.child.pid };

  for (const [size, from, count] of [
    [10_000, 1, 10_000],
    [100_000, 10_001, 90_000],
  ] as const) {
    await addProducts(database.url, from, count);
    const answers = path.join(work, `answers-${size}.json`);
    await record(store.base, [LIST, SEARCH], answers);
    const ceiling = await startCeiling(answers);
    children.push(ceiling.child);
    const ceilingSide = { base: ceiling.base, pid: ceiling.child.pid };
    const products = fmt(size);

    await compare(`${products} products, \`GET ${LIST}\``, LIST, storeSide, ceilingSide);
    await compare(`${products} products, \`GET ${SEARCH}\``, SEARCH, storeSide, ceilingSide);
    await compare(`${products} products, \`GET ${SEARCH}\`, one client`, SEARCH, storeSide, ceilingSide, 1);
    if (size === 100_000) {
      // What a request that misses the cache costs: the same search on an instance without one.
      const uncached = await startStore(database.url, path.join(work, 'data-uncached'), { CATALOG_CACHE_ENTRIES: '0' });
      children.push(uncached.child);
      const uncachedSide = { base: uncached.base, pid: uncached.child.pid };
      await compare(`${products} products, \`GET ${SEARCH}\`, cache off, one client`, SEARCH, uncachedSide, ceilingSide, 1);
      await compare(`${products} products, \`GET ${SEARCH}\`, cache off`, SEARCH, uncachedSide, ceilingSide);
      await compare(`${products} products, \`GET ${LIST}\`, cache off`, LIST, uncachedSide, ceilingSide);
    }
    await ceiling.child.stop();
  }
  if (process.env.BENCH_SKIP_FIRST_LOAD !== '1') await firstLoads(store.base);
} finally {
  for (const child of children.reverse()) await child.stop();
  await database.drop();
  await rm(work, { recursive: true, force: true });
}
if (process.env.BENCH_SKIP_ORDERS !== '1') await purchases();

process.stdout.write(
  `\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}; ` +
    `${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each, autocannon in the runner's process; store: node dist/server.js on PostgreSQL (${apiRoot})\n\n` +
    '| request | connections | the store | bare Fastify, same bytes | ratio | non-2xx | answer (br) |\n|---|---|---|---|---|---|---|\n' +
    `${rows.join('\n')}\n` +
    (firstLoadRows.length === 0
      ? ''
      : '\nFirst load in headless Chromium (apps/storefront/bench/first-load.mjs, cold loads, median; JavaScript and CSS as gzip -9):\n\n' +
        '| page | JavaScript | budget (issue 13) | | CSS | LCP 390 / 1280 px | CLS 390 / 1280 px |\n|---|---|---|---|---|---|---|\n' +
        `${firstLoadRows.join('\n')}\n`) +
    (orderRows.length === 0
      ? ''
      : `\nPurchases (order, PayPal create, approval, capture, delivery and receipt), ${ORDERS_SECONDS} s after a 2 s warm-up, ` +
        'PostgreSQL pool of 10 per instance; the ceiling is the same PayPal calls straight to the sandbox, with no store between:\n\n' +
        '| run | the store | ceiling: the sandbox alone | ratio | failures | nothing oversold, each delivered once |\n|---|---|---|---|---|---|\n' +
        `${orderRows.join('\n')}\n`),
);
