import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { loadConfig } from '../src/env.ts';
import { SWEEP_BATCH } from '../src/mail/outbox.ts';
import { ADMIN_PASSWORD, TEST_DATA_ENCRYPTION_KEY } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { sharedDatabase } from './helpers/shared-database.ts';
import { waitFor } from './helpers/wait-for.ts';

/**
 * Two instances of the API, each listening on its own port, sharing one database and one Redis, as behind
 * a load balancer. On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool and LISTEN connection
 * to one fresh database, as two processes would. PGlite is one embedded connection that only one process
 * can open, so there both instances share that handle: its queries run one at a time, so the sweeps
 * interleave by transaction rather than truly at once; the PostgreSQL run is the real race.
 */

/** The shared Redis of the rate limits; without one here (global-setup.ts), the instances count in memory and that test does not run. */
const REDIS_URL = inject('redisUrl');
/** This run's keys only: parallel runs on the same Redis never see each other's counts. */
const KEY_PREFIX = `store-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
const LIMIT = 6;

interface Instance {
  app: FastifyInstance;
  db: DatabaseHandle;
  url: string;
}

let a: Instance;
let b: Instance;
let redis: Redis | undefined;
let peer: SmtpPeer;
let adminToken: string;
let cleanup: () => Promise<void>;

async function startInstance(db: DatabaseHandle, dataDir: string): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    UNPAID_ORDERS_PER_BUYER: '1000',
    UNPAID_ORDERS_PER_ADDRESS: '1000',
    SMTP_ALLOW_PRIVATE_HOSTS: 'true',
    ...(REDIS_URL ? { REDIS_URL } : {}),
    REDIS_KEY_PREFIX: KEY_PREFIX,
    AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    // Behind the load balancer: each shopper's address comes in X-Forwarded-For.
    TRUST_PROXY: 'true',
    ORDER_SWEEP_SECONDS: '1',
    MAIL_SWEEP_SECONDS: '1',
  });
  const app = await buildApp({ config, database: db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'store-two-'));
  const database = await sharedDatabase();
  const [dbA, dbB] = [await database.open('instance-a'), await database.open('instance-b')];
  await noteStatusChanges(dbA);
  if (REDIS_URL) {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
  }
  // Both start at once, as after a deploy: the first admin account is created by one of them.
  [a, b, peer] = await Promise.all([startInstance(dbA, dataDir), startInstance(dbB, dataDir), startSmtpPeer()]);
  cleanup = async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await dbA.close();
    if (dbB !== dbA) await dbB.close();
    await database.drop();
    await peer.close();
    await resetLimits();
    redis?.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  };
  adminToken = (await call(a, 'POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).body.access_token as string;
});
afterAll(() => cleanup());

/**
 * Test-only bookkeeping in this file's own database: every status change of an order or a queued mail,
 * with the instance (session) that made it, so a change made twice shows even if its effects cancel out.
 */
async function noteStatusChanges(db: DatabaseHandle): Promise<void> {
  await sql`CREATE TABLE test_status_changes (tbl text NOT NULL, row_id text NOT NULL, status text NOT NULL, by_instance text NOT NULL)`.execute(
    db.db,
  );
  await sql`
    CREATE FUNCTION test_note_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_status_changes VALUES (TG_TABLE_NAME, NEW.id::text, NEW.status::text, current_setting('application_name'));
      RETURN NEW;
    END $$`.execute(db.db);
  for (const table of ['orders', 'mail_outbox']) {
    await sql`
      CREATE TRIGGER test_note_status_change AFTER UPDATE OF status ON ${sql.table(table)}
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION test_note_status_change()`.execute(db.db);
  }
}

/** How often each row became `status`, and how many such changes each instance made. */
async function statusChanges(
  table: string,
  ids: string[],
  status: string,
): Promise<{ perRow: Map<string, number>; perInstance: Record<string, number> }> {
  const { rows } = await sql<{ row_id: string; by_instance: string }>`
    SELECT row_id, by_instance FROM test_status_changes WHERE tbl = ${table} AND status = ${status} AND row_id = ANY(${ids}::text[])`.execute(
    a.db.db,
  );
  const perRow = new Map<string, number>();
  const perInstance: Record<string, number> = {};
  for (const row of rows) {
    perRow.set(row.row_id, (perRow.get(row.row_id) ?? 0) + 1);
    perInstance[row.by_instance || 'one PGlite connection'] = (perInstance[row.by_instance || 'one PGlite connection'] ?? 0) + 1;
  }
  return { perRow, perInstance };
}

/** This run's rate-limit counts, forgotten. */
async function resetLimits(): Promise<void> {
  const keys = (await redis?.keys(`${KEY_PREFIX}*`)) ?? [];
  if (keys.length > 0) await redis!.del(...keys);
}

/** A request over HTTP to one instance; `from` is the shopper's address the load balancer forwards. */
async function call(
  to: Instance,
  method: string,
  url: string,
  body?: unknown,
  { token, from }: { token?: string; from?: string } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${to.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Succeeds or throws with the answer. */
async function ok(to: Instance, method: string, url: string, body?: unknown, options: { token?: string; from?: string } = {}) {
  const answer = await call(to, method, url, body, options);
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const productInput = (overrides: Record<string, unknown> = {}) => ({
  title: `Product ${randomBytes(4).toString('hex')}`,
  price: 9.99,
  category: 'software',
  product_type: 'single',
  description: 'A short description',
  detailed_description: 'A detailed description',
  stock_quantity: 0,
  ...overrides,
});

/** A documentation address (TEST-NET-3) per shopper: only ever a header value, never contacted. */
const shopper = (index: number) => `203.0.113.${(index % 250) + 1}`;

const invoice = (email: string) => ({ email, name: 'Grace Guest', address: '1 High Street', city: 'Leeds', country: 'United Kingdom' });

describe('two instances on one database and one Redis', () => {
  it.runIf(REDIS_URL)('share the sign-in rate limit: N attempts split across both pass, the next is refused on either', async () => {
    await resetLimits();
    const login = (to: Instance, attempt: number) =>
      call(to, 'POST', '/api/auth/login', { username: `nobody-${attempt}-${randomBytes(3).toString('hex')}`, password: 'wrong-password' });
    // Unknown names, each once: the per-account throttle in the database never steps in.
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const answer = await login(attempt % 2 === 0 ? a : b, attempt);
      expect(answer.status).toBe(401);
      // One count across both instances, not one per instance.
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - attempt - 1));
    }
    for (const [to, attempt] of [
      [a, LIMIT],
      [b, LIMIT + 1],
    ] as const) {
      const refused = await login(to, attempt);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_requests');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The count lives under this store's prefix.
    expect(await redis!.keys(`${KEY_PREFIX}rate-limit:*`)).toEqual([`${KEY_PREFIX}rate-limit:POST/api/auth/login-127.0.0.1`]);
  });

  it('show a product change made through one instance on the other within a second', async () => {
    const product = await ok(a, 'POST', '/api/admin/products', productInput({ stock_quantity: 5 }), { token: adminToken });
    const id = product.id as string;
    // B has answered both addresses before the change (and may keep the answers).
    for (let i = 0; i < 2; i += 1) {
      expect((await ok(b, 'GET', `/api/products/${id}`)).title).toBe(product.title);
      expect(((await ok(b, 'GET', '/api/products')).products as { id: string }[]).some((listed) => listed.id === id)).toBe(true);
    }

    const title = `Renamed ${randomBytes(4).toString('hex')}`;
    await ok(a, 'PUT', `/api/admin/products/${id}`, productInput({ title, price: 12.5, stock_quantity: 5 }), { token: adminToken });
    const changedAt = performance.now();
    const shown = async () => {
      const one = await ok(b, 'GET', `/api/products/${id}`);
      const list = (await ok(b, 'GET', '/api/products')).products as { id: string; title: string; price: number }[];
      const listed = list.find((entry) => entry.id === id);
      return one.title === title && one.price === 12.5 && listed?.title === title && listed.price === 12.5;
    };
    await waitFor(shown, 'the change on instance B', 1000);
    const tookMs = performance.now() - changedAt;
    process.stdout.write(`two instances: a product change through A showed on B after ${tookMs.toFixed(1)} ms\n`);
    expect(tookMs).toBeLessThan(1000);
  });

  it('expire each lapsed unpaid order once, with both sweeps running', async () => {
    const stock = 1000;
    const product = await ok(a, 'POST', '/api/admin/products', productInput({ stock_quantity: stock }), { token: adminToken });
    const id = product.id as string;
    // More orders than one sweep takes (100), so both instances find work in the same second.
    const ids: string[] = [];
    for (let i = 0; i < 150; i += 1) {
      const quantity = (i % 3) + 1;
      const to = i % 2 === 0 ? a : b;
      const body = { items: [{ product_id: id, quantity }], invoice_data: invoice(`expiry-${i}@example.com`) };
      ids.push((await ok(to, 'POST', '/api/orders', body, { from: shopper(i) })).id as string);
    }
    const stockNow = async () =>
      (await a.db.db.selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity;
    // Placing an order takes nothing off the stock (docs/decisions/036-holds-at-payment.md).
    expect(await stockNow()).toBe(stock);

    // They lapse: the next tick of either sweep takes them.
    await a.db.db
      .updateTable('orders')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', 'in', ids)
      .execute();
    const failed = async () =>
      Number(
        (
          await a.db.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('id', 'in', ids)
            .where('status', '=', 'failed')
            .where('stock_reserved', '=', false)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitFor(async () => (await failed()) === ids.length, 'every lapsed order failed', 10_000);
    // Two more periods of both sweeps: nothing more may happen.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await failed()).toBe(ids.length);
    // A lapse moves no stock: it is still exactly what it was.
    expect(await stockNow()).toBe(stock);
    const { perRow, perInstance } = await statusChanges('orders', ids, 'failed');
    expect([...perRow.values()].filter((times) => times !== 1)).toEqual([]);
    expect(perRow.size).toBe(ids.length);
    process.stdout.write(`two instances: ${ids.length} lapsed orders expired once each, by ${JSON.stringify(perInstance)}\n`);
  });

  it('send each queued receipt once, with both mail sweeps running', async () => {
    // Receipts queued while no SMTP server is set: the immediate send leaves them to the sweeps.
    const product = await ok(a, 'POST', '/api/admin/products', productInput(), { token: adminToken });
    const id = product.id as string;
    // More than one sweep claims (SWEEP_BATCH), so both instances find work in the same second.
    const count = SWEEP_BATCH + 30;
    const keys = Array.from({ length: count }, () => `TWO-${randomBytes(6).toString('hex').toUpperCase()}`);
    await ok(a, 'POST', `/api/admin/products/${id}/keys`, { keys: keys.join('\n') }, { token: adminToken });
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `receipt-${i}-${randomBytes(3).toString('hex')}@example.com`;
      const to = i % 2 === 0 ? a : b;
      const order = await ok(
        to,
        'POST',
        '/api/orders',
        { items: [{ product_id: id, quantity: 1 }], invoice_data: invoice(email) },
        { from: shopper(i) },
      );
      const confirmed = await ok(to, 'PATCH', `/api/admin/orders/${order.id as string}/status?status=confirmed`, undefined, {
        token: adminToken,
      });
      expect(confirmed.status).toBe('completed');
      emails.push(email);
    }
    const queued = await a.db.db.selectFrom('mail_outbox').select(['id', 'status', 'attempts']).where('recipient', 'in', emails).execute();
    expect(queued).toHaveLength(count);
    expect(queued.every((mail) => mail.status === 'pending' && mail.attempts === 0)).toBe(true);
    // Queued long enough ago that the sweeps take them (they leave a new message to the immediate send for a minute).
    await a.db.db
      .updateTable('mail_outbox')
      .set({ created_at: sql<Date>`now() - interval '2 minutes'` })
      .where('recipient', 'in', emails)
      .execute();

    const settings = {
      smtp_host: '127.0.0.1',
      smtp_port: peer.port,
      smtp_use_tls: false,
      smtp_from_email: 'shop@example.com',
      smtp_from_name: 'Two Instances',
    };
    await ok(a, 'PUT', '/api/admin/settings', settings, { token: adminToken });
    const receivedBy = (email: string) => peer.received.filter((mail) => mail.to.includes(email)).length;
    await waitFor(() => emails.every((email) => receivedBy(email) >= 1), 'every receipt at the SMTP peer', 15_000);
    // Two more periods of both sweeps: no receipt may come again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(emails.filter((email) => receivedBy(email) !== 1)).toEqual([]);
    const sent = await a.db.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('recipient', 'in', emails).execute();
    expect(sent.every((mail) => mail.status === 'sent' && mail.attempts === 1)).toBe(true);
    const { perRow, perInstance } = await statusChanges(
      'mail_outbox',
      queued.map((mail) => mail.id),
      'sent',
    );
    expect([...perRow.values()]).toEqual(Array.from({ length: count }, () => 1));
    process.stdout.write(`two instances: ${count} receipts sent once each, by ${JSON.stringify(perInstance)}\n`);
  });
});
