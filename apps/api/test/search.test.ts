import { randomBytes } from 'node:crypto';
import { LIMITS, PRODUCT_SORTS, type AdminProduct, type ProductList, type ProductSort, type SearchSuggestions } from '@store/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { sharedDatabase } from './helpers/shared-database.ts';
import { waitFor } from './helpers/wait-for.ts';
import { SEARCH_QUALITY_CASES } from './search-quality-cases.ts';

/*
 * The catalogue's search (docs/decisions/046-search.md): relevance tiers, the last word as a prefix, typo
 * correction, bounded totals, keyset pages and suggestions, on the database the suite runs on (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 */

/** Letters only: a word of its own that the catalogue's vocabulary learns (words with digits are not kept). */
const word = () =>
  `q${[...randomBytes(7)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

describe('search quality on the demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it.each(SEARCH_QUALITY_CASES.map((c) => [c.kind, c.query, c.first] as const))('%s: "%s" finds %s first', async (_kind, query, first) => {
    const response = await t.request({ method: 'GET', url: '/api/products', query: { search: query, limit: '3' } });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProductList>();
    if (first === null) expect(body).toMatchObject({ products: [], total: 0, corrected_search: null });
    else expect(body.products[0]?.title).toBe(first);
  });

  it('says which words a corrected search answered', async () => {
    const response = await t.request({ method: 'GET', url: '/api/products', query: { search: 'forgline video' } });
    expect(response.json()).toMatchObject({ corrected_search: 'forgeline video', total: 1 });
    const exact = await t.request({ method: 'GET', url: '/api/products', query: { search: 'forgeline video' } });
    expect(exact.json()).toMatchObject({ corrected_search: null, total: 1 });
  });
});

describe('search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  async function createProduct(overrides: Record<string, unknown>): Promise<AdminProduct> {
    const payload = { title: `Product ${word()}`, price: 9.99, category: 'software', product_type: 'single', description: 'A short description', detailed_description: 'Details', ...overrides };
    const response = await t.request({ method: 'POST', url: '/api/admin/products', payload, token: await t.adminToken() });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json();
  }
  const list = async (query: Record<string, string | number>, url = '/api/products') => {
    const response = await t.request({
      method: 'GET',
      url,
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      token: url.startsWith('/api/admin') ? await t.adminToken() : undefined,
    });
    return response;
  };
  const titles = (body: ProductList) => body.products.map((product) => product.title);

  /** Products added straight to the table, as many as wanted in one statement. */
  async function insertProducts(count: number, title: (n: number) => string, extra: { price?: string; created?: string } = {}) {
    const titles = Array.from({ length: count }, (_, n) => title(n));
    await sql`INSERT INTO products (title, description, detailed_description, price_cents, category, product_type, images, features, system_requirements, stock_quantity, created_at)
      SELECT t.title, 'Inserted', 'Inserted', ${sql.raw(extra.price ?? '100 + (t.n % 3)')}, 'software', 'single', '[]', '[]', '{}', 5, ${sql.raw(extra.created ?? "now() - make_interval(secs => t.n)")}
      FROM unnest(${titles}::text[]) WITH ORDINALITY AS t(title, n)`.execute(t.app.db);
    // Rows written behind the API's back: what it had cached of the catalogue is dropped, as a write would.
    t.app.catalogCache.invalidateAll();
  }

  it('ranks the exact title, then titles with every word, then titles where the last word is a prefix, then the rest', async () => {
    const [a, b] = [word(), word()];
    // Created in another order than relevance's, so that newest first is not the same.
    const exact = await createProduct({ title: `${a} ${b}` });
    const elsewhere = await createProduct({ title: `Other ${word()}`, description: `Mentions ${a} ${b} in passing` });
    const words = await createProduct({ title: `The ${b} of ${a} deluxe` });
    const prefix = await createProduct({ title: `${a} ${b}extended edition` });
    const body = (await list({ search: `${a} ${b}` })).json<ProductList>();
    expect(body.products.map((product) => product.id)).toEqual([exact.id, words.id, prefix.id, elsewhere.id]);
    expect(body).toMatchObject({ total: 4, total_is_lower_bound: false, next_after: null });
    // Another order than relevance sorts every match by it.
    const newest = (await list({ search: `${a} ${b}`, sort: 'newest' })).json<ProductList>();
    expect(newest.products.map((product) => product.id)).toEqual([prefix.id, words.id, elsewhere.id, exact.id]);
  });

  it('takes the exact title with its punctuation as typed, before titles with the same words', async () => {
    const [a, b] = [word(), word()];
    const spaced = await createProduct({ title: `${a} ${b} Pro` });
    const hyphenated = await createProduct({ title: `${a}-${b} Pro` });
    expect(titles((await list({ search: `  ${a}-${b}   PRO ` })).json())).toEqual([hyphenated.title, spaced.title]);
    expect(titles((await list({ search: `${a} ${b} pro` })).json())).toEqual([spaced.title, hyphenated.title]);
  });

  it('matches words by their stem and the last one as typed, in titles, features, category and descriptions', async () => {
    const name = word();
    const plugin = await createProduct({ title: `${name} Reverb Plugins`, category: 'plugins' });
    const featured = await createProduct({ title: `Other ${word()}`, features: [`Works with ${name} hosts`] });
    expect(titles((await list({ search: `${name} plugin` })).json())).toEqual([plugin.title]);
    expect(titles((await list({ search: `${name} rev` })).json())).toEqual([plugin.title]);
    expect(titles((await list({ search: `${name} host` })).json())).toEqual([featured.title]);
    // The category's name is a word of the product too.
    expect(titles((await list({ search: `${name} plugins`, category: 'plugins' })).json())).toEqual([plugin.title]);
  });

  it('follows a product’s edits and leaves out deleted products', async () => {
    const [before, after] = [word(), word()];
    const product = await createProduct({ title: `${before} Studio` });
    expect((await list({ search: before })).json()).toMatchObject({ total: 1 });
    const token = await t.adminToken();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      token,
      payload: { title: `${after} Studio`, price: 9.99, category: 'software', product_type: 'single', description: 'd', detailed_description: 'd' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await list({ search: before })).json()).toMatchObject({ total: 0 });
    expect(titles((await list({ search: after })).json())).toEqual([`${after} Studio`]);
    // The edit's new word is known: its misspelling is corrected to it.
    const misspelt = `${after.slice(0, 4)}${after.slice(5)}`;
    expect((await list({ search: misspelt })).json()).toMatchObject({ corrected_search: after, total: 1 });
    expect((await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token })).statusCode).toBe(204);
    expect((await list({ search: after })).json()).toMatchObject({ products: [], total: 0 });
  });

  it('corrects a misspelt word to a known one only when the words find nothing, and learns new products’ words', async () => {
    const name = `quixotic${word().slice(1, 5)}`;
    const product = await createProduct({ title: `${name} Compressor` });
    const typo = `${name.slice(0, 3)}${name.slice(4)}`; // one letter dropped
    const body = (await list({ search: typo })).json<ProductList>();
    expect(body).toMatchObject({ corrected_search: name, total: 1 });
    expect(body.products[0]!.id).toBe(product.id);
    // Two letters swapped are one edit too ("piexl" for "pixel"), whatever their few trigrams in common.
    const swapped = `${name.slice(0, 2)}${name[3]}${name[2]}${name.slice(4)}`;
    expect((await list({ search: `${swapped} compressor` })).json()).toMatchObject({ corrected_search: `${name} compressor`, total: 1 });
    // A word found as typed is never corrected, and nothing near enough gives nothing.
    expect((await list({ search: name })).json()).toMatchObject({ corrected_search: null, total: 1 });
    expect((await list({ search: 'zzzzzzzz' })).json()).toMatchObject({ corrected_search: null, total: 0 });
  });

  it('refuses hostile searches with a 400 and takes long ones by their first words', async () => {
    expect((await list({ search: 'a\u0000b' })).statusCode).toBe(400);
    expect((await list({ search: 'x'.repeat(1_000_000) })).statusCode).toBe(400);
    const long = Array.from({ length: 40 }, () => word()).join(' ');
    const response = await list({ search: long.slice(0, 200) });
    expect(response.statusCode).toBe(200);
    for (const text of ["'&|!:*()<->", '\\\\', 'ÆØÅ ñandú 数据 🙂', `${word()}:*`]) {
      const answer = await list({ search: text });
      expect(answer.statusCode, text).toBe(200);
    }
  });

  describe('totals', () => {
    it('counts exactly up to the bound and says "at least" beyond it', async () => {
      const name = word();
      await insertProducts(LIMITS.searchCountBound + 5, (n) => `${name} Edition ${n}`);
      const body = (await list({ search: name, limit: 2 })).json<ProductList>();
      expect(body).toMatchObject({ total: LIMITS.searchCountBound, total_is_lower_bound: true });
      expect(body.next_after).toEqual(expect.any(String));
      const few = (await list({ search: `${name} Edition 7` })).json<ProductList>();
      expect(few.total_is_lower_bound).toBe(false);
      expect(few.products[0]!.title).toBe(`${name} Edition 7`);
    });

    it('refuses offsets beyond the bound, pointing to after=', async () => {
      const response = await list({ offset: LIMITS.catalogMaxOffset + 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringContaining('after='), code: 'validation_error' });
      expect((await list({ offset: LIMITS.catalogMaxOffset })).statusCode).toBe(200);
    });
  });

  describe('keyset pages', () => {
    const name = word();
    beforeAll(async () => {
      // Equal prices and equal creation times (to the microsecond) in plenty: the order's ties decide.
      await insertProducts(17, (n) => `${name} ${['alpha', 'beta', 'gamma'][n % 3]} ${n}`, { created: "date_trunc('second', now()) - make_interval(secs => t.n % 4)" });
      await insertProducts(6, (n) => `${name}ish ${n}`, { price: '150' });
    });

    it.each(PRODUCT_SORTS.map((sort) => sort.value))('walks every product once in order %s, whatever the page size', async (sort: ProductSort) => {
      const whole = (await list({ search: name, sort, limit: 100 })).json<ProductList>();
      expect(whole.products).toHaveLength(23);
      expect(whole.next_after).toBeNull();
      for (const limit of [1, 4, 7]) {
        const seen: string[] = [];
        let after: string | null = null;
        do {
          const response = await list({ search: name, sort, limit, ...(after ? { after } : {}) });
          expect(response.statusCode).toBe(200);
          const page = response.json<ProductList>();
          seen.push(...page.products.map((product) => product.id));
          after = page.next_after;
        } while (after);
        expect(seen).toEqual(whole.products.map((product) => product.id));
      }
    });

    it('pages the whole catalogue by cursor too, and offsets and cursors agree', async () => {
      const first = (await list({ limit: 3 })).json<ProductList>();
      const second = (await list({ limit: 3, after: first.next_after! })).json<ProductList>();
      const byOffset = (await list({ limit: 3, offset: 3 })).json<ProductList>();
      expect(second.products.map((product) => product.id)).toEqual(byOffset.products.map((product) => product.id));
    });

    it('refuses a cursor of another order, a forged one, and a cursor with an offset', async () => {
      const page = (await list({ search: name, sort: 'price_asc', limit: 2 })).json<ProductList>();
      const other = await list({ search: name, sort: 'name', after: page.next_after! });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ detail: 'after must be the next_after of a page of this list, in the same order', code: 'validation_error' });
      for (const after of ['x', 'r9_00000000-0000-0000-0000-000000000000', 'n_not-a-uuid', `${'a'.repeat(401)}`, 'n_00000000-0000-0000-0000-000000000000%00']) {
        const response = await list({ after });
        expect(response.statusCode, after).toBe(400);
        expect(response.json().code).toBe('validation_error');
      }
      expect((await list({ search: name, sort: 'price_asc', after: page.next_after!, offset: 2 })).statusCode).toBe(400);
      // A cursor naming no product is a valid shape that ends the list.
      expect((await list({ after: 'n_00000000-0000-0000-0000-000000000000' })).json()).toMatchObject({ products: [], next_after: null });
    });

    it('answers staff the same pages', async () => {
      const page = (await list({ search: name, limit: 5 }, '/api/admin/products')).json<ProductList>();
      const next = (await list({ search: name, limit: 5, after: page.next_after! }, '/api/admin/products')).json<ProductList>();
      const publicPages = [(await list({ search: name, limit: 10 })).json<ProductList>()];
      expect([...page.products, ...next.products].map((product) => product.id)).toEqual(publicPages[0]!.products.map((product) => product.id));
    });
  });

  describe('suggestions', () => {
    const suggest = async (q: string) => t.request({ method: 'GET', url: '/api/search/suggest', query: { q } });

    it('answers up to eight titles, those that begin with the text first, and the categories named so', async () => {
      const name = word();
      const starting = await createProduct({ title: `${name} Beginning` });
      for (let n = 0; n < 9; n += 1) await createProduct({ title: `Ending ${name} ${n}` });
      const response = await suggest(name.slice(0, 6));
      expect(response.statusCode).toBe(200);
      const body = response.json<SearchSuggestions>();
      expect(body.products).toHaveLength(LIMITS.suggestMaxProducts);
      expect(body.products[0]).toEqual({ id: starting.id, title: starting.title, image: null, price: 9.99 });
      expect((await suggest('plug')).json<SearchSuggestions>().categories).toEqual([{ value: 'plugins', label: 'Plugins' }]);
      expect((await suggest(`${name} beg`)).json<SearchSuggestions>().products.map((product) => product.id)).toEqual([starting.id]);
    });

    it('answers nothing for no word, and 400 for hostile text', async () => {
      expect((await suggest('')).json()).toEqual({ products: [], categories: [] });
      expect((await suggest('%_')).json()).toEqual({ products: [], categories: [] });
      expect((await suggest('a\u0000')).statusCode).toBe(400);
      expect((await suggest('x'.repeat(101))).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: '/api/search/suggest' })).statusCode).toBe(400);
    });
  });
});

describe('search plans on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const shared = await sharedDatabase();
    const [dbA, dbB] = [await shared.open('search-a'), await shared.open('search-b')];
    a = await build({}, { database: dbA });
    b = await build({}, { database: dbB });
    cleanup = async () => {
      await Promise.all([a.close(), b.close()]);
      await dbA.close();
      if (dbB !== dbA) await dbB.close();
      await shared.drop();
    };
  });
  afterAll(() => cleanup());

  it('drops the ranking one instance keeps when a product is added on the other', async () => {
    const name = word();
    const search = (t: TestApp, query: Record<string, string>) => t.request({ method: 'GET', url: '/api/products', query: { search: name, ...query } });
    const create = async (title: string) => {
      const payload = { title, price: 5, category: 'software', product_type: 'single', description: 'd', detailed_description: 'd' };
      const response = await a.request({ method: 'POST', url: '/api/admin/products', payload, token: await a.adminToken() });
      expect(response.statusCode).toBe(201);
      return response.json<AdminProduct>();
    };
    const first = await create(`${name} One`);
    // B ranks the search and keeps it: the second page and another page size read the same plan.
    expect((await search(b, { limit: '1' })).json<ProductList>()).toMatchObject({ total: 1, next_after: null });
    expect((await search(b, { limit: '2' })).json<ProductList>().products.map((product) => product.id)).toEqual([first.id]);
    const second = await create(`${name} Two`);
    await waitFor(async () => (await search(b, { limit: '3' })).json<ProductList>().total === 2, 'the new product in B’s search', 10_000);
    expect((await search(b, { limit: '5' })).json<ProductList>().products.map((product) => product.id)).toEqual([second.id, first.id]);
  });
});
