import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order, Product } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from './helpers/migrated-to.ts';
import { buildApp } from '../src/app.ts';
import { isUniqueViolation, type DatabaseHandle } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import { loadConfig } from '../src/env.ts';
import { sealLicenseKey } from '../src/orders/license-keys.ts';
import { orderAccessToken } from '../src/orders/order-service.ts';
import { DATA_KEY_FILE } from '../src/security/data-key.ts';
import { readSettings } from '../src/settings/settings-repository.ts';
import { ADMIN_PASSWORD, build, TEST_DATA_ENCRYPTION_KEY, type TestApp } from './helpers/build.ts';

const ENVELOPE = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;
const SECRETS = { paypal_client_secret: 'paypal-secret-in-clear', smtp_password: 'smtp-password-in-clear', coingate_api_key: 'coingate-token-in-clear' };

/** Keys unique to one test. */
const freshKeys = (count: number) => Array.from({ length: count }, () => `KEY-${randomBytes(6).toString('hex').toUpperCase()}`);

const rawKeys = (db: Kysely<Database>, productId?: string) => {
  const query = db.selectFrom('license_keys').selectAll().orderBy('id');
  return (productId ? query.where('product_id', '=', productId) : query).execute();
};
const rawSettings = (db: Kysely<Database>) => db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

/** Asserts that no stored row holds any of `clear` anywhere in its columns. */
function expectNoneInClear(rows: unknown, clear: string[]): void {
  const stored = JSON.stringify(rows);
  for (const value of clear) expect(stored).not.toContain(value);
}

async function createProduct(on: TestApp, admin: string): Promise<Product> {
  const response = await on.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Encrypted ${randomBytes(4).toString('hex')}`, price: 9.99, description: 'A short description', detailed_description: 'A detailed description', stock_quantity: 0 },
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Buys `quantity` of a product as a guest and has staff confirm it: the answer is the delivered keys. */
async function buyKeys(app: FastifyInstance, admin: string, productId: string, quantity: number): Promise<{ order: Order; keys: string[] }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ product_id: productId, quantity }], invoice_data: { email: 'buyer@example.com', name: 'Grace Guest', address: '1 High Street', city: 'Leeds', country: 'United Kingdom' } },
  });
  if (created.statusCode !== 201) throw new Error(`order failed: ${created.statusCode} ${created.body}`);
  const order: Order = created.json();
  const confirmed = await app.inject({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, headers: { authorization: `Bearer ${admin}` } });
  expect(confirmed.json().status).toBe('completed');
  return { order, keys: await deliveredKeys(app, order.id) };
}

/** The keys the buyer's order page shows. */
async function deliveredKeys(app: FastifyInstance, orderId: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/guest/orders/${orderId}`, query: { token: orderAccessToken(app, orderId) } });
  expect(response.statusCode).toBe(200);
  return response.json().items.flatMap((item: { keys?: string[] }) => item.keys ?? []);
}

describe('encryption at rest', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const addKeys = (productId: string, keys: string[]) =>
    t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: keys.join('\n') } });

  describe('licence keys', () => {
    it('stores every key as an envelope with its digest, never in clear, and still delivers the keys on the order page and in the receipt', async () => {
      const product = await createProduct(t, admin);
      const pool = freshKeys(3);
      expect((await addKeys(product.id, pool)).json()).toMatchObject({ added: 3, duplicates: [] });

      const rows = await rawKeys(t.app.db, product.id);
      expect(rows).toHaveLength(3);
      expectNoneInClear(rows, pool);
      for (const row of rows) {
        expect(row.key_value).toMatch(ENVELOPE);
        expect(row.key_digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }
      // Raw SQL too, as a dump would read the table.
      const dumped = await sql<{ line: string }>`SELECT license_keys::text AS line FROM license_keys WHERE product_id = ${product.id}`.execute(t.app.db);
      expectNoneInClear(dumped.rows, pool);

      const { order, keys } = await buyKeys(t.app, admin, product.id, 2);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(pool).toContain(key);
      const receipt = await t.app.db.selectFrom('mail_outbox').select('text_body').where('order_id', '=', order.id).executeTakeFirstOrThrow();
      for (const key of keys) expect(receipt.text_body).toContain(`Licence key: ${key}`);
      const stock = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/keys`, token: admin });
      expect(stock.json()).toEqual({ available: 1, sold: 2, reserved: 0 });
    });

    it('refuses a key already in the pool of the same product, and takes the same key for another product', async () => {
      const [first, second] = [await createProduct(t, admin), await createProduct(t, admin)];
      const [shared, other] = freshKeys(2) as [string, string];
      expect((await addKeys(first.id, [shared])).json()).toMatchObject({ added: 1, duplicates: [] });
      const again = await addKeys(first.id, [shared, other]);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ added: 1, duplicates: [shared] });
      expect((await addKeys(second.id, [shared])).json()).toMatchObject({ added: 1, duplicates: [] });

      // The database itself keeps the rule: a second row with the same digest for one product is refused.
      const duplicate = t.app.db
        .insertInto('license_keys')
        .values({ product_id: first.id, ...sealLicenseKey(t.app.dataCipher, first.id, shared), order_item_id: null, sold_at: null })
        .execute();
      await expect(duplicate).rejects.toSatisfy((error) => isUniqueViolation(error, 'license_keys_product_digest_key'));
      // And a new row without a digest (a key in clear) is refused outright.
      const unsealed = sql`INSERT INTO license_keys (product_id, key_value) VALUES (${first.id}, ${'KEY-IN-CLEAR'})`.execute(t.app.db);
      await expect(unsealed).rejects.toThrow(/license_keys_digest_present/);
    });

    it('refuses to deliver a key whose envelope was moved to another product, instead of handing it out', async () => {
      const [first, second] = [await createProduct(t, admin), await createProduct(t, admin)];
      await addKeys(first.id, freshKeys(1));
      const [moved] = await rawKeys(t.app.db, first.id);
      await t.app.db.insertInto('license_keys').values({ product_id: second.id, key_value: moved!.key_value, key_digest: 'moved', order_item_id: null, sold_at: null }).execute();
      await t.app.db.updateTable('products').set({ delivery: 'license_key', stock_quantity: 1 }).where('id', '=', second.id).execute();
      const created = await t.request({
        method: 'POST',
        url: '/api/orders',
        payload: { items: [{ product_id: second.id, quantity: 1 }], invoice_data: { email: 'buyer@example.com', name: 'Grace Guest', address: '1 High Street', city: 'Leeds', country: 'United Kingdom' } },
      });
      const confirmed = await t.request({ method: 'PATCH', url: `/api/admin/orders/${created.json().id}/status?status=confirmed`, token: admin });
      expect(confirmed.statusCode).toBe(500);
      expect(confirmed.body).not.toContain(moved!.key_value);
    });
  });

  describe('settings secrets', () => {
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/admin/settings', payload, token: admin });

    it('stores each secret as an envelope, never in clear, and the server reads them back', async () => {
      expect((await put({ ...SECRETS, paypal_client_id: 'client-id' })).statusCode).toBe(200);
      const row = await rawSettings(t.app.db);
      expectNoneInClear(row, Object.values(SECRETS));
      for (const key of Object.keys(SECRETS) as (keyof typeof SECRETS)[]) expect(row[key]).toMatch(ENVELOPE);
      expect(row.secrets_encrypted).toBe(true);
      expect(await readSettings(t.app.db, t.app.dataCipher)).toMatchObject(SECRETS);
    });

    it('keeps a secret’s stored envelope when other settings are saved, and stores a cleared secret as empty', async () => {
      await put(SECRETS);
      const before = await rawSettings(t.app.db);
      expect((await put({ site_name: 'Another Name', paypal_client_secret: '••••••••' })).statusCode).toBe(200);
      const after = await rawSettings(t.app.db);
      expect(after.paypal_client_secret).toBe(before.paypal_client_secret);
      expect(after.smtp_password).toBe(before.smtp_password);
      await put({ smtp_password: '' });
      expect((await rawSettings(t.app.db)).smtp_password).toBe('');
      expect((await readSettings(t.app.db, t.app.dataCipher)).smtp_password).toBe('');
    });
  });
});

/* A store upgraded from the version that stored keys and secrets in clear ---------------------------- */

const BEFORE_ENCRYPTION = '2026-11-23-0001-trust';


/** Starts the server on `handle`, as a (re)start would: migrations, the encryption step, the routes. */
async function start(handle: DatabaseHandle, dataDir: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, database: handle });
  await app.ready();
  return app;
}

async function adminTokenOf(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
  return response.json().access_token as string;
}

describe('a store stored in clear by the version before', () => {
  let old: Awaited<ReturnType<typeof databaseMigratedTo>>;
  let dataDir: string;
  const pool = freshKeys(3);
  let productId: string;
  let soldOrderId: string;
  beforeAll(async () => {
    old = await databaseMigratedTo(BEFORE_ENCRYPTION);
    dataDir = await mkdtemp(path.join(tmpdir(), 'store-enc-'));
    const db = old.handle.db;
    // As the version before wrote them: keys and secrets in clear, one key already sold.
    const product = await sql<{ id: string }>`INSERT INTO products (title, description, detailed_description, price_cents, category, product_type, stock_quantity, delivery)
      VALUES ('Old Licence', 'd', 'dd', 500, 'licenses', 'digital', 2, 'license_key') RETURNING id`.execute(db);
    productId = product.rows[0]!.id;
    const order = await sql<{ id: string }>`INSERT INTO orders (status, total_cents, invoice_email, invoice_name, stock_reserved, paid_at, delivered_at)
      VALUES ('completed', 500, 'old@example.com', 'Old Buyer', false, now(), now()) RETURNING id`.execute(db);
    soldOrderId = order.rows[0]!.id;
    const item = await sql<{ id: string }>`INSERT INTO order_items (order_id, product_id, position, title, unit_price_cents, quantity, delivery)
      VALUES (${soldOrderId}, ${productId}, 0, 'Old Licence', 500, 1, 'license_key') RETURNING id`.execute(db);
    for (const [index, key] of pool.entries()) {
      await sql`INSERT INTO license_keys (product_id, key_value, order_item_id, sold_at, created_at)
        VALUES (${productId}, ${key}, ${index === 0 ? item.rows[0]!.id : null}, ${index === 0 ? sql`now()` : null}, now() + ${`${index} seconds`}::interval)`.execute(db);
    }
    await sql`INSERT INTO site_settings (id, site_name, primary_color, secondary_color, font_family, theme, smtp_from_name, paypal_client_secret, smtp_password, coingate_api_key)
      VALUES (1, 'Old Store', '#111111', '#222222', 'Inter', 'dark', 'Old Store', ${SECRETS.paypal_client_secret}, ${SECRETS.smtp_password}, ${SECRETS.coingate_api_key})`.execute(db);
   }, 60_000);
  afterAll(async () => {
    await old.handle.close();
    await old.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is encrypted at the first start, delivers the same keys, and is left as it is by every later start (embedded key file)', { timeout: 60_000 }, async () => {
    // The embedded demo: no DATA_ENCRYPTION_KEY, so a key is generated into the data folder.
    const first = await start(old.handle, dataDir);
    try {
      const keyFile = path.join(dataDir, DATA_KEY_FILE);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      const keyText = await readFile(keyFile, 'utf8');
      expect(Buffer.from(keyText.trim(), 'base64')).toHaveLength(32);
      // Never in the database.
      const meta = await first.db.selectFrom('app_meta').select(['key', 'value']).execute();
      expect(JSON.stringify(meta)).not.toContain(keyText.trim());

      const rows = await rawKeys(first.db, productId);
      expect(rows).toHaveLength(3);
      expectNoneInClear(rows, pool);
      for (const row of rows) expect(row.key_value).toMatch(ENVELOPE);
      expect(rows.every((row) => row.key_digest !== null)).toBe(true);
      const settings = await rawSettings(first.db);
      expectNoneInClear(settings, Object.values(SECRETS));
      expect(await readSettings(first.db, first.dataCipher)).toMatchObject(SECRETS);

      // The key sold before the upgrade is still the one on the order page; the pool still sells.
      expect(await deliveredKeys(first, soldOrderId)).toEqual([pool[0]]);
      const { keys } = await buyKeys(first, await adminTokenOf(first), productId, 1);
      expect(keys).toEqual([pool[1]]);
    } finally {
      await first.close();
    }

    // A second start reads the same key file and encrypts nothing twice.
    const before = { keys: await rawKeys(old.handle.db, productId), settings: await rawSettings(old.handle.db) };
    const second = await start(old.handle, dataDir);
    try {
      expect(await rawKeys(second.db, productId)).toEqual(before.keys);
      expect(await rawSettings(second.db)).toEqual(before.settings);
      expect(await deliveredKeys(second, soldOrderId)).toEqual([pool[0]]);
      const { keys } = await buyKeys(second, await adminTokenOf(second), productId, 1);
      expect(keys).toEqual([pool[2]]);
      expect(await readSettings(second.db, second.dataCipher)).toMatchObject(SECRETS);
    } finally {
      await second.close();
    }
  });

  it('refuses to start with another key than the one the data was encrypted with', async () => {
    await expect(start(old.handle, dataDir, { DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY })).rejects.toThrow(
      /The data encryption key is not the one this database was encrypted with: set DATA_ENCRYPTION_KEY/,
    );
  });
});

describe('the server process in production', () => {
  it('refuses to start without DATA_ENCRYPTION_KEY, saying so', { timeout: 30_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'store-enc-prod-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/server.ts')], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', JWT_SECRET: 'a-jwt-secret-that-is-long-enough-0123456789', PUBLIC_URL: 'https://shop.example.com', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('DATA_ENCRYPTION_KEY is required when NODE_ENV is production');
      // No key file was made: production never generates one.
      await expect(stat(path.join(dataDir, DATA_KEY_FILE))).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
