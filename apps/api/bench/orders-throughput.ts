/**
 * Load benchmark: how many orders per second the API creates and pays end to end (create order,
 * create the PayPal payment, buyer approval in the sandbox, capture, delivery of a licence key), with
 * 20 concurrent buyers for 30 seconds, then a check that nothing was oversold. Meanwhile the receipts
 * go to a local SMTP server: how many a minute arrive, and how long after the capture; then, as the
 * ceiling, how fast nodemailer alone sends the same messages to that server.
 *
 * As deployed, the parts run apart: the API in a process of its own (orders-api.ts), the payment
 * sandbox in another (`@store/payment-sandbox/cli`), and this process is the buyers (plus the SMTP peer
 * on a worker thread). The CPU time of each process during the load is reported, with PostgreSQL's.
 *
 * Needs an empty PostgreSQL database: BENCH_DATABASE_URL=postgres://... pnpm --filter @store/api bench:orders
 * (without it, runs on PGlite). Other settings:
 * - BENCH_SECONDS (30), BENCH_CONCURRENCY (20), BENCH_POOL_SIZE (10: each API process's PostgreSQL connections);
 * - BENCH_INSTANCES (1): API processes on the one database, as behind a load balancer; the buyers take
 *   them in turn, purchase by purchase (each purchase's calls go to one instance; PostgreSQL only);
 * - BENCH_RECEIPTS=0: no SMTP server configured (receipts stay queued; no mail part);
 * - BENCH_CPU_PROFILE=<file.cpuprofile>: a V8 CPU profile of the API during the load
 *   (summarise it with `tsx bench/orders-profile.ts <file>`);
 * - BENCH_COUNT_QUERIES=1: counts the statements the API sends, per step of a purchase (adds overhead:
 *   a trial run, not a measurement);
 * - BENCH_LOG_LEVEL (warn);
 * - BENCH_ONE_ADDRESS=1: every purchase from 127.0.0.1, as before. By default each purchase comes from
 *   an address of its own (`X-Forwarded-For`, the API trusting its proxy as when deployed behind one):
 *   from one address, the unpaid-order check counts all the address's orders of the last hour on each
 *   new order, and its advisory lock makes all order creations wait for one another.
 * - BENCH_CEILING=1: the ceiling instead: the same buyers make the same PayPal calls (create with the
 *   store's payload, approve, capture) straight to the sandbox in its own process, with no store between:
 *   what purchases per second the payment provider's side alone allows on this machine.
 * The last line printed is a JSON summary (orders, per second, p50/p95, failures, checks, CPU split).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox/credentials';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { MAIL_CONNECTIONS } from '../src/mail/mailer.ts';
import { startSmtpPeer } from '../test/helpers/smtp-peer.ts';
import { addressOf, buyerClient, purchaseOnce } from './buyer-client.ts';
import type { ApiMessage, ApiReport } from './orders-api.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const RECEIPTS = process.env.BENCH_RECEIPTS !== '0';
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
const ONE_ADDRESS = process.env.BENCH_ONE_ADDRESS === '1';
const CEILING = process.env.BENCH_CEILING === '1';
const KEYS = 20_000;
const TICKS_PER_SECOND = 100;

/** The buyers' connections, kept alive and reused as a browser's (one per buyer and host). */
const client = buyerClient(CONCURRENCY * 2);
const { call, json } = client;

/** Starts a TypeScript entry as a child process with an IPC channel, through tsx's loader. */
function forkTs(entry: string, env: Record<string, string>): ChildProcess {
  const child = fork(entry, [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // Its log lines (BENCH_LOG_LEVEL) are read and dropped.
  child.stdout?.resume();
  return child;
}

function nextMessage<T>(child: ChildProcess, accept: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`child ${child.pid} exited (${code}) before answering`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends a message to the API process and waits for its answer. */
async function ask<R>(api: ChildProcess, message: ApiMessage): Promise<R> {
  const answer = nextMessage(api, (m): m is { type: string; result?: R; error?: string } => (m as { type?: string }).type === message.type);
  api.send(message);
  const { result, error } = await answer;
  if (error !== undefined) throw new Error(`API process: ${error}`);
  return result as R;
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks). */
async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds of every PostgreSQL process on the machine (its backends of all databases and its own workers), by pid. */
async function postgresCpu(): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat.includes('(postgres)')) continue;
    const seconds = await cpuSecondsOf(Number(entry));
    if (seconds !== undefined) byPid.set(Number(entry), seconds);
  }
  return byPid;
}

async function runBench(): Promise<void> {
  const smtpPeer = RECEIPTS ? await startSmtpPeerThread() : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'store-bench-orders-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;

  const sandboxProcess = forkTs(fileURLToPath(import.meta.resolve('@store/payment-sandbox/cli')), {});
  const { url: sandboxUrl } = await nextMessage(
    sandboxProcess,
    (m): m is { url: string } => typeof (m as { url?: unknown }).url === 'string',
  );
  if (INSTANCES > 1 && !databaseUrl) throw new Error('BENCH_INSTANCES above 1 needs BENCH_DATABASE_URL: PGlite is one process');
  // One after the other: the first migrates the database and creates the admin account.
  const apis: { process: ChildProcess; base: string }[] = [];
  for (let index = 0; index < INSTANCES; index += 1) {
    const child = forkTs(fileURLToPath(new URL('./orders-api.ts', import.meta.url)), {
      BENCH_DATA_DIR: dataDir,
      BENCH_PAYPAL_API_URL: sandboxUrl,
      BENCH_POOL_SIZE: String(POOL_SIZE),
      BENCH_TRUST_PROXY: ONE_ADDRESS ? 'false' : 'true',
    });
    const ready = await nextMessage(child, (m): m is { type: 'ready'; base: string } => (m as { type?: string }).type === 'ready');
    apis.push({ process: child, base: ready.base });
  }
  const { process: api, base } = apis[0]!;

  const login = await json(`${base}/api/auth/login`, 'POST', { username: 'admin', password: 'bench-admin-password' });
  const admin = { authorization: `Bearer ${login.access_token as string}` };
  // PayPal at the standalone sandbox, receipts to the SMTP peer.
  await json(
    `${base}/api/admin/settings`,
    'PUT',
    {
      paypal_client_id: SANDBOX_CREDENTIALS.clientId,
      paypal_client_secret: SANDBOX_CREDENTIALS.clientSecret,
      ...(smtpPeer
        ? {
            smtp_host: '127.0.0.1',
            smtp_port: smtpPeer.port,
            smtp_use_tls: false,
            smtp_from_email: 'shop@example.com',
            smtp_from_name: 'Bench Shop',
          }
        : {}),
    },
    admin,
  );
  const product = await json(
    `${base}/api/admin/products`,
    'POST',
    { title: 'Benchmark Licence', price: 24.99, description: 'Load test product', detailed_description: 'Load test product.' },
    admin,
  );
  const productId = product.id as string;
  for (let start = 0; start < KEYS; start += 5000) {
    const keys = Array.from({ length: 5000 }, (_, i) => `BENCH-${start + i}-${randomBytes(4).toString('hex')}`).join('\n');
    await json(`${base}/api/admin/products/${productId}/keys`, 'POST', { keys }, admin);
  }

  let paid = 0;
  let failures = 0;
  let buyers = 0;
  const latencies: number[] = [];
  /** When each buyer's capture call answered (performance.now()), by the buyer's email, to time its receipt. */
  const capturedAt = new Map<string, number>();

  async function buyer(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      const started = performance.now();
      // An email of its own per purchase: its receipt is matched to its capture.
      buyers += 1;
      // The instances in turn, as a round-robin load balancer with sticky sessions would share them.
      const instance = apis[buyers % apis.length]!.base;
      const email = `load-${buyers}@example.com`;
      const from: Record<string, string> = ONE_ADDRESS ? {} : addressOf(buyers);
      try {
        await purchaseOnce(client, { base: instance, sandboxUrl, productId, email, headers: from });
        capturedAt.set(email, performance.now());
        paid += 1;
        latencies.push(performance.now() - started);
      } catch (error) {
        failures += 1;
        if (failures <= 3) console.error(error);
      }
    }
  }

  // A short warm-up (JIT, connections, the PayPal token), not counted.
  await Promise.all(Array.from({ length: CONCURRENCY }, () => buyer(Date.now() + 2000)));
  const warmUp = { paid, failures };
  paid = 0;
  failures = 0;
  latencies.length = 0;

  if (CPU_PROFILE) await ask(api, { type: 'profile-start' });
  const apisCpu = async () =>
    (await Promise.all(apis.map((one) => cpuSecondsOf(one.process.pid!)))).reduce<number>((sum, s) => sum + (s ?? 0), 0);
  const cpuBefore = {
    api: await apisCpu(),
    sandbox: await cpuSecondsOf(sandboxProcess.pid!),
    buyers: process.cpuUsage(),
    postgres: await postgresCpu(),
  };
  const loadBefore = loadavg();
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, () => buyer(Date.now() + SECONDS * 1000)));
  const loadEnded = performance.now();
  const elapsed = (loadEnded - began) / 1000;
  const buyersCpu = process.cpuUsage(cpuBefore.buyers);
  const postgresAfter = await postgresCpu();
  const benchBackends = databaseUrl ? await backendPids(databaseUrl) : [];
  const cpu = {
    api: (await apisCpu()) - cpuBefore.api,
    sandbox: ((await cpuSecondsOf(sandboxProcess.pid!)) ?? 0) - (cpuBefore.sandbox ?? 0),
    buyers_and_smtp_peer: (buyersCpu.user + buyersCpu.system) / 1e6,
    postgres_bench_backends: benchBackends.reduce(
      (sum, pid) => sum + (postgresAfter.get(pid) ?? 0) - (cpuBefore.postgres.get(pid) ?? 0),
      0,
    ),
    postgres_all: [...postgresAfter].reduce((sum, [pid, seconds]) => sum + seconds - (cpuBefore.postgres.get(pid) ?? 0), 0),
  };
  const loadAfter = loadavg();
  if (CPU_PROFILE) await ask(api, { type: 'profile-stop', file: path.resolve(CPU_PROFILE) });

  // The receipts still on their way when the buyers stop.
  let mail: string[] = [];
  if (smtpPeer) {
    const drainDeadline = performance.now() + 30_000;
    const expected = paid + warmUp.paid;
    while (smtpPeer.arrivals.length < expected && performance.now() < drainDeadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const receiptsDuringLoad = smtpPeer.arrivals.filter((arrival) => arrival.at > began && arrival.at <= loadEnded).length;
    const lastReceiptAt = smtpPeer.arrivals.at(-1)?.at ?? loadEnded;
    const receiptDelays = smtpPeer.arrivals
      .flatMap((arrival) => {
        const captured = capturedAt.get(arrival.to);
        return captured === undefined ? [] : [arrival.at - captured];
      })
      .sort((a, b) => a - b);
    const arrived = smtpPeer.arrivals.length;
    const ceiling = await mailCeiling(smtpPeer, await ask<ApiReport>(api, { type: 'report', productId }), paid);
    mail = [
      `receipts at the SMTP server during the load: ${receiptsDuringLoad} (${((receiptsDuringLoad / elapsed) * 60).toFixed(0)} per minute); ${arrived} of ${expected} (warm-up included) arrived in all, the last ${((lastReceiptAt - loadEnded) / 1000).toFixed(1)} s after the load ended`,
      `receipt arrival after its capture answered: median ${quantile(receiptDelays, 0.5)} ms, p95 ${quantile(receiptDelays, 0.95)} ms, max ${quantile(receiptDelays, 1)} ms`,
      ceiling,
    ];
  }

  const report = await ask<ApiReport>(api, { type: 'report', productId });
  const sold = report.sold;
  const completedOrders = report.completed;
  const stockConsistent = report.stock === KEYS - sold - report.pendingUnits;
  const checksOk = sold === completedOrders && report.linesWithMoreThanOneKey === 0 && stockConsistent && sold === paid + warmUp.paid;

  latencies.sort((a, b) => a - b);
  const p = (q: number) => quantile(latencies, q);
  const perSecond = paid / elapsed;
  const cpuLine = (name: string, seconds: number) =>
    `${name} ${seconds.toFixed(1)} s (${((seconds / elapsed) * 100).toFixed(0)}% of a core)`;
  process.stdout.write(
    [
      `database: ${databaseUrl ? `PostgreSQL (pool ${POOL_SIZE} per API process)` : 'PGlite'}, ${INSTANCES} API process${INSTANCES > 1 ? 'es' : ''}, ${CONCURRENCY} concurrent buyers, ${elapsed.toFixed(1)} s, ${ONE_ADDRESS ? 'all from one address' : 'an address per purchase'}; API, payment sandbox and buyers in separate processes`,
      `orders created and paid: ${paid} (${perSecond.toFixed(1)} per second), failures: ${failures} (warm-up before: ${warmUp.paid} paid, ${warmUp.failures} failures)`,
      `latency of one full purchase (4 calls): median ${p(0.5)} ms, p95 ${p(0.95)} ms`,
      `keys sold ${sold} (warm-up included), completed orders ${completedOrders}, order lines holding more than one key ${report.linesWithMoreThanOneKey}`,
      `stock left ${report.stock} = ${KEYS} keys - ${sold} sold - ${report.pendingUnits} held by unpaid orders: ${stockConsistent ? 'consistent' : 'INCONSISTENT'}`,
      ...mail,
      `outbox: ${report.outbox.map((row) => `${row.n} ${row.status}`).join(', ')}`,
      `CPU during the load (${cpus().length} cores): ${cpuLine('API', cpu.api)}, ${cpuLine('sandbox', cpu.sandbox)}, ${cpuLine('buyers + SMTP peer', cpu.buyers_and_smtp_peer)}, ${cpuLine('PostgreSQL backends of the bench', cpu.postgres_bench_backends)}, ${cpuLine('all PostgreSQL processes', cpu.postgres_all)}`,
      `load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`,
      ...statementLines(report, paid + warmUp.paid),
    ].join('\n') + '\n',
  );

  const closed = nextMessage(
    sandboxProcess,
    (m): m is { connections: number } => typeof (m as { connections?: unknown }).connections === 'number',
  );
  for (const one of apis) await ask(one.process, { type: 'close' });
  sandboxProcess.send('close');
  const { connections: sandboxConnections } = await closed;
  await smtpPeer?.close();
  client.close();
  await rm(dataDir, { recursive: true, force: true });
  process.stdout.write(
    JSON.stringify({
      bench: 'orders',
      database: databaseUrl ? 'postgres' : 'pglite',
      pool_size: databaseUrl ? POOL_SIZE : null,
      instances: INSTANCES,
      concurrency: CONCURRENCY,
      one_address: ONE_ADDRESS,
      seconds: Number(elapsed.toFixed(2)),
      orders: paid,
      per_second: Number(perSecond.toFixed(1)),
      p50_ms: Number(p(0.5)),
      p95_ms: Number(p(0.95)),
      failures,
      checks_ok: checksOk,
      sandbox_connections: sandboxConnections,
      cpu_seconds: Object.fromEntries(Object.entries(cpu).map(([name, seconds]) => [name, Number(seconds.toFixed(2))])),
      loadavg_before: loadBefore.map((n) => Number(n.toFixed(2))),
      loadavg_after: loadAfter.map((n) => Number(n.toFixed(2))),
    }) + '\n',
  );
  if (!checksOk) process.exitCode = 1;
}

const quantile = (values: number[], q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))]?.toFixed(0) ?? '-';

/** The statements per purchase, by step (BENCH_COUNT_QUERIES=1 only). */
function statementLines(report: ApiReport, purchases: number): string[] {
  const routes = Object.keys(report.statements);
  if (routes.length === 0 || purchases === 0) return [];
  const lines = [`statements per purchase (${purchases} purchases, warm-up included), by step:`];
  let total = 0;
  let transactions = 0;
  for (const route of routes.sort()) {
    const byKind = report.statements[route]!;
    const count = Object.values(byKind).reduce((sum, n) => sum + n, 0);
    total += count;
    transactions += byKind.BEGIN ?? 0;
    const kinds = Object.entries(byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `${kind} ${(n / purchases).toFixed(2)}`)
      .join(', ');
    lines.push(`  ${route} (${report.requests[route] ?? 0} requests): ${(count / purchases).toFixed(2)} — ${kinds}`);
  }
  lines.push(`  in all: ${(total / purchases).toFixed(2)} round trips, ${(transactions / purchases).toFixed(2)} transactions per purchase`);
  return lines;
}

/** The ceiling: nodemailer's pool alone, the same messages to the same server, as many at a time. */
async function mailCeiling(smtpPeer: SmtpPeerThread, report: ApiReport, paid: number): Promise<string> {
  if (!report.sample) return 'ceiling: no receipt stored';
  const sample = report.sample;
  const rawMessages = Math.max(paid, 2000);
  const rawTransport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPeer.port,
    ignoreTLS: true,
    pool: true,
    maxConnections: MAIL_CONNECTIONS,
    maxMessages: 100,
  });
  const rawBefore = smtpPeer.arrivals.length;
  const rawBegan = performance.now();
  let rawNext = 0;
  await Promise.all(
    Array.from({ length: MAIL_CONNECTIONS }, async () => {
      while (rawNext < rawMessages) {
        rawNext += 1;
        await rawTransport.sendMail({
          from: { name: 'Bench Shop', address: 'shop@example.com' },
          to: `raw-${rawNext}@example.com`,
          subject: sample.subject,
          text: sample.text_body,
          html: sample.html_body,
        });
      }
    }),
  );
  const rawSeconds = (performance.now() - rawBegan) / 1000;
  rawTransport.close();
  // Each sendMail resolved on the server's acceptance; its report of them comes a little later.
  while (smtpPeer.arrivals.length < rawBefore + rawMessages) await new Promise((resolve) => setTimeout(resolve, 20));
  return `ceiling, nodemailer pool alone (${MAIL_CONNECTIONS} connections): ${rawMessages} messages in ${rawSeconds.toFixed(1)} s (${((rawMessages / rawSeconds) * 60).toFixed(0)} per minute)`;
}

/** The pids of the PostgreSQL backends connected to the bench's database. */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** A receipt as the SMTP peer saw it: its recipient and when it was accepted (this thread's performance.now()). */
interface Arrival {
  to: string;
  at: number;
}

interface SmtpPeerThread {
  port: number;
  arrivals: Arrival[];
  close: () => Promise<void>;
}

/**
 * The SMTP peer runs on a thread of its own, as a mail server on another machine would: its work does
 * not share the buyers' event loop. It reports each accepted message (recipient, time) in batches.
 */
async function startSmtpPeerThread(): Promise<SmtpPeerThread> {
  // The thread loads this TypeScript file again, through tsx: a worker does not inherit tsx's loader.
  const start = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(import.meta.url)});`;
  const thread = new Worker(new URL(`data:text/javascript,${encodeURIComponent(start)}`), { workerData: 'smtp-peer' });
  const arrivals: Arrival[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('error', reject);
    thread.on('message', (message: { port: number } | { arrivals: [string, number][] }) => {
      if ('port' in message) resolve(message.port);
      // performance.now() counts from each thread's own start: the times travel as timeOrigin-based instants.
      else for (const [to, at] of message.arrivals) arrivals.push({ to, at: at - performance.timeOrigin });
    });
  });
  return {
    port,
    arrivals,
    close: async () => {
      thread.postMessage('close');
      await new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}

async function serveSmtpPeer(): Promise<void> {
  const peer = await startSmtpPeer({ countOnly: true });
  const parent = parentPort!;
  let reported = 0;
  const report = () => {
    const batch = peer.received.slice(reported).map((mail) => [mail.to[0] ?? '', performance.timeOrigin + mail.at]);
    reported += batch.length;
    if (batch.length > 0) parent.postMessage({ arrivals: batch });
  };
  const timer = setInterval(report, 10);
  parent.on('message', (message) => {
    if (message !== 'close') return;
    clearInterval(timer);
    report();
    void peer.close().then(() => parent.close());
  });
  parent.postMessage({ port: peer.port });
}

/**
 * The ceiling (BENCH_CEILING=1): the purchase's PayPal calls alone, straight to the sandbox, by the same
 * number of buyers over the same kept-alive connections; the token is asked for once, as the store does.
 */
async function runCeiling(): Promise<void> {
  const sandboxProcess = forkTs(fileURLToPath(import.meta.resolve('@store/payment-sandbox/cli')), {});
  const { url: sandboxUrl } = await nextMessage(
    sandboxProcess,
    (m): m is { url: string } => typeof (m as { url?: unknown }).url === 'string',
  );
  const basic = Buffer.from(`${SANDBOX_CREDENTIALS.clientId}:${SANDBOX_CREDENTIALS.clientSecret}`).toString('base64');
  const token = await new Promise<string>((resolve, reject) => {
    const req = httpRequest(
      `${sandboxUrl}/v1/oauth2/token`,
      { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { access_token: string }).access_token));
      },
    );
    req.on('error', reject);
    req.end('grant_type=client_credentials');
  });
  const paypal = { authorization: `Bearer ${token}` };
  let paid = 0;
  let failures = 0;
  let purchases = 0;
  const latencies: number[] = [];
  async function buyer(deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      const started = performance.now();
      purchases += 1;
      const id = `ceiling-${purchases}-${randomBytes(4).toString('hex')}`;
      try {
        // The payload the store sends (payment-service.ts), for one licence at $24.99.
        const money = { currency_code: 'USD', value: '24.99' };
        const created = await json(
          `${sandboxUrl}/v2/checkout/orders`,
          'POST',
          {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: id,
                custom_id: id,
                invoice_id: id,
                description: `Bench Shop order #${id.slice(-8)}`,
                amount: { ...money, breakdown: { item_total: money } },
                items: [{ name: 'Benchmark Licence', quantity: '1', unit_amount: money, category: 'DIGITAL_GOODS' }],
              },
            ],
            payment_source: {
              paypal: {
                experience_context: {
                  brand_name: 'Bench Shop',
                  return_url: `http://127.0.0.1:3000/payment/success/${id}`,
                  cancel_url: `http://127.0.0.1:3000/payment/cancel/${id}`,
                  shipping_preference: 'NO_SHIPPING',
                  user_action: 'PAY_NOW',
                },
              },
            },
          },
          { ...paypal, 'paypal-request-id': `create-${id}` },
        );
        const paypalOrderId = created.id as string;
        const approved = await call(`${sandboxUrl}/checkoutnow/${paypalOrderId}/approve`, 'POST');
        if (approved.status !== 303) throw new Error(`approval answered ${approved.status}`);
        const captured = await json(
          `${sandboxUrl}/v2/checkout/orders/${paypalOrderId}/capture`,
          'POST',
          {},
          { ...paypal, 'paypal-request-id': `capture-${id}` },
        );
        if (captured.status !== 'COMPLETED') throw new Error(`capture answered ${String(captured.status)}`);
        paid += 1;
        latencies.push(performance.now() - started);
      } catch (error) {
        failures += 1;
        if (failures <= 3) console.error(error);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => buyer(Date.now() + 2000)));
  paid = 0;
  failures = 0;
  latencies.length = 0;
  const sandboxCpuBefore = await cpuSecondsOf(sandboxProcess.pid!);
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, () => buyer(Date.now() + SECONDS * 1000)));
  const elapsed = (performance.now() - began) / 1000;
  const sandboxCpu = ((await cpuSecondsOf(sandboxProcess.pid!)) ?? 0) - (sandboxCpuBefore ?? 0);
  latencies.sort((a, b) => a - b);
  const closed = nextMessage(
    sandboxProcess,
    (m): m is { connections: number } => typeof (m as { connections?: unknown }).connections === 'number',
  );
  sandboxProcess.send('close');
  await closed;
  client.close();
  const perSecond = paid / elapsed;
  process.stdout.write(
    `ceiling: the PayPal calls of a purchase straight to the sandbox (its own process), ${CONCURRENCY} concurrent buyers, ${elapsed.toFixed(1)} s\n` +
      `purchases: ${paid} (${perSecond.toFixed(1)} per second), failures: ${failures}, latency median ${quantile(latencies, 0.5)} ms, p95 ${quantile(latencies, 0.95)} ms; sandbox CPU ${sandboxCpu.toFixed(1)} s\n` +
      JSON.stringify({
        bench: 'orders-ceiling',
        concurrency: CONCURRENCY,
        seconds: Number(elapsed.toFixed(2)),
        orders: paid,
        per_second: Number(perSecond.toFixed(1)),
        p50_ms: Number(quantile(latencies, 0.5)),
        p95_ms: Number(quantile(latencies, 0.95)),
        failures,
      }) +
      '\n',
  );
  if (failures > 0) process.exitCode = 1;
}

if (isMainThread) await (CEILING ? runCeiling() : runBench());
else if (workerData === 'smtp-peer') await serveSmtpPeer();
