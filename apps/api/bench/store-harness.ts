/**
 * What the store benchmarks share (bench/load.ts, bench/pages.ts, bench/search-mix.ts, ...): the built store
 * on a fresh PostgreSQL database (or on PGlite) and its products, its answers recorded for bare Fastify
 * (bench/bare-server.ts) to send byte for byte, alternating autocannon rounds (one address, or a new one for
 * each request), the CPU each server and PostgreSQL's backends spent per request (from /proc), and the table's rows.
 * Linux only: it reads /proc.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CATEGORIES, PRODUCT_TYPES } from '@store/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiRoot, freePort, portFromLine, startChild, waitForHealth, type Child } from './processes.ts';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
export const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 8);
export const CONNECTIONS = 50;
export const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/* The store and its database ------------------------------------------------------------------------ */

export async function createDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `store_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The built store on PostgreSQL at `databaseUrl`, or on PGlite under `dataDir` when it is undefined. */
export async function startStore(
  databaseUrl: string | undefined,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // A DATABASE_URL of the shell must not move a PGlite store onto a server.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = startChild('the store', ['dist/server.js'], {
    ...inherited,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
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

/** The words of the generated products (`productsInsert`): a title is a name, a kind and the product's number. */
export const PRODUCT_WORDS = {
  names: ['Pixel', 'Vector', 'Nimbus', 'Quartz', 'Aurora', 'Cobalt', 'Ember', 'Harbor', 'Lumen', 'Orbit', 'Summit', 'Tidal'],
  kinds: ['Studio', 'Pro', 'Suite', 'Toolkit', 'Bundle', 'Academy', 'Lite', 'Cloud', 'Vision', 'Flow'],
  pitches: [
    'for professional designers who ship every week',
    'that keeps your productivity high across every project',
    'with templates for teams of any size',
    'built for professional editing and fast exports',
    'a course that takes you from basics to advanced work',
    'the plugin your workflow was missing',
  ],
} as const;

/** The title `productsInsert` gives product number `n`. */
export function generatedTitle(n: number): string {
  const { names, kinds } = PRODUCT_WORDS;
  return `${names[n % names.length]} ${kinds[Math.floor(n / names.length) % kinds.length]} ${n}`;
}

/**
 * Products numbered `from` to `from + count - 1` in one INSERT ... SELECT (run on PostgreSQL by
 * `addProducts`, or on PGlite): titles from a few product words (one in ten says "Pro"), descriptions
 * that often say "professional" or "productivity" (so "pro" matches most of the catalogue, the hard case
 * for a search), a long description of about 600 bytes, subscriptions billed monthly, and a creation time a second apart.
 */
export function productsInsert(from: number, count: number): { text: string; values: unknown[] } {
  const { names, kinds, pitches } = PRODUCT_WORDS;
  return {
    text: `INSERT INTO products (title, description, detailed_description, price_cents, category, product_type, billing_interval, images,
                           features, system_requirements, stock_quantity, created_at)
     SELECT ($1::text[])[1 + n % 12] || ' ' || ($2::text[])[1 + (n / 12) % 10] || ' ' || n,
            'A digital product ' || ($3::text[])[1 + n % 6] || '.',
            repeat('Everything you need to know about this product, its licence and its updates. ', 8),
            99 + (n * 37) % 40000,
            ($4::text[])[1 + n % $6],
            ($5::text[])[1 + n % $7],
            CASE WHEN ($5::text[])[1 + n % $7] = 'subscription' THEN 'month' END,
            jsonb_build_array('/uploads/generated-' || (n % 14) || '.jpg'),
            '["Instant delivery", "Lifetime updates", "Priority support"]'::jsonb,
            '{"OS": "Windows 10+, macOS 12+", "RAM": "8 GB"}'::jsonb,
            n % 100,
            now() - make_interval(secs => n)
     FROM generate_series($8::int, $9::int) AS n`,
    values: [
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
  };
}

/** `productsInsert` on PostgreSQL, then what autovacuum does after a bulk insert: VACUUM (the visibility map for index-only scans, the GIN indexes' pending entries merged) and ANALYZE. */
export async function addProducts(databaseUrl: string, from: number, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { text, values } = productsInsert(from, count);
  await client.query(text, values);
  await client.query('VACUUM ANALYZE products');
  await client.end();
}

/* Measuring ----------------------------------------------------------------------------------------- */

/** CPU time (user + system) a process has used, in seconds, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuPerRequestUs: number;
  /** PostgreSQL's CPU per request (its backends for the database), when the round was told how to read it. */
  databaseCpuPerRequestUs?: number;
}

/**
 * What a round may add to its address: `nextPath` gives each request a path and query of its own (the
 * address then names only the server), `databaseCpu` reads the CPU seconds each database process has spent so far.
 */
export interface RoundOptions {
  nextPath?: () => string;
  databaseCpu?: () => Map<number, number>;
}

/**
 * The CPU seconds spent so far by each of PostgreSQL's backends serving one database, by pid, read from
 * /proc: the server runs on this machine and names each backend `postgres: ... <user> <database> <client> ...`
 * in its command line.
 */
export function postgresBackendsCpu(database: string): () => Map<number, number> {
  return () => {
    const spent = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (command.startsWith('postgres:') && command.split(' ').includes(database)) spent.set(Number(entry), cpuSeconds(Number(entry)));
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return spent;
  };
}

/**
 * CPU seconds spent between two readings by the processes alive at the second (all of it, for one started
 * between). A backend that ended between takes its time with it: an undercount, small when pools keep theirs.
 */
function spentBetween(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

/**
 * Where an address holds this mark, each request puts a value of its own there (autocannon's id replacement;
 * one client counts), so no two requests ask for the same address.
 */
export const EACH_REQUEST = '[<id>]';

/**
 * One client, one request at a time over a kept-alive connection, timed with performance.now(): autocannon
 * reports whole milliseconds, too coarse for an answer that takes a fraction of one.
 */
async function oneClient(url: string, pid: number, seconds: number, { nextPath, databaseCpu }: RoundOptions): Promise<Round> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let non2xx = 0;
  const before = cpuSeconds(pid);
  const databaseBefore = databaseCpu?.();
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const address = nextPath ? `${url}${nextPath()}` : url.replaceAll(EACH_REQUEST, String(times.length));
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(address, { agent, headers: ACCEPT }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
    if (status < 200 || status > 299) non2xx += 1;
  }
  const cpu = cpuSeconds(pid) - before;
  const databaseSpent = spentBetween(databaseBefore, databaseCpu?.());
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return {
    rps: times.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors: 0,
    cpuPerRequestUs: (cpu / times.length) * 1e6,
    ...(databaseSpent === undefined ? {} : { databaseCpuPerRequestUs: (databaseSpent / times.length) * 1e6 }),
  };
}

export async function round(url: string, pid: number, connections: number, seconds: number, options: RoundOptions = {}): Promise<Round> {
  if (connections === 1) return oneClient(url, pid, seconds, options);
  const { nextPath, databaseCpu } = options;
  const before = cpuSeconds(pid);
  const databaseBefore = databaseCpu?.();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: ACCEPT,
    idReplacement: url.includes(EACH_REQUEST),
    // A new path for every request (autocannon calls setupRequest before each one).
    ...(nextPath ? { requests: [{ method: 'GET' as const, setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  const cpu = cpuSeconds(pid) - before;
  const requests = Math.max(1, result.requests.total);
  const databaseSpent = spentBetween(databaseBefore, databaseCpu?.());
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPerRequestUs: (cpu / requests) * 1e6,
    ...(databaseSpent === undefined ? {} : { databaseCpuPerRequestUs: (databaseSpent / requests) * 1e6 }),
  };
}

export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
export function meanRound(rounds: Round[]): Round {
  return {
    rps: mean(rounds.map((r) => r.rps)),
    p50: mean(rounds.map((r) => r.p50)),
    p99: mean(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    cpuPerRequestUs: mean(rounds.map((r) => r.cpuPerRequestUs)),
    ...(rounds.every((r) => r.databaseCpuPerRequestUs !== undefined)
      ? { databaseCpuPerRequestUs: mean(rounds.map((r) => r.databaseCpuPerRequestUs!)) }
      : {}),
  };
}

/**
 * ROUNDS rounds of each measurement in turn (the first, the second, ..., then the first again), so a
 * change in the machine's load falls on all of them alike; the mean of each, in the order given.
 */
export async function alternate(measurements: (() => Promise<Round>)[]): Promise<Round[]> {
  const rounds: Round[][] = measurements.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [index, measure] of measurements.entries()) rounds[index]!.push(await measure());
  }
  return rounds.map(meanRound);
}

export interface Side {
  base: string;
  pid: number;
}

export const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One side of a row: throughput, latency and CPU per request (µs, or ms for answers that take milliseconds). */
export function cell(measured: Round, cpuUnit: 'µs' | 'ms' = 'µs'): string {
  const cpu = cpuUnit === 'µs' ? `${fmt(measured.cpuPerRequestUs)} µs` : `${fmt(measured.cpuPerRequestUs / 1000, 2)} ms`;
  return `${fmt(measured.rps)} req/s, p50 ${fmt(measured.p50, 2)} ms, p99 ${fmt(measured.p99, 2)} ms, ${cpu} CPU`;
}

/** A row of the table: the store beside its ceiling, and what share of the ceiling the store reaches. */
export function tableRow(label: string, connections: number, store: Round, storeCell: string, ceilingRps: number, ceilingCell: string, answer: string): string {
  const row =
    `| ${label} | ${connections} | ${storeCell} | ${ceilingCell} | **${fmt((store.rps / ceilingRps) * 100, 1)}%** | ` +
    `${store.non2xx + store.errors} | ${answer} |`;
  process.stdout.write(`${row}\n`);
  return row;
}

/** The table's head, for the rows of `tableRow`. */
export const TABLE_HEAD =
  '| request | connections | the store | bare Fastify, same bytes | ratio | non-2xx | answer (br) |\n|---|---|---|---|---|---|---|\n';

/** The size of an answer as sent (its Content-Length: fetch would decode it), and its coding when it is not brotli. */
export async function answerSize(url: string): Promise<string> {
  const response = await fetch(url.replaceAll(EACH_REQUEST, 'size'), { headers: ACCEPT });
  await response.arrayBuffer();
  const encoding = response.headers.get('content-encoding') ?? 'identity';
  return `${response.headers.get('content-length') ?? '?'} B${encoding === 'br' ? '' : ` (${encoding})`}`;
}

/** Alternating rounds, store then ceiling, and one row of the table. */
export async function compare(
  label: string,
  pathAndQuery: string,
  store: Side,
  ceiling: Side,
  { connections = CONNECTIONS, cpuUnit = 'µs' }: { connections?: number; cpuUnit?: 'µs' | 'ms' } = {},
): Promise<string> {
  const [s, c] = (await alternate([
    () => round(`${store.base}${pathAndQuery}`, store.pid, connections, ROUND_SECONDS),
    () => round(`${ceiling.base}${pathAndQuery}`, ceiling.pid, connections, ROUND_SECONDS),
  ])) as [Round, Round];
  return tableRow(label, connections, s, cell(s, cpuUnit), c.rps, cell(c, cpuUnit), await answerSize(`${store.base}${pathAndQuery}`));
}

/** The headers of a recorded answer the ceiling sends too, by default: what says how to read it and how to keep it. */
const RECORDED_HEADERS = new Set(['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']);

/** The store's answers to the measured requests, recorded as sent (still compressed) for the ceiling to send byte for byte. */
export async function record(
  base: string,
  paths: string[],
  file: string,
  keepHeader: (name: string) => boolean = (name) => RECORDED_HEADERS.has(name),
): Promise<void> {
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
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === 'string' && keepHeader(name)) kept[name] = value;
    }
    recorded[pathAndQuery] = { headers: kept, body: body.toString('base64') };
  }
  await writeFile(file, JSON.stringify(recorded));
}

/** A server script of the benchmarks (a `.ts` file under bench/) that prints its port as one JSON line. */
export async function startServerScript(name: string, args: string[]): Promise<{ child: Child; base: string }> {
  let port: (value: number) => void = () => {};
  const listening = new Promise<number>((resolve) => (port = resolve));
  const child = startChild(name, args, process.env, portFromLine((value) => port(value)));
  const exited = new Promise<never>((_, reject) => {
    const check = setInterval(() => {
      if (!child.exited()) return;
      clearInterval(check);
      reject(new Error(`${name} exited while starting:\n${child.output()}`));
    }, 200);
    void listening.then(() => clearInterval(check));
  });
  const base = `http://127.0.0.1:${await Promise.race([listening, exited])}`;
  return { child, base };
}

export function startCeiling(file: string): Promise<{ child: Child; base: string }> {
  return startServerScript('bare Fastify', ['bench/bare-server.ts', file]);
}

/** The machine and the run, under the table: the cores, the load while it ran, the rounds. */
export function machineNote(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return (
    `${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), load average ${load}; ` +
    `${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each, autocannon in the runner's process; store: node dist/server.js on PostgreSQL (${apiRoot})`
  );
}
