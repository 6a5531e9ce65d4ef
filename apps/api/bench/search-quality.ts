/**
 * `pnpm --filter @store/api bench:search-quality` (issue 26): the thirty searches of
 * test/search-quality-cases.ts against the demo catalogue, each as `GET /api/products?search=<query>&limit=3`,
 * printed as a markdown table: what was asked, the product meant, the three first titles, and whether the
 * first is the one meant (for a search that should find nothing: whether nothing came).
 *
 * Starts the built store (`node dist/server.js`) on a fresh PostgreSQL database (BENCH_PG_URL as in
 * bench/load.ts) with the demo catalogue (SEED_DEMO), or asks a running store at BENCH_URL.
 * BENCH_LABEL (before, after, ...) names the run in the table's heading.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProductList } from '@store/contracts';
import { SEARCH_QUALITY_CASES } from '../test/search-quality-cases.ts';
import type { Child } from './processes.ts';
import { createDatabase, startStore } from './store-harness.ts';

const LABEL = process.env.BENCH_LABEL ?? 'unlabelled';

/** A table cell: the pipe of markdown escaped. */
const cellText = (text: string) => text.replaceAll('|', '\\|');

async function topThree(base: string, query: string): Promise<{ titles: string[] } | { status: number }> {
  const response = await fetch(`${base}/api/products?search=${encodeURIComponent(query)}&limit=3`);
  if (!response.ok) {
    await response.arrayBuffer();
    return { status: response.status };
  }
  const list = (await response.json()) as ProductList;
  return { titles: list.products.map((product) => product.title) };
}

async function table(base: string): Promise<string> {
  const rows: string[] = [];
  let right = 0;
  for (const { kind, query, first } of SEARCH_QUALITY_CASES) {
    const answer = await topThree(base, query);
    const titles = 'titles' in answer ? answer.titles : [];
    const isRight = 'titles' in answer && (first === null ? titles.length === 0 : titles[0] === first);
    if (isRight) right += 1;
    const shown = 'status' in answer ? `HTTP ${answer.status}` : titles.length === 0 ? '(nothing)' : titles.map(cellText).join('; ');
    rows.push(
      `| ${kind} | \`${cellText(query)}\` | ${first === null ? '(nothing)' : cellText(first)} | ${shown} | ${isRight ? 'yes' : '**no**'} |`,
    );
  }
  return (
    `Search quality, BENCH_LABEL=${LABEL}: the first result is the one meant for **${right} of ${SEARCH_QUALITY_CASES.length}** searches ` +
    '(`GET /api/products?search=<query>&limit=3` on the demo catalogue)\n\n' +
    '| kind | query | expected first | top 3 titles | first is right |\n|---|---|---|---|---|\n' +
    `${rows.join('\n')}\n`
  );
}

if (process.env.BENCH_URL) {
  process.stdout.write(await table(process.env.BENCH_URL.replace(/\/$/, '')));
} else {
  const work = await mkdtemp(path.join(os.tmpdir(), 'store-bench-search-quality-'));
  const database = await createDatabase();
  let child: Child | undefined;
  try {
    const store = await startStore(database.url, path.join(work, 'data'), { SEED_DEMO: 'true' });
    child = store.child;
    process.stdout.write(await table(store.base));
  } finally {
    await child?.stop();
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
}
