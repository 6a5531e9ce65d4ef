/**
 * `pnpm bench:search` (issue 26): the catalogue search under a mix of searches that a cache cannot serve,
 * beside two ceilings, in one run on one machine.
 *
 * The mix: every request a new search, in equal shares (a, b, c, d in turn; the details from a seeded
 * generator, so two runs ask the same): (a) a product by its exact title, (b) a common word of the titles
 * on a page of 0 to 950 (by 50), (c) the first four letters of a word, or the word with a typo (a letter
 * dropped, doubled or swapped), (d) a category in a random order at a random offset (0 to 950). Each
 * server measured gets the same sequence of addresses, continued from one round to the next.
 *
 * On PostgreSQL (a fresh database, BENCH_PRODUCTS products, default 100,000, from `addProducts`): the
 * built store with its catalogue cache off (CATALOG_CACHE_ENTRIES=0: every request reaches the database)
 * and a second instance with it on, beside the naive ceiling (bare Fastify and `pg` running `ILIKE` with
 * a trigram index) and the physical limit (the same answers from an index in memory), both in
 * bench/search-ceiling.ts: rounds of all four in turn at 50 connections, then the store (cache off and on)
 * and the physical limit at one client, on the whole mix and on each kind alone (sequences of their own seeds,
 * so the cache-on store does not meet the 50 clients' addresses again). Then suggestions as one types (`/api/search/suggest?q=` a prefix of 2 to 6 letters
 * of a word), at one client and at 50 connections. Then the same mix against the store on PGlite (its own
 * data folder, filled by the same INSERT with the store stopped), cache off and on, beside the physical limit.
 *
 * Before each round the servers and the database are let finish what the previous round left running.
 * Each row: requests per second, p50 and p99, answers not 2xx (a store that does not know a parameter or
 * an address answers 400 or 404: counted here, not a failure of the run), the CPU the server spent per
 * request and, on PostgreSQL, the CPU its backends for the database spent per request (from /proc), and
 * the share of the requests that were a search not asked before of that server (what the cache could not hold).
 *
 * Usage: pnpm bench:search (from the root: builds the API first), or pnpm --filter @store/api bench:search
 * on an existing build. BENCH_WARMUP_SECONDS (default 3: an uncounted round of each server before each
 * measurement). BENCH_PG_URL, BENCH_ROUNDS (default 2), BENCH_ROUND_SECONDS (default 8) as in
 * bench/load.ts; BENCH_PRODUCTS (default 100,000); BENCH_SKIP_PGLITE=1 leaves PGlite out. Linux only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CATEGORIES } from '@store/contracts';
import pg from 'pg';
import type { Child } from './processes.ts';
import {
  CONNECTIONS,
  PRODUCT_WORDS,
  ROUNDS,
  ROUND_SECONDS,
  addProducts,
  alternate,
  cpuSeconds,
  createDatabase,
  fmt,
  generatedTitle,
  postgresBackendsCpu,
  productsInsert,
  round,
  startServerScript,
  startStore,
  type Round,
  type Side,
} from './store-harness.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** Seconds of each contender's uncounted warm-up before the rounds of a measurement (BENCH_WARMUP_SECONDS). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SEED = 26;
const PAGE = 50;

/* The mix ------------------------------------------------------------------------------------------- */

/** mulberry32: a small seeded generator, numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON_WORDS = [...PRODUCT_WORDS.names, ...PRODUCT_WORDS.kinds].map((word) => word.toLowerCase());
/** Words worth typing a part of: the names and kinds of four letters or more, and the longer words of the descriptions. */
const TYPED_WORDS = [
  ...COMMON_WORDS.filter((word) => word.length >= 4),
  ...new Set(PRODUCT_WORDS.pitches.flatMap((pitch) => pitch.split(' ')).filter((word) => word.length >= 6)),
  'digital',
  'product',
];
const LIST_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;

/** A word as mistyped: one letter dropped, doubled, or swapped with the next. */
function typo(word: string, random: () => number): string {
  const at = Math.floor(random() * word.length);
  const kind = Math.floor(random() * 3);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  const swapAt = Math.min(at, word.length - 2);
  const swapped = word.slice(0, swapAt) + word[swapAt + 1] + word[swapAt] + word.slice(swapAt + 2);
  if (kind === 2 && swapped !== word) return swapped;
  return word.slice(0, at) + word.slice(at + 1);
}

interface Mix {
  next: () => string;
  /** Requests asked so far, and how many of them were an address not asked before. */
  issued: () => number;
  fresh: () => number;
  /** Count as fresh only what this server was not asked before in the run. */
  seenBy: (server: Set<string>) => void;
}

/**
 * A sequence of addresses from `make` (the generator seeded with `seed`), counting those asked for the first
 * time: first of the sequence, or first of the run when the server's `seen` set is given.
 */
function sequence(make: (random: () => number, at: number) => string, seed = SEED): Mix {
  const random = seeded(seed);
  let seen: Set<string> = new Set();
  let issued = 0;
  let fresh = 0;
  return {
    next: () => {
      const address = make(random, issued);
      issued += 1;
      if (!seen.has(address)) {
        seen.add(address);
        fresh += 1;
      }
      return address;
    },
    issued: () => issued,
    fresh: () => fresh,
    seenBy: (server) => {
      seen = server;
    },
  };
}

const pick = <T>(values: readonly T[], random: () => number): T => values[Math.floor(random() * values.length)]!;
const searchFor = (text: string, offset = 0) => `/api/products?search=${encodeURIComponent(text)}&limit=${PAGE}&offset=${offset}`;

const KINDS = ['(a) exact title', '(b) common word, a page', '(c) 4 letters or a typo', '(d) category, a sort, an offset'] as const;

/** The cache-hostile mix: (a), (b), (c), (d) in turn, or only the one of `kind` (0 to 3). */
function searchMix(products: number, kind?: number, seed = SEED): Mix {
  return sequence((random, at) => {
    switch (kind ?? at % 4) {
      case 0:
        return searchFor(generatedTitle(1 + Math.floor(random() * products)));
      case 1:
        return searchFor(pick(COMMON_WORDS, random), PAGE * Math.floor(random() * 20));
      case 2: {
        const word = pick(TYPED_WORDS, random);
        return searchFor(random() < 0.5 ? word.slice(0, 4) : typo(word, random));
      }
      default:
        return (
          `/api/products?category=${pick(CATEGORIES, random).value}&sort=${pick(LIST_SORTS, random)}` +
          `&limit=${PAGE}&offset=${Math.floor(random() * 951)}`
        );
    }
  }, seed);
}

/** Suggestions as one types: the first 2 to 6 letters of a word. */
function suggestMix(): Mix {
  return sequence((random) => {
    const word = pick(TYPED_WORDS, random);
    return `/api/search/suggest?q=${encodeURIComponent(word.slice(0, 2 + Math.floor(random() * 5)))}`;
  });
}

/* The run ------------------------------------------------------------------------------------------- */

interface Measured {
  database: string;
  server: string;
  requests: string;
  connections: number;
  result: Round;
  fresh: number;
}

const rows: Measured[] = [];

const HEAD =
  '| database | server | requests | connections | req/s | p50 | p99 | non-2xx | server CPU per request | PostgreSQL CPU per request | new searches |\n' +
  '|---|---|---|---|---|---|---|---|---|---|---|\n';

function line({ database, server, requests, connections, result, fresh }: Measured): string {
  const database_cpu = result.databaseCpuPerRequestUs === undefined ? '—' : `${fmt(result.databaseCpuPerRequestUs)} µs`;
  return (
    `| ${database} | ${server} | ${requests} | ${connections} | ${fmt(result.rps)} | ${fmt(result.p50, 2)} ms | ${fmt(result.p99, 2)} ms | ` +
    `${result.non2xx + result.errors} | ${fmt(result.cpuPerRequestUs)} µs | ${database_cpu} | ${fmt(fresh * 100, 1)}% |`
  );
}

interface Contender {
  server: string;
  side: Side;
  databaseCpu?: () => Map<number, number>;
}

/**
 * Waits until the servers and the database are idle (under 5% of a core over a quarter of a second, for
 * 30 s at most): a slow server still works on the searches of a round that has ended, on the next one's time.
 */
async function settle(contenders: Contender[]): Promise<void> {
  const spent = () =>
    contenders.reduce((sum, { side }) => sum + cpuSeconds(side.pid), 0) +
    [...new Set(contenders.map(({ databaseCpu }) => databaseCpu))].reduce(
      (sum, read) => sum + [...(read?.().values() ?? [])].reduce((total, seconds) => total + seconds, 0),
      0,
    );
  const deadline = Date.now() + 30_000;
  let before = spent();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = spent();
    if (now - before < 0.0125) return;
    before = now;
  }
}

/** Rounds of each contender in turn on its own copy of a sequence of addresses; one row each. */
/** Per server (its name and address), every address it was asked in the run. */
const askedOf = new Map<string, Set<string>>();

async function measure(
  database: string,
  requests: string,
  makeMix: () => Mix,
  contenders: Contender[],
  connections: number,
): Promise<void> {
  const mixes = contenders.map(({ server, side }) => {
    const mix = makeMix();
    const key = `${server} ${side.base}`;
    if (!askedOf.has(key)) askedOf.set(key, new Set());
    mix.seenBy(askedOf.get(key)!);
    return mix;
  });
  // A warm-up round for each, not counted: what a server keeps (its caches, PostgreSQL's buffers) is what
  // it would hold after its first seconds of work, for every contender alike.
  if (WARMUP_SECONDS > 0) {
    for (const [at, { side }] of contenders.entries()) {
      await settle(contenders);
      await round(side.base, side.pid, connections, WARMUP_SECONDS, { nextPath: mixes[at]!.next });
    }
  }
  const results = await alternate(
    contenders.map(({ side, databaseCpu }, at) => async () => {
      await settle(contenders);
      return round(side.base, side.pid, connections, ROUND_SECONDS, { nextPath: mixes[at]!.next, ...(databaseCpu ? { databaseCpu } : {}) });
    }),
  );
  for (const [at, { server }] of contenders.entries()) {
    const mix = mixes[at]!;
    const measured = { database, server, requests, connections, result: results[at]!, fresh: mix.fresh() / Math.max(1, mix.issued()) };
    rows.push(measured);
    process.stdout.write(`${line(measured)}\n`);
  }
}

/** One address of each kind of the mix from each server: its status and what it found, to see what is measured. */
async function sample(contenders: Contender[]): Promise<void> {
  const mix = searchMix(PRODUCTS);
  const addresses = [mix.next(), mix.next(), mix.next(), mix.next(), suggestMix().next()];
  for (const { server, side } of contenders) {
    const answers: string[] = [];
    for (const address of addresses) {
      const response = await fetch(`${side.base}${address}`);
      const body = (await response.json().catch(() => null)) as { total?: number; products?: unknown[] } | null;
      answers.push(
        `${response.status}${body?.total === undefined ? '' : ` total ${body.total}`}${body?.products ? ` (${body.products.length} shown)` : ''}`,
      );
    }
    process.stdout.write(`${server}: ${addresses.map((address, at) => `${address} → ${answers[at]}`).join('; ')}\n`);
  }
}

/**
 * The naive ceiling's trigram index on `title || ' ' || description`, unless the database has one on that
 * expression already (the store's schema may: a second copy would only slow the writes).
 */
async function ensureNaiveIndex(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: indexes } = await client.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'products'`);
  const bare = (definition: string) => definition.replace(/::text|[\s()]/g, '');
  const present = indexes.some(({ indexdef }) => bare(indexdef).includes(`gin${bare(`title || ' ' || description gin_trgm_ops`)}`));
  if (!present) {
    await client.query(`CREATE INDEX IF NOT EXISTS bench_naive_trgm ON products USING gin ((title || ' ' || description) gin_trgm_ops)`);
    await client.query('VACUUM ANALYZE products');
  }
  process.stdout.write(`naive ceiling's trigram index: ${present ? "the store's own" : 'bench_naive_trgm, made'}\n`);
  await client.end();
}

/** `productsInsert` on the store's PGlite data folder, opened as the store opens it (with pg_trgm), the store stopped. */
async function fillPglite(dataDir: string, count: number): Promise<void> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const { text, values } = productsInsert(1, count);
  await db.query(text, values);
  await db.exec('VACUUM ANALYZE products');
  await db.close();
}

const work = await mkdtemp(path.join(os.tmpdir(), 'store-bench-search-'));
const database = await createDatabase();
const children: Child[] = [];
const started = async <T extends { child: Child }>(starting: Promise<T>): Promise<T> => {
  const server = await starting;
  children.push(server.child);
  return server;
};
const sideOf = ({ child, base }: { child: Child; base: string }): Side => ({ base, pid: child.pid });
const mixName = 'the mix (a–d)';
const suggestName = '`/api/search/suggest?q=` 2–6 letters';
try {
  const cacheOff = await started(startStore(database.url, path.join(work, 'data-off'), { CATALOG_CACHE_ENTRIES: '0' }));
  await addProducts(database.url, 1, PRODUCTS);
  const cacheOn = await started(startStore(database.url, path.join(work, 'data-on')));
  await ensureNaiveIndex(database.url);
  const naive = await started(startServerScript('the naive ceiling', ['bench/search-ceiling.ts', 'naive', database.url]));
  const limit = await started(startServerScript('the physical limit', ['bench/search-ceiling.ts', 'index', database.url]));

  const postgresCpu = postgresBackendsCpu(database.name);
  const storeOff: Contender = { server: 'the store, cache off', side: sideOf(cacheOff), databaseCpu: postgresCpu };
  const storeOn: Contender = { server: 'the store, cache on', side: sideOf(cacheOn), databaseCpu: postgresCpu };
  const naiveCeiling: Contender = { server: 'naive ceiling (ILIKE + trigram index)', side: sideOf(naive), databaseCpu: postgresCpu };
  const physicalLimit: Contender = { server: 'physical limit (index in memory)', side: sideOf(limit) };
  await sample([storeOff, naiveCeiling, physicalLimit]);

  const pgName = `PostgreSQL, ${fmt(PRODUCTS)} products`;
  await measure(pgName, mixName, () => searchMix(PRODUCTS), [storeOff, storeOn, naiveCeiling, physicalLimit], CONNECTIONS);
  // One shopper: the store as deployed (cache on: a filter's ranked matches are kept, so a new page of a search
  // already seen is a read by primary key), the store with every request reaching the database, the limit. A
  // sequence of its own (another seed), so the cache-on store does not meet the 50 clients' addresses again.
  await measure(pgName, mixName, () => searchMix(PRODUCTS, undefined, SEED + 1), [storeOff, storeOn, physicalLimit], 1);
  // Which part of the mix costs what: each kind alone, at one client.
  for (const [kind, name] of KINDS.entries())
    await measure(pgName, `${name} only`, () => searchMix(PRODUCTS, kind, SEED + 2 + kind), [storeOff, storeOn, physicalLimit], 1);
  await measure(pgName, suggestName, suggestMix, [storeOff, naiveCeiling, physicalLimit], 1);
  await measure(pgName, suggestName, suggestMix, [storeOff, naiveCeiling, physicalLimit], CONNECTIONS);
  for (const server of [cacheOff, cacheOn, naive]) await server.child.stop();

  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    // PGlite is one process's: the store is stopped while the bench fills its folder, and one instance runs at a time.
    const dataDir = path.join(work, 'data-pglite');
    await (await startStore(undefined, dataDir, { CATALOG_CACHE_ENTRIES: '0' })).child.stop();
    await fillPglite(path.join(dataDir, 'pglite'), PRODUCTS);
    const pgliteName = `PGlite, ${fmt(PRODUCTS)} products`;
    for (const cache of ['off', 'on'] as const) {
      const store = await started(startStore(undefined, dataDir, cache === 'off' ? { CATALOG_CACHE_ENTRIES: '0' } : {}));
      const contender: Contender = { server: `the store, cache ${cache}`, side: sideOf(store) };
      if (cache === 'off') await sample([contender]);
      await measure(pgliteName, mixName, () => searchMix(PRODUCTS), [contender, physicalLimit], CONNECTIONS);
      if (cache === 'off') await measure(pgliteName, mixName, () => searchMix(PRODUCTS), [contender, physicalLimit], 1);
      await store.child.stop();
    }
  }
} finally {
  for (const child of children.reverse()) await child.stop();
  await database.drop();
  await rm(work, { recursive: true, force: true });
}

const cpus = os.cpus();
process.stdout.write(
  `\n${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} at the end; ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each, autocannon in the runner's process; ` +
    `the store: node dist/server.js (NODE_ENV=production); on PGlite its CPU includes the database's, which runs in its process.\n\n` +
    `${HEAD}${rows.map(line).join('\n')}\n`,
);
