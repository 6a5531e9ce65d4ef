/**
 * The storefront's pages as the store renders them (issue 25, docs/decisions/044-server-rendering.md), in
 * `pnpm bench` (bench/load.ts, on its 100,000 products) and alone:
 * - a product page from the page cache (brotli, as browsers ask; the cache warmed first) beside bare Fastify
 *   sending the same bytes with the same headers (bench/bare-server.ts);
 * - the same page rendered at every request: an address with a parameter of its own (`?bench=<n>`, a new
 *   `n` each time) is rendered and never kept (`isKeptPage`), at 50 connections and at one client, beside
 *   the ceiling of its render, `renderToString` of the same tree with its data in memory, one render after
 *   another in a process of its own (bench/render-ceiling.ts).
 *
 * Alone: `pnpm bench:pages` from the root (builds the API and the storefront first), or
 * `pnpm --filter @store/api bench:pages` on existing builds: a fresh database with 10,000 products.
 * BENCH_ROUNDS and BENCH_ROUND_SECONDS as in load.ts; BENCH_RENDERS (default 500) renders per ceiling round.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProductList } from '@store/contracts';
import { apiRoot, type Child } from './processes.ts';
import {
  ACCEPT,
  CONNECTIONS,
  EACH_REQUEST,
  ROUNDS,
  ROUND_SECONDS,
  TABLE_HEAD,
  addProducts,
  answerSize,
  cell,
  compare,
  createDatabase,
  fmt,
  machineNote,
  meanRound,
  record,
  round,
  startCeiling,
  startStore,
  tableRow,
  type Round,
  type Side,
} from './store-harness.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 500);

/**
 * A kept page's headers all go to bare Fastify (its policy with its scripts' hashes, the site's security
 * headers), so it sends what a browser gets; not those of the connection or the moment, which it makes itself.
 */
const OWN_HEADERS = new Set(['connection', 'keep-alive', 'date', 'content-length', 'transfer-encoding']);

/** The newest product: its page is the one measured. */
async function productPage(base: string): Promise<string> {
  const response = await fetch(`${base}/api/products?limit=1`);
  const list = (await response.json()) as ProductList;
  const product = list.products[0];
  if (!product) throw new Error('the store has no product to show');
  return `/products/${product.id}`;
}

/** N renders of the page in bench/render-ceiling.ts (NODE_ENV=production), as a round, and the page's size. */
function renderCeiling(base: string, page: string): Promise<{ round: Round; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'bench/render-ceiling.ts', base, page, String(RENDERS)], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) return reject(new Error(`the render ceiling exited with ${code}: ${output}`));
      const run = JSON.parse(last) as { pagesPerSecond: number; p50: number; p99: number; cpuPerPageUs: number; bytes: number };
      resolve({
        round: { rps: run.pagesPerSecond, p50: run.p50, p99: run.p99, non2xx: 0, errors: 0, cpuPerRequestUs: run.cpuPerPageUs },
        bytes: run.bytes,
      });
    });
  });
}

/** The page's rows: from the page cache beside bare Fastify, then rendered at each request beside `renderToString` alone. */
export async function pageRows(store: Side, work: string): Promise<string[]> {
  const page = await productPage(store.base);
  const rows: string[] = [];

  // Kept: the first request renders and keeps it, the recording is the cached answer as a browser gets it.
  await (await fetch(`${store.base}${page}`, { headers: ACCEPT })).arrayBuffer();
  const answers = path.join(work, 'answers-page.json');
  await record(store.base, [page], answers, (name) => !OWN_HEADERS.has(name));
  const bare = await startCeiling(answers);
  try {
    rows.push(await compare('product page from the page cache, `GET /products/<id>`', page, store, { base: bare.base, pid: bare.child.pid }));
  } finally {
    await bare.child.stop();
  }

  // Rendered each time: a kept page has an ETag, a page rendered for one request none.
  const missed = `${page}?bench=${EACH_REQUEST}`;
  const probe = await fetch(`${store.base}${missed.replace(EACH_REQUEST, 'probe')}`, { headers: ACCEPT });
  await probe.arrayBuffer();
  if (probe.status !== 200 || probe.headers.has('etag')) throw new Error(`${missed} was answered ${probe.status} from the page cache`);

  const many: Round[] = [];
  const one: Round[] = [];
  const ceiling: Round[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i += 1) {
    many.push(await round(`${store.base}${missed}`, store.pid, CONNECTIONS, ROUND_SECONDS));
    one.push(await round(`${store.base}${missed}`, store.pid, 1, ROUND_SECONDS));
    const rendered = await renderCeiling(store.base, page);
    ceiling.push(rendered.round);
    bytes = rendered.bytes;
  }
  const c = meanRound(ceiling);
  const ceilingCell =
    `renderToString alone, one core: ${fmt(c.rps)} pages/s, p50 ${fmt(c.p50, 2)} ms, p99 ${fmt(c.p99, 2)} ms, ` +
    `${fmt(c.cpuPerRequestUs / 1000, 2)} ms CPU, ${bytes} B page (${fmt(RENDERS)} renders)`;
  const size = await answerSize(`${store.base}${missed}`);
  for (const [connections, rounds] of [
    [CONNECTIONS, many],
    [1, one],
  ] as const) {
    const s = meanRound(rounds);
    const label = `product page rendered at each request (cache miss), \`GET /products/<id>?bench=<n>\`${connections === 1 ? ', one client' : ''}`;
    rows.push(tableRow(label, connections, s, cell(s, 'ms'), c.rps, ceilingCell, size));
  }
  return rows;
}

/** Alone: a fresh database with 10,000 products, the store, the page's rows and the table. */
async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'store-bench-pages-'));
  const database = await createDatabase();
  let store: { child: Child; base: string } | undefined;
  let rows: string[] = [];
  try {
    store = await startStore(database.url, path.join(work, 'data'));
    await addProducts(database.url, 1, 10_000);
    rows = await pageRows({ base: store.base, pid: store.child.pid }, work);
  } finally {
    await store?.child.stop();
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write(`\n${machineNote()}; 10,000 products\n\n${TABLE_HEAD}${rows.join('\n')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
