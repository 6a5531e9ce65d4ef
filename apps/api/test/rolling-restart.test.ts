import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SETTINGS_TTL_MS } from '../src/settings/settings-repository.ts';
import { ADMIN_PASSWORD, TEST_DATA_ENCRYPTION_KEY } from './helpers/build.ts';
import { startHaproxy, type HaproxyServerStats, type RunningHaproxy } from './helpers/haproxy.ts';
import { freePort } from './helpers/ports.ts';
import { waitFor } from './helpers/wait-for.ts';

/**
 * A rolling restart as deployed: two server processes (`src/server.ts`) on one PostgreSQL database and one
 * Redis, paying through one payment sandbox process, behind HAProxy that checks `/readyz`
 * (helpers/haproxy.ts). Shoppers browse and buy through HAProxy the whole time while each instance in turn
 * gets SIGTERM, drains (SHUTDOWN_DRAIN_SECONDS), exits and is started again: no request may fail and every
 * purchase must complete exactly once (docs/decisions/058-operations.md).
 *
 * Two processes cannot open one embedded PGlite database, so this runs on PostgreSQL only (TEST_DATABASE_URL).
 */

const apiRoot = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(apiRoot, 'src/server.ts');
const sandboxEntry = fileURLToPath(import.meta.resolve('@store/payment-sandbox/cli'));
const REDIS_URL = inject('redisUrl');
const DRAIN_SECONDS = 2;
const CATALOGUE_LOOPS = 4;
const PURCHASE_LOOPS = 3;
const KEYS = 4000;

interface ServerProcess {
  output: () => string;
  exited: Promise<number | null>;
  hasExited: () => boolean;
  kill: (signal: NodeJS.Signals) => void;
}

/** A process of ours: its last output kept for failures, its exit code awaited. */
function startProcess(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: apiRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let gone = false;
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      gone = true;
      resolve(code);
    }),
  );
  return { output: () => output, exited, hasExited: () => gone, kill: (signal) => child.kill(signal) };
}

interface Instance {
  name: 'a' | 'b';
  port: number;
  dataDir: string;
  server: ServerProcess;
}

/** What the test notes as it runs, in ms since the load began. */
interface Timeline {
  start: number;
  events: { what: string; at: number }[];
  /** When each server answered, by HAProxy's X-Server header. */
  answeredBy: Map<string, number[]>;
}

const now = (timeline: Timeline) => performance.now() - timeline.start;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a rolling restart behind HAProxy', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dataRoot: string;
  let sandbox: ServerProcess;
  let sandboxUrl: string;
  let haproxy: RunningHaproxy;
  const instances: Instance[] = [];
  const keyPrefix = `store-test-rr-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const productIds: string[] = [];
  let stockedProductId: string;

  const serverEnv = (instance: Pick<Instance, 'port' | 'dataDir'>): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    // Development rather than test: the sweeps run on their timers, so the shutdown stops them too.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(instance.port),
    PUBLIC_URL: haproxy.url,
    DATA_DIR: instance.dataDir,
    DATABASE_URL: database.url,
    ...(REDIS_URL ? { REDIS_URL } : {}),
    REDIS_KEY_PREFIX: keyPrefix,
    JWT_SECRET: 'rolling-restart-secret-that-is-long-enough-0123456789',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    PAYMENT_SANDBOX: 'false',
    PAYPAL_API_URL: sandboxUrl,
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    // Behind HAProxy: each shopper's address comes in X-Forwarded-For.
    TRUST_PROXY: 'true',
    // Order creation and the guest order page are limited per address; the shoppers are many and fast.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_ORDERS_PER_BUYER: '1000000',
    UNPAID_ORDERS_PER_ADDRESS: '1000000',
  });

  /** Starts an instance's process and waits until it answers ready on its own port. */
  async function start(instance: Omit<Instance, 'server'>): Promise<Instance> {
    const server = startProcess([serverEntry], serverEnv(instance));
    const ready = waitFor(
      async () => {
        if (server.hasExited()) throw new Error(`instance ${instance.name} exited while starting:\n${server.output()}`);
        try {
          const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
          await response.arrayBuffer();
          return response.status === 200;
        } catch {
          return false;
        }
      },
      `instance ${instance.name} ready`,
      120_000,
    );
    await ready.catch((error: unknown) => {
      server.kill('SIGKILL');
      throw error;
    });
    return { ...instance, server };
  }

  const serverState = async (name: string): Promise<HaproxyServerStats> => {
    const found = (await haproxy.servers()).find((server) => server.name === name);
    if (!found) throw new Error(`HAProxy has no server ${name}`);
    return found;
  };

  beforeAll(async () => {
    const template = inject('pgTemplate');
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `${template}_rr_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    database = {
      url: target.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
    dataRoot = await mkdtemp(path.join(tmpdir(), 'store-rolling-'));

    sandbox = startProcess([sandboxEntry], { PATH: process.env.PATH ?? '' });
    sandboxUrl = await waitFor(() => /\{"url":"([^"]+)"\}/.exec(sandbox.output())?.[1], 'the payment sandbox', 60_000);

    const planned = [
      { name: 'a' as const, port: await freePort(), dataDir: await mkdtemp(path.join(dataRoot, 'a-')) },
      { name: 'b' as const, port: await freePort(), dataDir: await mkdtemp(path.join(dataRoot, 'b-')) },
    ];
    haproxy = await startHaproxy(planned);
    // Both at once, as after a deploy: one of them creates the admin account.
    instances.push(...(await Promise.all(planned.map(start))));
    await waitFor(async () => (await haproxy.servers()).every((server) => server.status === 'UP'), 'both servers UP in HAProxy', 30_000);

    // The shop, set up through HAProxy by the admin: PayPal at the sandbox, products, keys.
    const login = await send('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    const token = { authorization: `Bearer ${login.access_token as string}` };
    await send(
      'PUT',
      '/api/admin/settings',
      { paypal_client_id: 'sandbox-client-id', paypal_client_secret: 'sandbox-client-secret' },
      token,
    );
    for (let index = 0; index < 3; index += 1) {
      const product = await send(
        'POST',
        '/api/admin/products',
        {
          title: `Rolling Licence ${index} ${randomBytes(3).toString('hex')}`,
          price: 19.99 + index,
          category: 'software',
          product_type: 'single',
          description: 'A licence sold during a rolling restart',
          detailed_description: 'A licence sold during a rolling restart.',
          stock_quantity: 0,
        },
        token,
      );
      productIds.push(product.id as string);
    }
    stockedProductId = productIds[0]!;
    const keys = Array.from({ length: KEYS }, (_, i) => `ROLL-${i}-${randomBytes(5).toString('hex').toUpperCase()}`);
    await send('POST', `/api/admin/products/${stockedProductId}/keys`, { keys: keys.join('\n') }, token);
    // The other instance sees the saved PayPal settings once its cached copy lapses (seen without this wait:
    // a first purchase on it answered 503 payments_not_configured).
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_TTL_MS + 500));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(async (instance) => {
        instance.server.kill('SIGTERM');
        const killer = setTimeout(() => instance.server.kill('SIGKILL'), 20_000);
        await instance.server.exited;
        clearTimeout(killer);
      }),
    );
    sandbox?.kill('SIGTERM');
    await sandbox?.exited;
    await haproxy?.close();
    await database?.drop();
    if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
  }, 60_000);

  /** Counts of the requests sent through HAProxy while the load runs; outside it, `send` throws on a failure. */
  let tally: { sent: number; failed: number; failures: string[]; timeline: Timeline } | undefined;

  /** One request through HAProxy; a JSON answer parsed. A non-2xx answer or a network error is a failure. */
  async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
    if (tally) tally.sent += 1;
    let status = 0;
    let text = '';
    let server = '';
    try {
      const response = await fetch(`${haproxy.url}${url}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      status = response.status;
      server = response.headers.get('x-server') ?? '';
      text = await response.text();
    } catch (error) {
      text = String((error as { cause?: unknown }).cause ?? error);
    }
    if (tally) {
      const at = now(tally.timeline);
      const answered = tally.timeline.answeredBy.get(server) ?? [];
      answered.push(at);
      tally.timeline.answeredBy.set(server, answered);
      if (status < 200 || status > 299) {
        tally.failed += 1;
        if (tally.failures.length < 20)
          tally.failures.push(`${at.toFixed(0)} ms ${method} ${url.split('?')[0]}: ${status} from "${server}" ${text.slice(0, 200)}`);
      }
    }
    if (status < 200 || status > 299) throw new Error(`${method} ${url}: ${status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  it('answers every request and completes every purchase once while each instance restarts in turn', { timeout: 300_000 }, async () => {
    const began = performance.now();
    const timeline: Timeline = { start: began, events: [], answeredBy: new Map() };
    const note = (what: string) => timeline.events.push({ what, at: now(timeline) });
    tally = { sent: 0, failed: 0, failures: [], timeline };
    let running = true;

    const browse = async (loop: number) => {
      for (let n = 0; running; n += 1) {
        await (
          n % 2 === 0 ? send('GET', '/api/products') : send('GET', `/api/products/${productIds[(n + loop) % productIds.length]!}`)
        ).catch(() => {});
      }
    };

    /** The purchases the shoppers saw through: order id, units, keys shown. */
    const bought: { orderId: string; quantity: number; keys: string[] }[] = [];
    let purchasesStarted = 0;
    let purchasesFailed = 0;
    const purchase = async (number: number) => {
      // An address of its own per purchase, as shoppers have: the per-address limits never pool them.
      const from = { 'x-forwarded-for': `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}` };
      const quantity = number % 3 === 0 ? 2 : 1;
      const invoice = {
        email: `rolling-${number}@example.com`,
        name: 'Rolling Buyer',
        address: '1 High Street',
        city: 'Leeds',
        country: 'United Kingdom',
      };
      const order = await send('POST', '/api/orders', { items: [{ product_id: stockedProductId, quantity }], invoice_data: invoice }, from);
      const orderId = order.id as string;
      const payment = await send('POST', `/api/payments/create?order_id=${orderId}`, undefined, from);
      const paypalOrderId = new URL(payment.payment_url as string).searchParams.get('token')!;
      // The buyer approves at PayPal: the sandbox directly, not through the shop.
      const approved = await fetch(`${sandboxUrl}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
      await approved.arrayBuffer();
      if (approved.status !== 303) throw new Error(`the sandbox's approval answered ${approved.status}`);
      const captured = await send('POST', `/api/paypal/capture-order/${paypalOrderId}`, undefined, from);
      if (captured.success !== true || captured.order_id !== orderId) throw new Error(`capture answered ${JSON.stringify(captured)}`);
      const shown = await send(
        'GET',
        `/api/guest/orders/${orderId}?token=${encodeURIComponent(order.access_token as string)}`,
        undefined,
        from,
      );
      const keys = (shown.items as { keys?: string[] }[]).flatMap((item) => item.keys ?? []);
      if (shown.status !== 'completed' || keys.length !== quantity)
        throw new Error(`order ${orderId} shows ${String(shown.status)} with ${keys.length} keys`);
      bought.push({ orderId, quantity, keys });
    };
    const buy = async () => {
      while (running) {
        purchasesStarted += 1;
        await purchase(purchasesStarted).catch((error: unknown) => {
          purchasesFailed += 1;
          if (tally!.failures.length < 20) tally!.failures.push(`purchase: ${String(error)}`);
        });
      }
    };

    const loops = [
      ...Array.from({ length: CATALOGUE_LOOPS }, (_, loop) => browse(loop)),
      ...Array.from({ length: PURCHASE_LOOPS }, () => buy()),
    ];
    note('load started');
    // Some traffic on both before the first restart, purchases through to their keys among it.
    await waitFor(
      () => (timeline.answeredBy.get('a')?.length ?? 0) > 100 && (timeline.answeredBy.get('b')?.length ?? 0) > 100 && bought.length >= 10,
      'traffic on both',
      30_000,
    );

    const restarts: string[] = [];
    try {
      for (const [index, instance] of instances.entries()) {
        const name = instance.name;
        note(`SIGTERM ${name}`);
        const signalledAt = performance.now();
        instance.server.kill('SIGTERM');
        // HAProxy's view while it drains: it must take it out long before the process stops listening.
        let outAfterMs: number | null = null;
        while (!instance.server.hasExited()) {
          if (outAfterMs === null && (await serverState(name)).status.startsWith('DOWN')) {
            outAfterMs = performance.now() - signalledAt;
            note(`${name} DOWN in HAProxy`);
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const code = await instance.server.exited;
        const exitedAfterMs = performance.now() - signalledAt;
        note(`${name} exited (${code})`);
        expect(code, `instance ${name} exit code; it printed:\n${instance.server.output()}`).toBe(0);

        const restarted = await start(instance);
        instances[index] = restarted;
        note(`${name} ready on its port`);
        await waitFor(async () => (await serverState(name)).status === 'UP', `${name} UP in HAProxy`, 60_000);
        note(`${name} UP in HAProxy`);
        restarts.push(
          `${name}: out of HAProxy ${outAfterMs === null ? 'only after exit' : `${(outAfterMs / 1000).toFixed(2)} s`} after SIGTERM, exited 0 after ${(exitedAfterMs / 1000).toFixed(1)} s, back in after ${((performance.now() - signalledAt) / 1000).toFixed(1)} s`,
        );
      }
      // A moment of both serving again, then the shoppers stop (each finishes the purchase it is in).
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      running = false;
      await Promise.all(loops);
    }
    note('load stopped');
    const loadSeconds = (performance.now() - began) / 1000;
    const { sent, failed, failures } = tally;
    tally = undefined;

    // What the database holds.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const count = async (text: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(text, values)).rows[0]!.n);
    const byStatus = Object.fromEntries(
      (await client.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM orders GROUP BY status')).rows.map((row) => [
        row.status,
        Number(row.n),
      ]),
    );
    const completed = (await client.query<{ id: string }>(`SELECT id FROM orders WHERE status = 'completed'`)).rows.map((row) => row.id);
    const paidNotCompleted = await count(
      `SELECT count(*) AS n FROM orders WHERE (paid_at IS NOT NULL OR payment_settled_at IS NOT NULL) AND status <> 'completed'`,
    );
    const pendingWithCapture = await count(
      `SELECT count(*) AS n FROM orders WHERE status = 'pending' AND (capture_claimed_at IS NOT NULL OR paid_at IS NOT NULL OR payment_settled_at IS NOT NULL)`,
    );
    const linesWithWrongKeys = await count(
      `SELECT count(*) AS n FROM (
           SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id LEFT JOIN license_keys k ON k.order_item_id = i.id
           WHERE o.status = 'completed' GROUP BY i.id, i.quantity HAVING count(k.id) <> i.quantity) wrong`,
    );
    const sold = (
      await client.query<{ keys: string; digests: string; captures: string; orders: string }>(
        `SELECT (SELECT count(*) FROM license_keys WHERE order_item_id IS NOT NULL) AS keys,
                (SELECT count(DISTINCT key_digest) FROM license_keys WHERE order_item_id IS NOT NULL) AS digests,
                (SELECT count(DISTINCT payment_id) FROM orders WHERE status = 'completed') AS captures,
                (SELECT count(*) FROM orders WHERE status = 'completed') AS orders`,
      )
    ).rows[0]!;
    await client.end();
    const stats = await haproxy.servers();

    const unitsBought = bought.reduce((sum, one) => sum + one.quantity, 0);
    const keysSeen = bought.flatMap((one) => one.keys);
    const served = (name: string, from: number, to: number) =>
      (timeline.answeredBy.get(name) ?? []).filter((at) => at >= from && at < to).length;
    const eventAt = (what: string) => timeline.events.find((event) => event.what === what)!.at;
    const windows = {
      a_before: served('a', 0, eventAt('SIGTERM a')),
      a_after: served('a', eventAt('a UP in HAProxy'), Infinity),
      b_before: served('b', 0, eventAt('SIGTERM b')),
      b_after: served('b', eventAt('b UP in HAProxy'), Infinity),
      a_while_draining: served('a', eventAt('SIGTERM a'), eventAt('a exited (0)')),
      b_while_draining: served('b', eventAt('SIGTERM b'), eventAt('b exited (0)')),
      a_while_stopped: served('a', eventAt('a exited (0)'), eventAt('a UP in HAProxy')),
      b_while_stopped: served('b', eventAt('b exited (0)'), eventAt('b UP in HAProxy')),
    };
    process.stdout.write(
      [
        `rolling restart: ${sent} requests through HAProxy, ${failed} failed; ${bought.length} purchases completed (${unitsBought} keys), ${purchasesFailed} failed, of ${purchasesStarted} started; ` +
          `2 restarts; load ${loadSeconds.toFixed(1)} s`,
        `  ${restarts.join('; ')}`,
        `  answers by server: ${JSON.stringify(windows)}`,
        `  database: orders ${JSON.stringify(byStatus)}, keys sold ${sold.keys} (${sold.digests} distinct), captures ${sold.captures} for ${sold.orders} completed orders`,
        `  HAProxy: ${stats.map((s) => `${s.name} ${s.sessions} sessions, ${s.http5xx} 5xx, ${s.retries} retries, ${s.redispatches} redispatches, ${s.responseErrors} response errors`).join('; ')}`,
        `  timeline: ${timeline.events.map((event) => `${(event.at / 1000).toFixed(1)} s ${event.what}`).join(', ')}`,
        ...failures.map((failure) => `  failure: ${failure}`),
      ].join('\n') + '\n',
    );

    expect(failures).toEqual([]);
    expect(failed).toBe(0);
    expect(purchasesFailed).toBe(0);
    expect(bought.length).toBeGreaterThan(0);
    // Exactly the purchases the shoppers saw succeed are completed, each with one key per unit, no key twice.
    expect(completed.sort()).toEqual(bought.map((one) => one.orderId).sort());
    expect(byStatus).toEqual({ completed: bought.length });
    expect(paidNotCompleted).toBe(0);
    expect(pendingWithCapture).toBe(0);
    expect(linesWithWrongKeys).toBe(0);
    expect(Number(sold.keys)).toBe(unitsBought);
    expect(Number(sold.digests)).toBe(unitsBought);
    expect(new Set(keysSeen).size).toBe(unitsBought);
    expect(Number(sold.captures)).toBe(bought.length);
    // Both instances served before and after their restarts, and none while it was stopped.
    expect(windows.a_before).toBeGreaterThan(0);
    expect(windows.a_after).toBeGreaterThan(0);
    expect(windows.b_before).toBeGreaterThan(0);
    expect(windows.b_after).toBeGreaterThan(0);
    expect(windows.a_while_stopped).toBe(0);
    expect(windows.b_while_stopped).toBe(0);
  });
});
