/**
 * Benchmark: latency of GET /api/products?limit=50 over real HTTP on loopback, with the demo catalogue
 * and with 10,000 generated products. Runs on PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set
 * (the database must be empty; it is filled by the run). Usage: pnpm --filter @store/api bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CATEGORIES, PRODUCT_TYPES } from '@store/contracts';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';

const WARMUP = 20;
const REQUESTS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(base: string, query: string): Promise<{ median: number; p95: number; bytes: number }> {
  const url = `${base}/api/products?${query}`;
  let bytes = 0;
  for (let i = 0; i < WARMUP; i += 1) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), bytes };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'store-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
  ADMIN_PASSWORD: 'bench-admin-password',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp({ config });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const queries = ['limit=50', 'limit=50&sort=price_asc', 'limit=50&category=software', 'limit=50&search=pro'];
const rows: string[] = [];
const run = async (label: string) => {
  for (const query of queries) {
    const { median, p95, bytes } = await measure(address, query);
    rows.push(`| ${label} | \`${query}\` | ${median.toFixed(2)} ms | ${p95.toFixed(2)} ms | ${(bytes / 1024).toFixed(1)} KiB |`);
  }
};

await run(`demo catalogue`);

const words = ['Pro', 'Studio', 'Suite', 'Toolkit', 'Bundle', 'Academy', 'Lite', 'Cloud', 'Vision', 'Flow'];
const batch = 1000;
for (let start = 0; start < 10_000; start += batch) {
  await app.db
    .insertInto('products')
    .values(
      Array.from({ length: batch }, (_, offset) => {
        const n = start + offset;
        return {
          title: `Generated ${words[n % words.length]} ${n}`,
          description: `A generated product number ${n} for the benchmark, ${words[(n * 7) % words.length]} edition.`,
          detailed_description: `Generated product ${n}.\n\nIt exists to measure the catalogue list with a large catalogue.`,
          price_cents: 99 + ((n * 37) % 40_000),
          category: CATEGORIES[n % CATEGORIES.length]!.value,
          product_type: PRODUCT_TYPES[n % PRODUCT_TYPES.length]!.value,
          images: JSON.stringify([`/uploads/generated-${n % 14}.jpg`]),
          features: JSON.stringify(['Instant delivery', 'Lifetime updates', 'Priority support']),
          system_requirements: JSON.stringify({ OS: 'Windows 10+, macOS 12+', RAM: '8 GB', Storage: '2 GB' }),
          stock_quantity: n % 100,
          created_at: new Date(Date.now() - n * 1000),
          archived_at: null,
        };
      }),
    )
    .execute();
}
await sql`ANALYZE products`.execute(app.db);

await run('10,014 products');

await app.close();
await rm(dataDir, { recursive: true, force: true });

process.stdout.write(`\nGET /api/products over HTTP on loopback, ${REQUESTS} sequential requests after ${WARMUP} warm-up, database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}\n\n`);
process.stdout.write('| catalogue | query | median | p95 | answer size |\n|---|---|---|---|---|\n');
process.stdout.write(`${rows.join('\n')}\n`);
