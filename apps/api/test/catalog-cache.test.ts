import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@store/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { waitFor } from './helpers/wait-for.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const tag = () => `tag${randomBytes(5).toString('hex')}`;

async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    payload: {
      title: `Product ${tag()}`,
      price: 9.99,
      category: 'software',
      product_type: 'single',
      description: 'A short description',
      detailed_description: 'A detailed description',
      ...overrides,
    },
    token: await t.adminToken(),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

/**
 * The app's database without the app's own write watcher: a write through it is what another instance's
 * write looks like to this one, which hears of it only through the database's notification.
 */
const otherInstance = () => t.database.db;

describe('public catalogue answers from the cache', () => {
  it('carry a validator; the same validator back answers 304 without a body', async () => {
    const product = await createProduct();
    for (const url of [`/api/products/${product.id}`, `/api/products?search=${encodeURIComponent(product.title)}`]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers.vary).toMatch(/Accept-Encoding/);

      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);

      const other = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    }
  });

  it('are compressed with brotli or gzip as the client accepts, to the same JSON', async () => {
    const word = tag();
    // Enough products for an answer worth compressing (over 1 KiB).
    for (let i = 0; i < 4; i += 1) await createProduct({ title: `Compressed ${word} ${i}` });
    const url = `/api/products?search=${word}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const refused = await get(url, { 'accept-encoding': 'identity, *;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it("show this instance's own product edit and archive on the next read", async () => {
    const product = await createProduct({ title: `Before ${tag()}` });
    const search = `/api/products?search=${encodeURIComponent(product.title)}`;
    expect((await get(search)).json().total).toBe(1);
    expect((await get(`/api/products/${product.id}`)).json().title).toBe(product.title);

    const title = `After ${tag()}`;
    const updated = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      payload: { ...product, title, price: 19.5 },
      token: await t.adminToken(),
    });
    expect(updated.statusCode).toBe(200);
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({ title, price: 19.5 });
    expect((await get(search)).json().total).toBe(0);
    expect((await get(`/api/products?search=${title}`)).json().total).toBe(1);

    await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token: await t.adminToken() });
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products?search=${title}`)).json().total).toBe(0);
  });

  it("show another instance's product change within a second, through the database's notification", async () => {
    const product = await createProduct();
    const byId = `/api/products/${product.id}`;
    const search = `/api/products?search=${encodeURIComponent(product.title)}`;
    expect((await get(byId)).json().price).toBe(9.99);
    expect((await get(search)).json().products[0].price).toBe(9.99);

    const started = Date.now();
    await otherInstance().updateTable('products').set({ price_cents: 4200 }).where('id', '=', product.id).execute();
    await waitFor(
      async () => (await get(byId)).json().price === 42 && (await get(search)).json().products[0].price === 42,
      'the change',
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('drop only the answers that show a product whose stock another instance moved', async () => {
    const sold = await createProduct({ stock_quantity: 5 });
    const untouched = await createProduct({ stock_quantity: 5 });
    expect((await get(`/api/products/${sold.id}`)).json().stock_quantity).toBe(5);
    expect((await get(`/api/products/${untouched.id}`)).json().stock_quantity).toBe(5);
    // The two creations' own notifications drop every answer when they arrive, which on a busy machine can be
    // after the reads above: wait until both answers are kept and stay kept before counting.
    const cached = () =>
      t.app.catalogCache.answerFor(`/api/products/${sold.id}`) !== undefined &&
      t.app.catalogCache.answerFor(`/api/products/${untouched.id}`) !== undefined;
    await waitFor(
      async () => {
        await get(`/api/products/${sold.id}`);
        await get(`/api/products/${untouched.id}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return cached();
      },
      'both answers kept',
      10_000,
    );
    const kept = t.app.catalogCache.stats.entries;

    await otherInstance()
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity - 2` })
      .where('id', '=', sold.id)
      .execute();
    await waitFor(async () => (await get(`/api/products/${sold.id}`)).json().stock_quantity === 3, 'the change', 1000);
    // The untouched product's answer is still the cached one: no entry was dropped but the sold one's.
    expect(t.app.catalogCache.answerFor(`/api/products/${untouched.id}`)).toBeDefined();
    expect(t.app.catalogCache.stats.entries).toBe(kept);
  });

  it("show this instance's stock change at once (a sale takes stock)", async () => {
    const product = await createProduct({ stock_quantity: 4 });
    expect((await get(`/api/products/${product.id}`)).json().stock_quantity).toBe(4);
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: product.id, quantity: 3 }],
        invoice_data: { email: 'buyer@example.com', name: 'Buyer', address: '1 Main St', city: 'Leeds', country: 'UK' },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const confirmed = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order.json().id}/status?status=confirmed`,
      token: await t.adminToken(),
    });
    expect(confirmed.json().status).toBe('completed');
    expect((await get(`/api/products/${product.id}`)).json().stock_quantity).toBe(1);
  });

  it('put products whose title matches a search first, newest first within each group, across pages', async () => {
    const word = tag();
    // Created oldest first: the description matches are newer than the title matches.
    const inTitle = [];
    for (let i = 0; i < 3; i += 1) inTitle.push(await createProduct({ title: `Title ${word} ${i}` }));
    const inDescription = [];
    for (let i = 0; i < 3; i += 1)
      inDescription.push(await createProduct({ title: `Other ${tag()}`, description: `Mentions ${word} here` }));
    const newestFirst = (products: Product[]) => [...products].reverse().map((product) => product.id);
    const expected = [...newestFirst(inTitle), ...newestFirst(inDescription)];

    const whole = await get(`/api/products?search=${word}`);
    expect(whole.json().products.map((product: Product) => product.id)).toEqual(expected);
    expect(whole.json().total).toBe(6);
    const paged = [];
    for (const offset of [0, 2, 4]) paged.push(...(await get(`/api/products?search=${word}&limit=2&offset=${offset}`)).json().products);
    expect(paged.map((product: Product) => product.id)).toEqual(expected);
    // A page that starts inside the title group and ends in the other.
    const across = await get(`/api/products?search=${word}&limit=3&offset=1`);
    expect(across.json().products.map((product: Product) => product.id)).toEqual(expected.slice(1, 4));

    // A chosen order is kept: newest first puts the description matches first.
    const newest = await get(`/api/products?search=${word}&sort=newest`);
    expect(newest.json().products.map((product: Product) => product.id)).toEqual([...newestFirst(inDescription), ...newestFirst(inTitle)]);
  });

  it('answer a list without the long description, and the product by id with it', async () => {
    const product = await createProduct({ detailed_description: 'Long '.repeat(2000) });
    const listed = (await get(`/api/products?search=${encodeURIComponent(product.title)}`)).json().products[0];
    expect(listed).not.toHaveProperty('detailed_description');
    expect(listed).toMatchObject({ id: product.id, description: product.description });
    expect((await get(`/api/products/${product.id}`)).json().detailed_description).toBe(product.detailed_description);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the notification connection (PostgreSQL)', () => {
  it('comes back after the server ends it, and the cache forgets what it may have missed', async () => {
    const product = await createProduct();
    expect((await get(`/api/products/${product.id}`)).json().price).toBe(9.99);
    const ended = await sql<{ ended: boolean }>`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'LISTEN%'`.execute(t.database.db);
    expect(ended.rows.length).toBeGreaterThan(0);
    // Written while no one listens: only the gap's emptying makes it show.
    await otherInstance().updateTable('products').set({ price_cents: 100 }).where('id', '=', product.id).execute();
    await waitFor(async () => (await get(`/api/products/${product.id}`)).json().price === 1, 'the change after the gap', 3000);
    // And it listens again: a later change shows within a second.
    await otherInstance().updateTable('products').set({ price_cents: 200 }).where('id', '=', product.id).execute();
    await waitFor(async () => (await get(`/api/products/${product.id}`)).json().price === 2, 'the change', 1000);
  });
});

describe('CATALOG_CACHE_ENTRIES=0', () => {
  it('keeps no answer: every read goes to the database', async () => {
    const uncached = await build({ CATALOG_CACHE_ENTRIES: '0' });
    try {
      const created = await uncached.request({
        method: 'POST',
        url: '/api/admin/products',
        payload: { title: `Uncached ${tag()}`, price: 1, description: 'd', detailed_description: 'dd' },
        token: await uncached.adminToken(),
      });
      const id = created.json().id as string;
      expect((await uncached.request({ method: 'GET', url: `/api/products/${id}` })).json().price).toBe(1);
      // Written behind the app's back, heard by no listener in time: only a read from the database shows it.
      await uncached.database.db.updateTable('products').set({ price_cents: 300 }).where('id', '=', id).execute();
      expect((await uncached.request({ method: 'GET', url: `/api/products/${id}` })).json().price).toBe(3);
      expect(uncached.app.catalogCache.stats.entries).toBe(0);
    } finally {
      await uncached.close();
    }
  });
});
