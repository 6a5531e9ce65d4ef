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
 * whose catalogue cache is off, for what a request that misses the cache costs. On the 100,000, a product
 * page of the storefront rendered by the store (bench/pages.ts): from the page cache beside bare Fastify,
 * and rendered at each request beside `renderToString` of the same tree alone.
 * Then the first load of the shop's home page and of the admin's sign-in in headless Chromium
 * (apps/storefront/bench/first-load.mjs against this store; BENCH_SKIP_FIRST_LOAD=1 leaves it out).
 * Last, the purchase benchmark (bench/orders-throughput.ts) runs with the payment sandbox in a process of
 * its own, on one and then on two API instances (BENCH_SKIP_ORDERS=1 leaves it out).
 *
 * Usage: pnpm bench (from the root: builds the API first). BENCH_PG_URL names the PostgreSQL server
 * (default postgres://postgres@127.0.0.1:5432/postgres); the database is created and dropped by the run.
 * Linux only: it reads /proc. What the benchmarks share is in bench/store-harness.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pageRows } from './pages.ts';
import { apiRoot, type Child } from './processes.ts';
import {
  TABLE_HEAD,
  addProducts,
  compare,
  createDatabase,
  fmt,
  machineNote,
  record,
  startCeiling,
  startStore,
} from './store-harness.ts';

const rows: string[] = [];

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

    rows.push(await compare(`${products} products, \`GET ${LIST}\``, LIST, storeSide, ceilingSide));
    rows.push(await compare(`${products} products, \`GET ${SEARCH}\``, SEARCH, storeSide, ceilingSide));
    rows.push(await compare(`${products} products, \`GET ${SEARCH}\`, one client`, SEARCH, storeSide, ceilingSide, { connections: 1 }));
    if (size === 100_000) {
      // What a request that misses the cache costs: the same search on an instance without one.
      const uncached = await startStore(database.url, path.join(work, 'data-uncached'), { CATALOG_CACHE_ENTRIES: '0' });
      children.push(uncached.child);
      const uncachedSide = { base: uncached.base, pid: uncached.child.pid };
      rows.push(await compare(`${products} products, \`GET ${SEARCH}\`, cache off, one client`, SEARCH, uncachedSide, ceilingSide, { connections: 1 }));
      rows.push(await compare(`${products} products, \`GET ${SEARCH}\`, cache off`, SEARCH, uncachedSide, ceilingSide));
      rows.push(await compare(`${products} products, \`GET ${LIST}\`, cache off`, LIST, uncachedSide, ceilingSide));
    }
    await ceiling.child.stop();
  }
  // A product page of the 100,000: from the page cache, then rendered at each request, beside their ceilings.
  rows.push(...(await pageRows(storeSide, work)));
  if (process.env.BENCH_SKIP_FIRST_LOAD !== '1') await firstLoads(store.base);
} finally {
  for (const child of children.reverse()) await child.stop();
  await database.drop();
  await rm(work, { recursive: true, force: true });
}
if (process.env.BENCH_SKIP_ORDERS !== '1') await purchases();

process.stdout.write(
  `\n${machineNote()}\n\n${TABLE_HEAD}${rows.join('\n')}\n` +
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
