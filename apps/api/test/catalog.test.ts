import { randomBytes, randomUUID } from 'node:crypto';
import {
  AdminProductListSchema,
  AdminProductSchema,
  ProductListSchema,
  ProductSchema,
  routes,
  type AdminProduct,
  type Product,
} from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** A word no other test uses, so a search for it finds only this test's products. */
const tag = () => `tag${randomBytes(5).toString('hex')}`;

const input = (overrides: Record<string, unknown> = {}) => ({
  title: `Product ${tag()}`,
  price: 9.99,
  category: 'software',
  product_type: 'single',
  description: 'A short description',
  detailed_description: 'A detailed description',
  ...overrides,
});

async function createProduct(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const response = await t.request({ method: 'POST', url: '/api/admin/products', payload: input(overrides), token: await t.adminToken() });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const list = (query: Record<string, string | number>) =>
  t.request({
    method: 'GET',
    url: '/api/products',
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });

const ids = (body: { products: { id: string }[] }) => body.products.map((product) => product.id);
/** The paging fields of a list that fits on one page: an exact total, no next page, no correction. */
const lastPage = { total_is_lower_bound: false, next_after: null, corrected_search: null };

/** A product as the public catalogue shows it: everything but what only staff see (the licence check's activation limit). */
const publicOf = ({ max_activations: _staffOnly, ...product }: AdminProduct): Product => product;
/** A product as the public list shows it: everything but the long description. */
const summaryOf = (product: AdminProduct) => {
  const { detailed_description: _detail, ...summary } = publicOf(product);
  return summary;
};

describe('GET /api/products', () => {
  it('answers the products and their total in the shape of the contract', async () => {
    const word = tag();
    const product = await createProduct({ title: `Contract ${word}` });
    const response = await list({ search: word });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(ProductListSchema, body)).toBe(true);
    expect(body).toEqual({ products: [summaryOf(product)], total: 1, ...lastPage });
    expect(body.products[0]).not.toHaveProperty('detailed_description');
  });

  it('finds the search term in the title or in the description, ignoring case', async () => {
    const word = tag();
    const inTitle = await createProduct({ title: `Nebula ${word} Writer` });
    const inDescription = await createProduct({ title: `Plain ${tag()}`, description: `Drafts with ${word.toUpperCase()} inside` });
    await createProduct({ title: `Unrelated ${tag()}`, description: 'Nothing to see' });

    const both = await list({ search: word.toUpperCase() });
    expect(both.statusCode).toBe(200);
    expect(ids(both.json()).sort()).toEqual([inTitle.id, inDescription.id].sort());
    expect(both.json().total).toBe(2);

    const titleOnly = await list({ search: `nEBULA ${word}` });
    expect(ids(titleOnly.json())).toEqual([inTitle.id]);
  });

  it('searches by words: % and _ are punctuation, never wildcards, and a search of punctuation alone finds nothing', async () => {
    const word = tag();
    const percent = await createProduct({ title: `${word} 50% off` });
    const prefixed = await createProduct({ title: `${word} 50x off` });
    const underscore = await createProduct({ title: `${word} a_b` });
    await createProduct({ title: `${word} axb` });

    // "50" is a whole word of the first title, and the beginning of a word of the second: whole words first.
    expect(ids((await list({ search: `${word} 50%` })).json())).toEqual([percent.id, prefixed.id]);
    expect(ids((await list({ search: `${word} a_b` })).json())).toEqual([underscore.id]);
    expect((await list({ search: '%' })).json()).toMatchObject({ products: [], total: 0 });
    expect((await list({ search: '_%\\' })).json()).toMatchObject({ products: [], total: 0 });
  });

  it('filters by category', async () => {
    const word = tag();
    const plugin = await createProduct({ title: `Plugin ${word}`, category: 'plugins' });
    await createProduct({ title: `Course ${word}`, category: 'courses' });

    const response = await list({ search: word, category: 'plugins' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 1 });
    expect(ids(response.json())).toEqual([plugin.id]);
    expect(response.json().products[0].category).toBe('plugins');
  });

  describe('ids (a cart reading its current prices)', () => {
    it('answers only the listed products, in any case, skipping deleted and unknown ones', async () => {
      const [first, second, deleted] = [await createProduct(), await createProduct(), await createProduct()];
      await createProduct();
      const removed = await t.request({ method: 'DELETE', url: `/api/admin/products/${deleted.id}`, token: await t.adminToken() });
      expect(removed.statusCode).toBe(204);
      const unknown = '0f6e3a52-1b2c-4d3e-8f4a-5b6c7d8e9f00';

      const response = await list({ ids: [first.id.toUpperCase(), second.id, deleted.id, unknown, first.id].join(',') });
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(2);
      expect(ids(response.json()).sort()).toEqual([first.id, second.id].sort());
    });

    it('refuses a list that is not product ids, or more than 50 of them', async () => {
      const malformed = await list({ ids: 'not-an-id' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ detail: 'ids must be up to 50 product ids separated by commas', code: 'validation_error' });

      const many = Array.from({ length: 51 }, (_, index) => `0f6e3a52-1b2c-4d3e-8f4a-${String(index).padStart(12, '0')}`);
      expect((await list({ ids: many.slice(0, 50).join(',') })).statusCode).toBe(200);
      expect((await list({ ids: many.join(',') })).statusCode).toBe(400);
      expect((await list({ ids: `${many[0]},` })).statusCode).toBe(400);
    });
  });

  describe('sorting', () => {
    /** Three products whose four orders all differ; creation times are set so "newest" is deterministic. */
    async function threeProducts() {
      const word = tag();
      const bravo = await createProduct({ title: `bravo ${word}`, price: 30 });
      const charlie = await createProduct({ title: `Charlie ${word}`, price: 10 });
      const alpha = await createProduct({ title: `Alpha ${word}`, price: 20 });
      const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
      await t.app.db
        .updateTable('products')
        .set({ created_at: hourAgo(3) })
        .where('id', '=', bravo.id)
        .execute();
      await t.app.db
        .updateTable('products')
        .set({ created_at: hourAgo(2) })
        .where('id', '=', charlie.id)
        .execute();
      await t.app.db
        .updateTable('products')
        .set({ created_at: hourAgo(1) })
        .where('id', '=', alpha.id)
        .execute();
      return { word, alpha, bravo, charlie };
    }

    it.each([
      { sort: 'newest', order: ['alpha', 'charlie', 'bravo'] },
      { sort: 'price_asc', order: ['charlie', 'alpha', 'bravo'] },
      { sort: 'price_desc', order: ['bravo', 'alpha', 'charlie'] },
      { sort: 'name', order: ['alpha', 'bravo', 'charlie'] },
    ] as const)('orders by $sort', async ({ sort, order }) => {
      const { word, ...products } = await threeProducts();
      const response = await list({ search: word, sort });
      expect(response.statusCode).toBe(200);
      expect(ids(response.json())).toEqual(order.map((name) => products[name].id));
    });

    it('orders newest first when no sort is given', async () => {
      const { word, alpha, bravo, charlie } = await threeProducts();
      expect(ids((await list({ search: word })).json())).toEqual([alpha.id, charlie.id, bravo.id]);
    });

    it('refuses an unknown sort, naming the field', async () => {
      const response = await list({ sort: 'rating' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'sort must be one of: relevance, newest, price_asc, price_desc, name', code: 'validation_error' });
    });
  });

  describe('paging', () => {
    it('answers 50 products by default and at most 100, with the total of all matches', async () => {
      const word = tag();
      for (let index = 0; index < 101; index += 1) await createProduct({ title: `Bulk ${index} ${word}` });

      const byDefault = await list({ search: word });
      expect(byDefault.statusCode).toBe(200);
      expect(byDefault.json().products).toHaveLength(50);
      expect(byDefault.json().total).toBe(101);

      const largest = await list({ search: word, limit: 100 });
      expect(largest.statusCode).toBe(200);
      expect(largest.json().products).toHaveLength(100);
      expect(largest.json().total).toBe(101);
    });

    it('refuses a limit above 100, naming limit', async () => {
      const response = await list({ limit: 101 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'limit must be <= 100', code: 'validation_error' });
    });

    it('refuses a limit of 0', async () => {
      const response = await list({ limit: 0 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
      expect(response.json().detail).toMatch(/^limit /);
    });

    it('refuses a negative offset', async () => {
      const response = await list({ offset: -1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^offset /);
    });

    it('pages with offset without overlap, and total counts only the filtered set', async () => {
      const word = tag();
      const templates: string[] = [];
      for (let index = 0; index < 5; index += 1)
        templates.push((await createProduct({ title: `Template ${index} ${word}`, category: 'templates' })).id);
      await createProduct({ title: `Course ${word}`, category: 'courses' });
      await createProduct({ title: `Other ${word}`, category: 'licenses' });

      const pages = [];
      for (const offset of [0, 2, 4]) {
        const response = await list({ search: word, category: 'templates', limit: 2, offset });
        expect(response.statusCode).toBe(200);
        expect(response.json().total).toBe(5);
        pages.push(ids(response.json()));
      }
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      const seen = pages.flat();
      expect(new Set(seen).size).toBe(5);
      expect([...seen].sort()).toEqual([...templates].sort());

      const beyond = await list({ search: word, category: 'templates', limit: 2, offset: 10 });
      expect(beyond.json()).toEqual({ products: [], total: 5, ...lastPage });
    });
  });

  it('refuses an unknown category with a detail that names the field', async () => {
    const response = await list({ category: 'games' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'category must be one of: ai_tools, software, licenses, plugins, templates, courses',
      code: 'validation_error',
    });
  });

  it('ignores unknown query parameters', async () => {
    const word = tag();
    const product = await createProduct({ title: `Ignored ${word}` });
    const response = await list({ search: word, colour: 'red', page: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ products: [summaryOf(product)], total: 1, ...lastPage });
  });
});

describe('GET /api/products/categories', () => {
  it("answers the six categories with their labels in the spec's order", async () => {
    const response = await t.request({ method: 'GET', url: '/api/products/categories' });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(routes.listCategories.response, response.json())).toBe(true);
    expect(response.json()).toEqual([
      { value: 'ai_tools', label: 'AI Tools' },
      { value: 'software', label: 'Software' },
      { value: 'licenses', label: 'Licenses' },
      { value: 'plugins', label: 'Plugins' },
      { value: 'templates', label: 'Templates' },
      { value: 'courses', label: 'Courses' },
    ]);
  });
});

describe('GET /api/products/:id', () => {
  it('answers the product in the shape of the contract', async () => {
    const product = await createProduct({
      images: ['/uploads/one.png'],
      features: ['Fast'],
      system_requirements: { OS: 'Linux' },
      stock_quantity: 3,
    });
    const response = await t.request({ method: 'GET', url: `/api/products/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(ProductSchema, response.json())).toBe(true);
    expect(response.json()).toEqual(publicOf(product));
  });

  it('answers 404 product_not_found for an unknown id', async () => {
    const response = await t.request({ method: 'GET', url: `/api/products/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Product not found', code: 'product_not_found' });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await t.request({ method: 'GET', url: '/api/products/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error' });
    expect(response.json().detail).toMatch(/^id /);
  });
});

describe('POST /api/admin/products', () => {
  const create = async (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/admin/products', payload, token: await t.adminToken() });

  it('creates a product whose price round-trips exactly and is stored in cents', async () => {
    const response = await create(input({ price: 19.99 }));
    expect(response.statusCode).toBe(201);
    const product = response.json<AdminProduct>();
    expect(Value.Check(AdminProductSchema, product)).toBe(true);
    expect(product.price).toBe(19.99);
    const row = await t.app.db.selectFrom('products').select('price_cents').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(1999);
    expect((await t.request({ method: 'GET', url: `/api/products/${product.id}` })).json().price).toBe(19.99);
  });

  it('fills the defaults: no stock, no images, no features, no image', async () => {
    const response = await create(input());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ stock_quantity: 0, images: [], features: [], image: null, system_requirements: {} });
  });

  it('trims features and drops the blank ones', async () => {
    const response = await create(input({ features: ['Fast', '   ', ' Secure '] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().features).toEqual(['Fast', 'Secure']);
  });

  it('drops an empty feature (spec: "an empty feature is ignored")', async () => {
    const response = await create(input({ features: ['Fast', '', 'Secure'] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().features).toEqual(['Fast', 'Secure']);
  });

  it('answers the first of the images as image', async () => {
    const response = await create(input({ images: ['/uploads/first.png', 'https://cdn.example.com/second.jpg'] }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      images: ['/uploads/first.png', 'https://cdn.example.com/second.jpg'],
      image: '/uploads/first.png',
    });
  });

  it('refuses a price with three decimals', async () => {
    const response = await create(input({ price: 19.999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'price must have at most two decimals', code: 'validation_error' });
  });

  it('refuses a negative price', async () => {
    const response = await create(input({ price: -1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'price must be >= 0', code: 'validation_error' });
  });

  it("refuses a blank title with 'Product name is required'", async () => {
    const response = await create(input({ title: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Product name is required', code: 'validation_error' });
  });

  it("refuses a missing title naming the field: 'title is required'", async () => {
    const { title: _title, ...withoutTitle } = input();
    const response = await create(withoutTitle);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'title is required', code: 'validation_error' });
  });

  it('refuses an unknown category', async () => {
    const response = await create(input({ category: 'games' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^category must be one of/);
  });

  it('refuses an image given as a data: URL, so list answers never carry base64', async () => {
    const word = tag();
    const response = await create(input({ title: `Inline ${word}`, images: ['data:image/png;base64,iVBORw0KGgo='] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Images must be uploaded files or http(s) addresses', code: 'validation_error' });
    expect((await list({ search: word })).json().total).toBe(0);
    expect((await list({ limit: 100 })).body).not.toContain('data:');
  });

  it('refuses system requirement names that differ only in case', async () => {
    const response = await create(input({ system_requirements: { RAM: '8 GB', ram: '16 GB' } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'system_requirements names must be unique', code: 'validation_error' });
  });

  it('ignores a rating, reviews_count, id or created_at sent by the client: a new product has no rating and no reviews', async () => {
    const sentId = randomUUID();
    const before = Date.now();
    const response = await create(input({ rating: 1, reviews_count: 999, id: sentId, created_at: '2000-01-01T00:00:00.000Z' }));
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product.id).not.toBe(sentId);
    expect(product).toMatchObject({ rating: null, reviews_count: 0 });
    expect(Date.parse(product.created_at)).toBeGreaterThan(before - 60_000);
    expect((await t.request({ method: 'GET', url: `/api/products/${sentId}` })).statusCode).toBe(404);
  });

  it('requires an admin token', async () => {
    const { token } = await t.registerUser();
    expect((await t.request({ method: 'POST', url: '/api/admin/products', payload: input() })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/admin/products', payload: input(), token })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/products', () => {
  it('answers the same filtered list to staff', async () => {
    const word = tag();
    const product = await createProduct({ title: `Staff ${word}`, category: 'courses' });
    const response = await t.request({
      method: 'GET',
      url: '/api/admin/products',
      query: { search: word, category: 'courses' },
      token: await t.adminToken(),
    });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(AdminProductListSchema, response.json())).toBe(true);
    expect(response.json()).toEqual({ products: [product], total: 1, ...lastPage });
  });
});

describe('PUT /api/admin/products/:id', () => {
  const update = async (id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/admin/products/${id}`, payload, token: await t.adminToken() });

  it('replaces the fields and keeps the id, creation time and rating', async () => {
    const original = await createProduct({
      images: ['/uploads/old.png'],
      features: ['Old feature'],
      system_requirements: { OS: 'Windows' },
      stock_quantity: 7,
      category: 'plugins',
    });
    const replacement = input({
      title: `Renamed ${tag()}`,
      price: 42.5,
      category: 'courses',
      product_type: 'subscription',
      billing_interval: 'month',
      description: 'New short',
      detailed_description: 'New long',
    });
    const response = await update(original.id, replacement);
    expect(response.statusCode).toBe(200);
    const product = response.json();
    expect(Value.Check(ProductSchema, product)).toBe(true);
    expect(product).toEqual({
      ...original,
      title: replacement.title,
      price: 42.5,
      category: 'courses',
      product_type: 'subscription',
      billing_interval: 'month',
      description: 'New short',
      detailed_description: 'New long',
      images: [],
      image: null,
      features: [],
      system_requirements: {},
      stock_quantity: 0,
    });
    expect((await t.request({ method: 'GET', url: `/api/products/${original.id}` })).json()).toEqual(publicOf(product));
    const row = await t.app.db.selectFrom('products').select('price_cents').where('id', '=', original.id).executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(4250);
  });

  it('checks the price as creation does', async () => {
    const original = await createProduct();
    const response = await update(original.id, input({ price: 1.005 }));
    expect(response.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/products/${original.id}` })).json()).toEqual(publicOf(original));
  });

  it('answers 404 product_not_found for an unknown id', async () => {
    const response = await update(randomUUID(), input());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Product not found', code: 'product_not_found' });
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('answers 204, then the product is gone from the list and by id, and a second delete is 404', async () => {
    const word = tag();
    const product = await createProduct({ title: `Doomed ${word}` });
    const token = await t.adminToken();

    const removed = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');

    expect((await list({ search: word })).json()).toEqual({ products: [], total: 0, ...lastPage });
    const byId = await t.request({ method: 'GET', url: `/api/products/${product.id}` });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().code).toBe('product_not_found');

    const again = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Product not found', code: 'product_not_found' });

    const edit = await t.request({ method: 'PUT', url: `/api/admin/products/${product.id}`, payload: input(), token });
    expect(edit.statusCode).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.request({ method: 'DELETE', url: `/api/admin/products/${randomUUID()}`, token: await t.adminToken() });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('product_not_found');
  });
});
