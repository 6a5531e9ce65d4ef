import { createHash } from 'node:crypto';
import { CATEGORIES, PRODUCT_TYPES, type Order, type Product, type ProductFile, type ReviewList } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_PACKAGES } from '../src/catalog/demo/demo-packages.ts';
import { DEMO_PRODUCTS } from '../src/catalog/demo/demo-products.ts';
import { DEMO_BUYERS, DEMO_REVIEWS } from '../src/catalog/demo/demo-reviews.ts';
import { seedDemoReviews } from '../src/catalog/demo/seed.ts';
import { loadConfig } from '../src/env.ts';
import { openLicenseKey } from '../src/orders/license-keys.ts';
import { isVerifiedBuyer } from '../src/reviews/review-repository.ts';
import { ADMIN_PASSWORD, build, TEST_DATA_ENCRYPTION_KEY, type TestApp } from './helpers/build.ts';

/**
 * Starts the server a second time on the database and data folder of `t`, as a restart or a second
 * instance would: the same buildApp, with its own configuration.
 */
async function startAgain(
  t: TestApp,
  env: Record<string, string>,
  announceAdminPassword?: (password: string) => void,
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, database: t.database, ...(announceAdminPassword ? { announceAdminPassword } : {}) });
  await app.ready();
  return app;
}

const listAll = async (app: FastifyInstance): Promise<{ products: Product[]; total: number }> => {
  const response = await app.inject({ method: 'GET', url: '/api/products?limit=100' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Every product the demo seeds: the products, then the packages of them. */
const DEMO_CATALOGUE = [...DEMO_PRODUCTS, ...DEMO_PACKAGES];

/** Units of a product the demo buyers ordered: one per review of it. */
const boughtByDemoBuyers = (title: string) => DEMO_REVIEWS.filter((review) => review.product === title).length;

const byBuyer = (a: { buyer: string }, b: { buyer: string }) => a.buyer.localeCompare(b.buyer);

const login = (app: FastifyInstance, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password } });

describe('the demo catalogue of a first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('has at least 12 products, exactly the ones of the data file', async () => {
    const { products, total } = await listAll(t.app);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(total).toBe(DEMO_CATALOGUE.length);
    expect(products.map((product) => product.title).sort()).toEqual(DEMO_CATALOGUE.map((demo) => demo.title).sort());
  });

  it('shows the first product of the data file first in the default order', async () => {
    const { products } = await listAll(t.app);
    expect(products[0]?.title).toBe(DEMO_PRODUCTS[0]?.title);
  });

  it('seeds each demo package with its members, in their order and quantities', async () => {
    const { products } = await listAll(t.app);
    for (const demo of DEMO_PACKAGES) {
      const product = products.find((candidate) => candidate.title === demo.title)!;
      expect(product.product_type).toBe('package');
      expect(product.package_items.map(({ title, quantity }) => ({ title, quantity }))).toEqual(demo.members);
      for (const member of product.package_items) {
        expect(products.find((candidate) => candidate.id === member.product_id)?.title).toBe(member.title);
      }
    }
  });

  it('covers all 6 categories and all 3 product types', async () => {
    const { products } = await listAll(t.app);
    expect(new Set(products.map((product) => product.category))).toEqual(new Set(CATEGORIES.map((category) => category.value)));
    expect(new Set(products.map((product) => product.product_type))).toEqual(new Set(PRODUCT_TYPES.map((type) => type.value)));
  });

  it('gives every product exactly one image, and serves it as a JPEG', async () => {
    const { products } = await listAll(t.app);
    for (const product of products) {
      expect(product.images, product.title).toHaveLength(1);
      expect(product.image).toBe(product.images[0]);
      const image = await t.request({ method: 'GET', url: product.images[0]! });
      expect(image.statusCode, product.title).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it('gives every product 2 to 6 features and some system requirements', async () => {
    const { products } = await listAll(t.app);
    for (const product of products) {
      expect(product.features.length, product.title).toBeGreaterThanOrEqual(2);
      expect(product.features.length, product.title).toBeLessThanOrEqual(6);
      expect(product.features.every((feature) => feature.trim().length > 0)).toBe(true);
      const requirements = Object.entries(product.system_requirements);
      expect(requirements.length, product.title).toBeGreaterThan(0);
      expect(requirements.every(([name, value]) => name.trim() !== '' && value.trim() !== '')).toBe(true);
    }
  });

  it('sells licences and software by key: each has a pool of distinct unsold keys as large as its stock', async () => {
    const { products } = await listAll(t.app);
    const keyed = products.filter((product) => product.category === 'licenses' || product.category === 'software');
    expect(keyed.length).toBeGreaterThan(0);
    for (const product of keyed) {
      const rows = await t.app.db
        .selectFrom('license_keys')
        .select(['product_id', 'key_value'])
        .where('product_id', '=', product.id)
        .where('order_item_id', 'is', null)
        .execute();
      const pool = rows.map((row) => openLicenseKey(t.app.dataCipher, row));
      expect(pool, product.title).toHaveLength(product.stock_quantity);
      expect(new Set(pool).size).toBe(pool.length);
      for (const key of pool) expect(key).toMatch(/^KV(-[A-Z2-9]{5}){4}$/);
      // Stored as envelopes, never in clear. (A short pattern such as /KV-/ would be wrong here: base64url
      // ciphertext is made of those characters too, so it turns up by chance in a few runs in a hundred.)
      for (const [index, row] of rows.entries()) {
        expect(row.key_value).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
        expect(row.key_value).not.toContain(pool[index]);
      }
    }
    const others = products.filter((product) => !keyed.includes(product));
    const otherKeys = await t.app.db
      .selectFrom('license_keys')
      .select('id')
      .where(
        'product_id',
        'in',
        others.map((product) => product.id),
      )
      .execute();
    expect(otherKeys).toHaveLength(0);
  });

  it('keeps prices and stock as the data file says, less what the demo buyers bought, with at least one product sold out', async () => {
    const { products } = await listAll(t.app);
    const soldOut = products.filter((product) => product.stock_quantity === 0).map((product) => product.title);
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
    expect(soldOut.sort()).toEqual(
      DEMO_CATALOGUE.filter((demo) => demo.stock_quantity === 0)
        .map((demo) => demo.title)
        .sort(),
    );
    for (const demo of DEMO_PRODUCTS) {
      const product = products.find((candidate) => candidate.title === demo.title);
      expect(product, demo.title).toMatchObject({
        price: demo.price,
        stock_quantity: demo.stock_quantity - boughtByDemoBuyers(demo.title),
      });
    }
    // A package's stock is its members' (docs/decisions/038-packages.md): the data file says what they give.
    const unitsOf = (demo: (typeof DEMO_PACKAGES)[number], bought: (title: string) => number) =>
      Math.min(
        ...demo.members.map((member) => {
          const stock = DEMO_PRODUCTS.find((candidate) => candidate.title === member.title)!.stock_quantity;
          return Math.floor((stock - bought(member.title)) / member.quantity);
        }),
      );
    for (const demo of DEMO_PACKAGES) {
      expect(
        unitsOf(demo, () => 0),
        demo.title,
      ).toBe(demo.stock_quantity);
      const product = products.find((candidate) => candidate.title === demo.title);
      expect(product, demo.title).toMatchObject({ price: demo.price, stock_quantity: unitsOf(demo, boughtByDemoBuyers) });
    }
  });

  it("shows only the demo buyers' real reviews: their average and count, and no rating where there are none", async () => {
    const { products } = await listAll(t.app);
    for (const product of products) {
      const reviews = DEMO_REVIEWS.filter((review) => review.product === product.title);
      const stars = reviews.reduce((sum, review) => sum + review.rating, 0);
      expect({ rating: product.rating, reviews_count: product.reviews_count }, product.title).toEqual({
        rating: reviews.length === 0 ? null : Math.round((10 * stars) / reviews.length) / 10,
        reviews_count: reviews.length,
      });
      const listed = (await t.request({ method: 'GET', url: `/api/products/${product.id}/reviews?limit=50` })).json<ReviewList>();
      expect(listed.reviews.map(({ author, rating, body }) => ({ buyer: author, rating, body })).sort(byBuyer), product.title).toEqual(
        reviews.map(({ buyer, rating, body }) => ({ buyer, rating, body })).sort(byBuyer),
      );
    }
    expect(products.filter((product) => product.rating === null).length).toBeGreaterThan(0);
    expect(products.filter((product) => product.reviews_count === 1).length).toBeGreaterThan(0);
  });

  it('writes each demo review from a completed order of its product, through the review service', async () => {
    const reviews = await t.app.db
      .selectFrom('product_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.username', 'u.email', 'u.role', 'r.user_id', 'r.product_id'])
      .execute();
    expect(reviews).toHaveLength(DEMO_REVIEWS.length);
    for (const review of reviews) {
      expect(DEMO_BUYERS).toContain(review.username);
      expect(review).toMatchObject({ role: 'user', email: expect.stringMatching(/@example\.com$/) });
      expect(await isVerifiedBuyer(t.app.db, review.user_id, review.product_id)).toBe(true);
    }
    // Nobody signs in as a demo buyer: the password is random and never shown.
    for (const username of DEMO_BUYERS) {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: username } });
      expect(login.statusCode).toBe(401);
    }
  });

  it('writes no review and places no order when the demo reviews run again', async () => {
    const count = async (table: 'orders' | 'product_reviews' | 'users') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count('orders'), await count('product_reviews'), await count('users')];
    expect(await seedDemoReviews(t.app)).toBe(0);
    expect([await count('orders'), await count('product_reviews'), await count('users')]).toEqual(before);
  });

  it('creates the admin account, which logs in with ADMIN_PASSWORD', async () => {
    const response = await login(t.app, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin', email: 'admin@example.com', role: 'admin', is_active: true });
  });

  it('does not seed twice when a second server starts on the same database', async () => {
    const second = await startAgain(t, { SEED_DEMO: 'true' });
    try {
      const { total, products } = await listAll(second);
      expect(total).toBe(DEMO_CATALOGUE.length);
      expect(new Set(products.map((product) => product.title)).size).toBe(DEMO_CATALOGUE.length);
      const users = await t.app.db.selectFrom('users').select('username').execute();
      expect(users.filter((user) => user.username === 'admin')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

// Its own store: buying changes the stock that the catalogue's tests above compare with the data file.
describe('the demo files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('gives the download products real files, which a buyer downloads byte for byte', async () => {
    const { products } = await listAll(t.app);
    const courses = products.filter((product) => product.category === 'courses' && product.stock_quantity > 0);
    const templates = products.filter((product) => product.category === 'templates' && product.stock_quantity > 0);
    expect(courses.length).toBeGreaterThan(0);
    expect(templates.length).toBeGreaterThan(0);
    const token = await t.adminToken();
    for (const product of [courses[0]!, templates[0]!]) {
      const files = (await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/files`, token })).json<{
        files: ProductFile[];
      }>().files;
      expect(files.length, product.title).toBeGreaterThan(0);
      const created = await t.request({
        method: 'POST',
        url: '/api/orders',
        payload: {
          items: [{ product_id: product.id, quantity: 1 }],
          invoice_data: { email: 'demo@example.com', name: 'Demo', address: '1 Road', city: 'Leeds', country: 'UK' },
        },
      });
      const order = created.json<Order>();
      await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token });
      const shown = (
        await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token! } })
      ).json<Order>();
      const offered = shown.items[0]!.downloads!;
      expect(offered.map((file) => file.name)).toEqual(files.map((file) => file.name));
      const answer = await t.request({ method: 'GET', url: offered[0]!.url });
      expect(answer.statusCode).toBe(200);
      expect(createHash('sha256').update(answer.rawPayload).digest('hex')).toBe(files[0]!.sha256);
      // A real archive or document: the zip's or the PDF's own signature.
      const magic = product.category === 'courses' ? '%PDF-' : 'PK\u0003\u0004';
      expect(answer.rawPayload.subarray(0, magic.length).toString('latin1')).toBe(magic);
    }
  });
});

describe('a catalogue that staff emptied', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('stays empty after a restart once staff deleted every product', async () => {
    const token = await t.adminToken();
    const { products } = await listAll(t.app);
    expect(products.length).toBe(DEMO_CATALOGUE.length);
    // Packages first: a product a package contains cannot be deleted (docs/decisions/038-packages.md).
    const packagesFirst = [...products].sort((a, b) => Number(b.product_type === 'package') - Number(a.product_type === 'package'));
    for (const product of packagesFirst) {
      const deleted = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token });
      expect(deleted.statusCode).toBe(204);
    }
    expect((await listAll(t.app)).total).toBe(0);

    const restarted = await startAgain(t, { SEED_DEMO: 'true' });
    try {
      expect((await listAll(restarted)).total).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});

describe('the demo-seeded marker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('is recorded in app_meta and alone keeps a catalogue with no rows left from being refilled', async () => {
    const marker = await t.app.db.selectFrom('app_meta').select('value').where('key', '=', 'demo_seeded').executeTakeFirst();
    expect(marker).toBeDefined();
    // Deleted products stay as archived rows; remove the rows too, so that only the marker can stop a refill.
    // The demo buyers' orders and reviews too: they point at the products.
    await t.app.db.deleteFrom('product_reviews').execute();
    await t.app.db.deleteFrom('license_keys').execute();
    await t.app.db.deleteFrom('mail_outbox').execute();
    await t.app.db.deleteFrom('orders').execute();
    await t.app.db.deleteFrom('product_files').execute();
    await t.app.db.deleteFrom('package_items').execute();
    await t.app.db.deleteFrom('products').execute();

    const restarted = await startAgain(t, { SEED_DEMO: 'true' });
    try {
      expect((await listAll(restarted)).total).toBe(0);
      expect(await t.app.db.selectFrom('products').select('id').execute()).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});

describe('a first start without ADMIN_PASSWORD', () => {
  let t: TestApp;
  const announceAdminPassword = vi.fn<(password: string) => void>();
  beforeAll(async () => {
    // An empty ADMIN_PASSWORD counts as unset, so the first start generates one.
    t = await build({ ADMIN_PASSWORD: '' }, { announceAdminPassword });
  });
  afterAll(() => t.close());

  it('announces a random password of at least 12 characters exactly once, and it logs in', async () => {
    expect(announceAdminPassword).toHaveBeenCalledTimes(1);
    const password = announceAdminPassword.mock.calls[0]![0];
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(password).not.toBe(ADMIN_PASSWORD);
    const response = await login(t.app, password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin', role: 'admin' });
    expect((await login(t.app, ADMIN_PASSWORD)).statusCode).toBe(401);
  });

  it('does not announce again on a second start on the same database, and keeps the first password', async () => {
    const announcedAgain = vi.fn<(password: string) => void>();
    const second = await startAgain(t, {}, announcedAgain);
    try {
      expect(announcedAgain).not.toHaveBeenCalled();
      const first = announceAdminPassword.mock.calls[0]![0];
      expect((await login(second, first)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
    expect(announceAdminPassword).toHaveBeenCalledTimes(1);
  });

  it('generates a different password for another empty database', async () => {
    const other = vi.fn<(password: string) => void>();
    const otherStore = await build({ ADMIN_PASSWORD: '' }, { announceAdminPassword: other });
    try {
      expect(other).toHaveBeenCalledTimes(1);
      expect(other.mock.calls[0]![0]).not.toBe(announceAdminPassword.mock.calls[0]![0]);
    } finally {
      await otherStore.close();
    }
  });
});
