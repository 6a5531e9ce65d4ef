/**
 * Benchmark: a large deliverable through the API on the fs driver. Uploads a 1 GiB file (BENCH_FILE_MIB
 * changes the size) as staff do, buys it as a guest, then downloads it through the signed link and times
 * the download against bare Fastify answering the same file with `reply.sendFile` (the ceiling; goal: at
 * least 80% of it), both with sendFile's defaults and reading 64 KiB at a time as the API does (on Node 20
 * sendFile's default reads 16 KiB; see bench/sendfile-server.ts); the goal is judged against the faster.
 * Rounds alternate, API then each ceiling, BENCH_ROUNDS times (default 3; the median is reported), then
 * one round of 4 concurrent downloads of each. Each round also reports the server's CPU time per GiB,
 * which other work on the machine barely moves.
 * The API and the ceiling each run as a process of their own, whose RSS is read from /proc every 50 ms:
 * the peak growth over the level after start and a warm-up (login, a 1 MiB upload), and over the level
 * when the phase began, is reported for the upload and the downloads (goal: under 64 MiB whatever the
 * file's size). Speeds are MiB/s (1 MiB = 1,048,576 bytes).
 * Usage: pnpm --filter @store/api bench:downloads (Linux only: it reads /proc). The database is PGlite;
 * BENCH_DATABASE_URL=postgres://... runs the API on an empty PostgreSQL database instead.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { isFullOrder, type AuthResponse, type GuestOrderView, type Order, type Product, type ProductFile } from '@store/contracts';
import { freePort, startChild, waitForHealth, type Child } from './processes.ts';

const MiB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_FILE_MIB ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = 4;
const RSS_BUDGET = 64 * MiB;
const RATIO_GOAL = 0.8;
const SAMPLE_MS = 50;
const ADMIN_PASSWORD = 'bench-admin-password';
/* Memory ------------------------------------------------------------------------------------------- */

/** The RSS of another process, from /proc/<pid>/status, and its peak over a phase. */
class RssSampler {
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  read(): number {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    if (!match) throw new Error(`no VmRSS for process ${this.pid}`);
    return Number(match[1]) * 1024;
  }

  /** Starts sampling; answers the level at the start. */
  start(): number {
    this.peak = this.read();
    this.timer = setInterval(() => {
      try {
        this.peak = Math.max(this.peak, this.read());
      } catch {
        // The process is gone: the request in flight fails and says so.
      }
    }, SAMPLE_MS);
    return this.peak;
  }

  /** Stops sampling; answers the peak seen since start(). */
  stop(): number {
    clearInterval(this.timer);
    this.peak = Math.max(this.peak, this.read());
    return this.peak;
  }
}

// Clock ticks per second of /proc/<pid>/stat's CPU times: 100 on every Linux seen, asked all the same.
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time (user + system) a process has used, in seconds. Unlike the speed it barely moves with
 * other work on the machine: the figure to compare when the machine is busy.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** The level a process settles at: the median of a few reads over half a second. */
async function settledRss(sampler: RssSampler): Promise<number> {
  const reads: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    reads.push(sampler.read());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  return median(reads);
}

/* HTTP --------------------------------------------------------------------------------------------- */

/** A JSON call to the API; any answer but 2xx throws with the exact request and answer. */
async function api<T>(base: string, method: string, route: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `${method} ${route}${options.body !== undefined ? ` ${JSON.stringify(options.body)}` : ''} answered ${response.status}: ${text}`,
    );
  }
  return JSON.parse(text) as T;
}

/**
 * Uploads `file` as the one part (`file`) of a multipart body, streamed from the disk with an exact
 * Content-Length: the client holds one chunk at a time, whatever the file's size.
 */
async function uploadFile(base: string, token: string, productId: string, file: string, size: number): Promise<ProductFile> {
  const boundary = `----store-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const route = `/api/admin/products/${productId}/files`;
  const request = http.request(`${base}${route}`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ status, text: Buffer.concat(chunks).toString() });
        // An early refusal: stop sending the rest of the body.
        if (status >= 300) request.destroy();
      });
    });
  });
  const sent = pipeline(async function* () {
    yield head;
    yield* createReadStream(file);
    yield tail;
  }, request);
  const [sending, answered] = await Promise.allSettled([sent, answer]);
  if (answered.status === 'rejected') throw sending.status === 'rejected' ? sending.reason : answered.reason;
  const { status, text } = answered.value;
  if (status !== 201 && status !== 200) throw new Error(`POST ${route} (multipart, ${size} bytes in "file") answered ${status}: ${text}`);
  return JSON.parse(text) as ProductFile;
}

interface Download {
  bytes: number;
  seconds: number;
  sha256: string | null;
}

/** GETs `url` and counts the bytes (hashing them when asked); anything but a 200 of `size` bytes throws. */
function download(url: string, size: number, hash: boolean): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          reject(new Error(`GET ${url} answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 2000)}`)),
        );
        return;
      }
      const digest = hash ? createHash('sha256') : null;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        digest?.update(chunk);
      });
      response.once('error', reject);
      response.once('end', () => {
        const seconds = (performance.now() - started) / 1000;
        if (bytes !== size) reject(new Error(`GET ${url} sent ${bytes} bytes, not ${size}`));
        else resolve({ bytes, seconds, sha256: digest?.digest('hex') ?? null });
      });
    });
    request.once('error', reject);
  });
}

/** `clients` downloads at once; answers the aggregate MiB/s (all bytes over the wall time). */
async function concurrentMibPerSecond(urls: () => Promise<string>, size: number, clients: number): Promise<number> {
  const links = await Promise.all(Array.from({ length: clients }, () => urls()));
  const started = performance.now();
  const done = await Promise.all(links.map((link) => download(link, size, false)));
  const seconds = (performance.now() - started) / 1000;
  return done.reduce((sum, one) => sum + one.bytes, 0) / MiB / seconds;
}

/* Figures ------------------------------------------------------------------------------------------ */

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const mibps = (one: Download) => one.bytes / MiB / one.seconds;

interface Round {
  mibps: number;
  /** The server's CPU seconds per GiB sent. */
  cpuPerGiB: number;
}

/** One timed download from a server, with the CPU time the server spent on it (the link is fetched first). */
async function timedRound(pid: number, link: () => Promise<string>, size: number): Promise<Round> {
  const url = await link();
  const cpuBefore = cpuSeconds(pid);
  const done = await download(url, size, false);
  return { mibps: mibps(done), cpuPerGiB: (cpuSeconds(pid) - cpuBefore) / (done.bytes / 1024 ** 3) };
}
const mib = (bytes: number) => (bytes / MiB).toFixed(1);
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
const loadAtStart = loadAverage();

/** SIZE MiB of a random 1 MiB block repeated (written fast), and its sha256. */
async function writeBenchFile(file: string, mebibytes: number): Promise<string> {
  const block = randomBytes(MiB);
  const hash = createHash('sha256');
  await pipeline(
    function* () {
      for (let i = 0; i < mebibytes; i += 1) {
        hash.update(block);
        yield block;
      }
    },
    createWriteStream(file, { flags: 'wx' }),
  );
  return hash.digest('hex');
}

/* The run ------------------------------------------------------------------------------------------ */

const children: Child[] = [];
const work = await mkdtemp(path.join(os.tmpdir(), 'store-bench-downloads-'));
let cleaned: Promise<void> | undefined;
const cleanUp = () => {
  cleaned ??= (async () => {
    await Promise.all(children.map((child) => child.stop()));
    await rm(work, { recursive: true, force: true });
  })();
  return cleaned;
};
const interrupted = () => {
  void cleanUp().then(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

async function runBench(): Promise<string[]> {
  const size = FILE_MIB * MiB;
  const source = path.join(work, 'bench.bin');
  const warmUpFile = path.join(work, 'warm-up.bin');
  const dataDir = path.join(work, 'data');
  const sha256 = await writeBenchFile(source, FILE_MIB);
  await writeBenchFile(warmUpFile, 1);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const apiProcess = startChild('the API', ['src/server.ts'], {
    // Only what the API needs: a DATABASE_URL or STORAGE_DRIVER of the shell must not leak in.
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_ORDERS_PER_BUYER: '1000000',
    UNPAID_ORDERS_PER_ADDRESS: '1000000',
    MAX_DELIVERABLE_BYTES: String(Math.max(4 * 1024 * MiB, size)),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  children.push(apiProcess);
  await waitForHealth(apiProcess, `${base}/api/health`, 'the API');
  const apiRss = new RssSampler(apiProcess.pid);

  const { access_token: token } = await api<AuthResponse>(base, 'POST', '/api/auth/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const newProduct = (title: string) =>
    api<Product>(base, 'POST', '/api/admin/products', {
      token,
      body: {
        title,
        price: 1,
        description: 'A large file to time downloads.',
        detailed_description: 'A large file to time uploads and downloads through the API.',
        stock_quantity: 100,
        download_limit: 1000,
        category: 'courses',
      },
    });
  // The warm-up loads the upload's code paths, so the baseline holds code and the growth is buffers.
  const warmUp = await newProduct('Benchmark Warm-up');
  await uploadFile(base, token, warmUp.id, warmUpFile, MiB);
  const product = await newProduct('Benchmark Download');
  const apiBaseline = await settledRss(apiRss);

  apiRss.start();
  const uploadStarted = performance.now();
  const stored = await uploadFile(base, token, product.id, source, size);
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const uploadPeak = apiRss.stop();
  if (stored.size !== size || stored.sha256 !== sha256) {
    throw new Error(`the upload's answer says ${stored.size} bytes, sha256 ${stored.sha256}; the file has ${size} bytes, sha256 ${sha256}`);
  }

  const order = await api<Order>(base, 'POST', '/api/orders', {
    body: {
      items: [{ product_id: product.id, quantity: 1 }],
      invoice_data: { email: 'bench@example.com', name: 'Bench', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  if (!order.access_token) throw new Error(`POST /api/orders answered no access_token: ${JSON.stringify(order)}`);
  const orderToken = order.access_token;
  await api<Order>(base, 'PATCH', `/api/admin/orders/${order.id}/status?status=confirmed`, { token });
  // Each download takes a fresh link, as the order page gives one each time it is opened.
  const apiLink = async () => {
    const route = `/api/guest/orders/${order.id}?token=${encodeURIComponent(orderToken)}`;
    const view = await api<GuestOrderView>(base, 'GET', route);
    const url = isFullOrder(view) ? view.items[0]?.downloads?.[0]?.url : undefined;
    if (!url) throw new Error(`GET ${route} answered no download link: ${JSON.stringify(view)}`);
    return `${base}${url}`;
  };

  // The ceiling serves the stored blob itself: the same bytes from the same place on disk.
  const blob = path.join(dataDir, 'blobs', 'files', product.id, stored.id);
  const blobSize = await stat(blob).then(
    (found) => found.size,
    () => -1,
  );
  const ceilingFile = blobSize === size ? blob : source;
  let ceilingPort: (port: number) => void = () => {};
  const ceilingListening = new Promise<number>((resolve) => {
    ceilingPort = resolve;
  });
  const ceilingProcess = startChild(
    'the sendFile server',
    ['bench/sendfile-server.ts', ceilingFile],
    { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
    (line) => {
      if (line.startsWith('{')) ceilingPort((JSON.parse(line) as { port: number }).port);
    },
  );
  children.push(ceilingProcess);
  let timer: NodeJS.Timeout | undefined;
  const tooLate = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the sendFile server did not start:\n${ceilingProcess.output()}`)), 60_000);
  });
  const ceilingBase = `http://127.0.0.1:${await Promise.race([ceilingListening, tooLate]).finally(() => clearTimeout(timer))}`;
  await waitForHealth(ceilingProcess, `${ceilingBase}/health`, 'the sendFile server');
  const ceilingRss = new RssSampler(ceilingProcess.pid);
  const ceilingBaseline = await settledRss(ceilingRss);
  const sendFileLink = () => Promise.resolve(`${ceilingBase}/file`);
  const sendFile64kLink = () => Promise.resolve(`${ceilingBase}/file-64k`);

  // One client at a time. The first download of each is hashed to check the bytes (and warms the page
  // cache and the code), untimed; then the timed rounds alternate.
  const apiBefore = apiRss.start();
  const ceilingBefore = ceilingRss.start();
  const apiCheck = await download(await apiLink(), size, true);
  if (apiCheck.sha256 !== sha256) throw new Error(`the API's download has sha256 ${apiCheck.sha256}, the file ${sha256}`);
  const ceilingCheck = await download(await sendFileLink(), size, true);
  if (ceilingCheck.sha256 !== sha256) {
    throw new Error(`the sendFile server's download has sha256 ${ceilingCheck.sha256}, the file ${sha256}`);
  }
  const rounds = { api: [] as Round[], sendFile: [] as Round[], sendFile64k: [] as Round[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.api.push(await timedRound(apiProcess.pid, apiLink, size));
    rounds.sendFile.push(await timedRound(ceilingProcess.pid, sendFileLink, size));
    rounds.sendFile64k.push(await timedRound(ceilingProcess.pid, sendFile64kLink, size));
  }
  const apiDownloadPeak = apiRss.stop();
  const ceilingDownloadPeak = ceilingRss.stop();

  const apiConcurrentBefore = apiRss.start();
  const ceilingConcurrentBefore = ceilingRss.start();
  const concurrent = {
    api: await concurrentMibPerSecond(apiLink, size, CLIENTS),
    sendFile: await concurrentMibPerSecond(sendFileLink, size, CLIENTS),
    sendFile64k: await concurrentMibPerSecond(sendFile64kLink, size, CLIENTS),
  };
  const apiConcurrentPeak = apiRss.stop();
  const ceilingConcurrentPeak = ceilingRss.stop();

  const speeds = (of: Round[]) => of.map((round) => round.mibps);
  const cpus = (of: Round[]) => of.map((round) => round.cpuPerGiB);
  const medians = {
    api: median(speeds(rounds.api)),
    sendFile: median(speeds(rounds.sendFile)),
    sendFile64k: median(speeds(rounds.sendFile64k)),
  };
  const cpuMedians = {
    api: median(cpus(rounds.api)),
    sendFile: median(cpus(rounds.sendFile)),
    sendFile64k: median(cpus(rounds.sendFile64k)),
  };
  // The goal is judged against the faster way of sendFile: a ceiling below the API would prove nothing.
  const ceiling = Math.max(medians.sendFile, medians.sendFile64k);
  const ratio = medians.api / ceiling;
  // Growth over the baseline, and over the level when the phase began (the API's RSS may have fallen since).
  const phases = [
    { name: 'upload', peak: uploadPeak, before: apiBaseline, ceiling: null },
    { name: 'download, 1 client', peak: apiDownloadPeak, before: apiBefore, ceiling: { peak: ceilingDownloadPeak, before: ceilingBefore } },
    {
      name: `download, ${CLIENTS} clients`,
      peak: apiConcurrentPeak,
      before: apiConcurrentBefore,
      ceiling: { peak: ceilingConcurrentPeak, before: ceilingConcurrentBefore },
    },
  ];
  const worstGrowth = Math.max(...phases.map((phase) => phase.peak - Math.min(apiBaseline, phase.before)));
  const fast = ratio >= RATIO_GOAL;
  const lean = worstGrowth < RSS_BUDGET;
  process.exitCode = fast && lean ? 0 : 1;

  const machine = os.cpus();
  const list = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(', ');
  const growth = (peak: number, baseline: number, before: number) => `${mib(peak - baseline)} / ${mib(peak - before)}`;
  return [
    'Downloads through the API (fs driver) against bare Fastify reply.sendFile of the same file',
    `machine: ${machine[0]?.model ?? 'unknown CPU'}, ${machine.length} CPUs, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
    `load average at the start and end of the run: ${loadAtStart} and ${loadAverage()} (other work on the machine slows every figure alike)`,
    `file: ${FILE_MIB} MiB (${size} bytes, sha256 ${sha256.slice(0, 16)}...), database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ceiling serves ${ceilingFile === blob ? 'the stored blob' : 'the source file (the stored blob was not found)'}`,
    `MiB/s = 1,048,576 bytes per second; ${ROUNDS} timed rounds of 1 client, alternating API, sendFile, sendFile with 64 KiB reads, after one hashed check download of the API and of sendFile`,
    '',
    '| measure | the store (API, fs driver) | ceiling (Fastify sendFile) | ratio | sendFile, 64 KiB reads | ratio |',
    '|---|---|---|---|---|---|',
    `| download MiB/s (median of ${ROUNDS} rounds, 1 client) | ${medians.api.toFixed(0)} | ${medians.sendFile.toFixed(0)} | ${percent(medians.api / medians.sendFile)} | ${medians.sendFile64k.toFixed(0)} | ${percent(medians.api / medians.sendFile64k)} |`,
    `| download MiB/s (${CLIENTS} clients, aggregate) | ${concurrent.api.toFixed(0)} | ${concurrent.sendFile.toFixed(0)} | ${percent(concurrent.api / concurrent.sendFile)} | ${concurrent.sendFile64k.toFixed(0)} | ${percent(concurrent.api / concurrent.sendFile64k)} |`,
    `| server CPU s per GiB sent (median, 1 client; ratio: the ceiling's over the store's) | ${cpuMedians.api.toFixed(2)} | ${cpuMedians.sendFile.toFixed(2)} | ${percent(cpuMedians.sendFile / cpuMedians.api)} | ${cpuMedians.sendFile64k.toFixed(2)} | ${percent(cpuMedians.sendFile64k / cpuMedians.api)} |`,
    `| upload MiB/s (multipart, hashed, flushed to disk) | ${(FILE_MIB / uploadSeconds).toFixed(0)} | - | - | - | - |`,
    ...phases.map(
      (phase) =>
        `| peak RSS growth during ${phase.name} (MiB, over the baseline / over the level at its start) | ${growth(phase.peak, apiBaseline, phase.before)} | ${
          phase.ceiling ? `${growth(phase.ceiling.peak, ceilingBaseline, phase.ceiling.before)} (both routes)` : '-'
        } | - | - | - |`,
    ),
    '',
    `rounds, MiB/s: API ${list(speeds(rounds.api))}; sendFile ${list(speeds(rounds.sendFile))}; sendFile with 64 KiB reads ${list(speeds(rounds.sendFile64k))}`,
    `rounds, server CPU s per GiB: API ${list(cpus(rounds.api), 2)}; sendFile ${list(cpus(rounds.sendFile), 2)}; sendFile with 64 KiB reads ${list(cpus(rounds.sendFile64k), 2)}`,
    `hashed check downloads, MiB/s: API ${mibps(apiCheck).toFixed(0)}, sendFile ${mibps(ceilingCheck).toFixed(0)}; the upload took ${uploadSeconds.toFixed(1)} s`,
    `RSS baselines (after start and warm-up): API ${mib(apiBaseline)} MiB, ceiling ${mib(ceilingBaseline)} MiB; the API's RSS may fall below its baseline later (start-up garbage collected), so the growth over the level at a phase's start is the stricter figure, and the goal takes the larger of the two`,
    'checks: the upload answered the file size and sha256; both check downloads had the file sha256',
    `goal, download at least ${percent(RATIO_GOAL)} of the faster sendFile: ${fast ? 'MET' : 'MISSED'} (${percent(ratio)})`,
    `goal, API RSS growth under ${RSS_BUDGET / MiB} MiB: ${lean ? 'MET' : 'MISSED'} (worst ${mib(worstGrowth)} MiB)`,
  ];
}

try {
  const lines = await runBench();
  process.stdout.write(`${lines.join('\n')}\n`);
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  await cleanUp();
}
