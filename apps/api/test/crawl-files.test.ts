import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@store/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { build, type TestApp } from './helpers/build.ts';
import { sharedDatabase } from './helpers/shared-database.ts';
import { readSitemap, type SitemapEntry } from './helpers/sitemap-xml.ts';
import { waitFor } from './helpers/wait-for.ts';

const SHOP = 'https://shop.example.com';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

/** Two instances of the API on one database, as behind a load balancer; `a` is the one staff write through. */
let a: TestApp;
let b: TestApp;
let storefront: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  // A built storefront whose files include a robots.txt of their own: the crawl routes must win over it.
  storefront = await mkdtemp(path.join(tmpdir(), 'store-crawl-app-'));
  await writeFile(path.join(storefront, 'index.html'), '<!doctype html><title>Storefront</title>');
  await writeFile(path.join(storefront, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  const shared = await sharedDatabase();
  const [dbA, dbB] = [await shared.open('crawl-a'), await shared.open('crawl-b')];
  a = await build({ PUBLIC_URL: SHOP, STOREFRONT_DIST: storefront }, { database: dbA });
  b = await build({ PUBLIC_URL: SHOP, STOREFRONT_DIST: storefront }, { database: dbB });
  cleanup = async () => {
    await Promise.all([a.close(), b.close()]);
    await dbA.close();
    if (dbB !== dbA) await dbB.close();
    await shared.drop();
    await rm(storefront, { recursive: true, force: true });
  };
});
afterAll(() => cleanup());

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { ...FORGED, ...headers } });

async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await a.request({
    method: 'POST',
    url: '/api/admin/products',
    payload: {
      title: `Crawled ${randomBytes(4).toString('hex')}`,
      price: 9.99,
      category: 'software',
      product_type: 'single',
      description: 'A short description',
      detailed_description: 'A detailed description',
      ...overrides,
    },
    token: await a.adminToken(),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The index's entries and every piece's, read as a crawler does, from one instance. */
async function crawl(t: TestApp): Promise<{ index: SitemapEntry[]; pages: SitemapEntry[]; products: SitemapEntry[] }> {
  const index = await get(t, '/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const pieces = readSitemap(index.body, 'sitemapindex');
  const pages: SitemapEntry[] = [];
  const products: SitemapEntry[] = [];
  for (const { loc } of pieces) {
    expect(loc.startsWith(`${SHOP}/sitemaps/`), loc).toBe(true);
    const piece = await get(t, loc.slice(SHOP.length));
    expect(piece.statusCode, loc).toBe(200);
    (loc.includes('/pages-') ? pages : products).push(...readSitemap(piece.body, 'urlset'));
  }
  return { index: pieces, pages, products };
}

/** A product's `updated_at` as `<lastmod>` writes it: UTC, to the second. */
async function lastmodOf(id: string): Promise<string> {
  const row = await a.database.db.selectFrom('products').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
  return `${row.updated_at.toISOString().slice(0, 19)}Z`;
}

const pageOf = (id: string) => `${SHOP}/products/${id}`;

describe('robots.txt', () => {
  it('keeps crawlers off staff, the API and one shopper’s pages, and names the sitemap at PUBLIC_URL, whatever Host says', async () => {
    const response = await get(a, '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const disallowed of ['/admin', '/api', '/cart', '/checkout', '/account', '/order-success', '/payment/', '/payment-success', '/login', '/register', '/forgot-password', '/reset-password', '/guest-checkout']) {
      expect(lines).toContain(`Disallow: ${disallowed}`);
    }
    // The catalogue reads a rendering crawler needs stay open (the longer rule wins over Disallow: /api).
    expect(lines).toEqual(expect.arrayContaining(['Allow: /api/products', 'Allow: /api/site-info']));
    // Not the storefront's own robots.txt, which forbids everything.
    expect(lines).not.toContain('Disallow: /');
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([`Sitemap: ${SHOP}/sitemap.xml`]);
    expect(response.body).not.toContain('evil.example');
  });

  it('answers HEAD with the headers and no body, and 304 for the validator it gave', async () => {
    const full = await get(a, '/robots.txt');
    const head = await a.request({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(head.headers.etag).toBe(full.headers.etag);
    const again = await get(a, '/robots.txt', { 'if-none-match': String(full.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('sitemap.xml and its pieces', () => {
  it('list the shop’s pages and every visible product with its lastmod at PUBLIC_URL; an archived product is left out', async () => {
    const course = await createProduct({ category: 'courses', stock_quantity: 3 });
    const software = await createProduct({ category: 'software' });
    const archived = await createProduct({ category: 'templates' });
    const deleted = await a.request({ method: 'DELETE', url: `/api/admin/products/${archived.id}`, token: await a.adminToken() });
    expect(deleted.statusCode).toBeLessThan(300);

    const { index, pages, products } = await crawl(a);
    expect(index.map((entry) => entry.loc)).toEqual([`${SHOP}/sitemaps/pages-1.xml`, `${SHOP}/sitemaps/products-1.xml`]);
    // Categories with a product to show, in the storefront's order; not "templates", whose one product is gone.
    expect(pages).toEqual([
      { loc: `${SHOP}/` },
      { loc: `${SHOP}/products` },
      { loc: `${SHOP}/products?category=software` },
      { loc: `${SHOP}/products?category=courses` },
      { loc: `${SHOP}/privacy-policy` },
      { loc: `${SHOP}/terms-of-service` },
    ]);
    const visible = await a.database.db.selectFrom('products').select('id').where('archived_at', 'is', null).orderBy('created_at').orderBy('id').execute();
    expect(products.map((entry) => entry.loc)).toEqual(visible.map((row) => pageOf(row.id)));
    expect(products.find((entry) => entry.loc === pageOf(course.id))).toEqual({ loc: pageOf(course.id), lastmod: await lastmodOf(course.id) });
    expect(products.find((entry) => entry.loc === pageOf(software.id))?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(products.some((entry) => entry.loc === pageOf(archived.id))).toBe(false);
  });

  it('never take their addresses from a forged Host or X-Forwarded-Host', async () => {
    await createProduct();
    for (const url of ['/sitemap.xml', '/sitemaps/pages-1.xml', '/sitemaps/products-1.xml']) {
      const response = await get(a, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('evil.example');
    }
  });

  it('carry XML headers, an ETag answered with 304, and the same bytes in gzip and brotli; HEAD works', async () => {
    // Enough products for a piece worth compressing (over 1 KiB).
    for (let i = 0; i < 10; i += 1) await createProduct();
    for (const url of ['/sitemap.xml', '/sitemaps/pages-1.xml', '/sitemaps/products-1.xml']) {
      const first = await get(a, url);
      expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      expect(first.headers.vary).toMatch(/Accept-Encoding/);
      expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);

      const again = await get(a, url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another instance built its own copy: the same bytes, so the same validator.
      expect((await get(b, url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

      const head = await a.request({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.etag).toBe(first.headers.etag);
    }
    // Compressed forms are made for answers over 1 KiB: a piece of a few products is.
    const plain = await get(a, '/sitemaps/products-1.xml');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(a, '/sitemaps/products-1.xml', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(a, '/sitemaps/products-1.xml', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answer 404 for a piece that does not exist, and the storefront fallback never answers the crawl files', async () => {
    for (const url of [
      '/sitemaps/products-2.xml',
      '/sitemaps/products-0.xml',
      '/sitemaps/pages-2.xml',
      '/sitemaps/products-1.xml.gz',
      '/sitemaps/other-1.xml',
      '/sitemaps/products-01.xml',
      `/sitemaps/products-${'9'.repeat(40)}.xml`,
      '/sitemaps/products-1%00.xml',
    ]) {
      const response = await get(a, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('route_not_found');
    }
    // The storefront still answers its own pages; the crawl files are not its index.html.
    expect((await get(a, '/products')).body).toContain('<title>Storefront</title>');
    for (const url of ['/robots.txt', '/sitemap.xml']) expect((await get(a, url)).body).not.toContain('<title>');
  });

  it("show this instance's product change at once and the other instance's within a second", async () => {
    const product = await createProduct({ category: 'plugins' });
    // Both instances keep their pieces: at once on the instance that made it, within a second on the other.
    expect((await crawl(a)).products.map((entry) => entry.loc)).toContain(pageOf(product.id));
    await waitFor(async () => (await crawl(b)).products.some((entry) => entry.loc === pageOf(product.id)), 'the other instance to list the new product', 1000);

    // An edit moves updated_at: the lastmod follows on both.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edited = await a.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      payload: { title: 'Edited & renamed', price: 19.99, category: 'plugins', product_type: 'single', description: 'x', detailed_description: 'y' },
      token: await a.adminToken(),
    });
    expect(edited.statusCode).toBe(200);
    const lastmod = await lastmodOf(product.id);
    const shown = async (t: TestApp) => (await crawl(t)).products.find((entry) => entry.loc === pageOf(product.id))?.lastmod;
    expect(await shown(a)).toBe(lastmod);
    await waitFor(async () => (await shown(b)) === lastmod, 'the other instance to show the new lastmod', 1000);

    // Archived through the first, gone from both: the product's piece, and its category's list from the pages.
    await a.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token: await a.adminToken() });
    expect((await crawl(a)).products.map((entry) => entry.loc)).not.toContain(pageOf(product.id));
    await waitFor(async () => {
      const { products, pages } = await crawl(b);
      return !products.some((entry) => entry.loc === pageOf(product.id)) && !pages.some((entry) => entry.loc.endsWith('category=plugins'));
    }, 'the other instance to drop the archived product', 1000);
  });

  it("follow a stock change another instance makes with its keys (updated_at moves, only stock notified)", async () => {
    const product = await createProduct({ stock_quantity: 2 });
    // The other instance learns of the new product from the database's notification, within a second.
    const before = await waitFor(
      async () => (await crawl(b)).products.find((entry) => entry.loc === pageOf(product.id))?.lastmod,
      'the other instance to list the new product',
      1000,
    );
    // Written past both instances' own write watchers: they learn of it from the database's notification only.
    await sql`UPDATE products SET stock_quantity = 7, updated_at = now() + interval '1 minute' WHERE id = ${product.id}`.execute(a.database.db);
    const lastmod = await lastmodOf(product.id);
    expect(lastmod).not.toBe(before);
    for (const t of [a, b]) {
      await waitFor(
        async () => (await crawl(t)).products.find((entry) => entry.loc === pageOf(product.id))?.lastmod === lastmod,
        'the new lastmod after a stock change',
        1000,
      );
    }
  });

  it('escape the shop’s address in XML; a title with &, < and quotes changes nothing', async () => {
    const odd = await build({ PUBLIC_URL: "https://shop.example.com/a&b'c" });
    try {
      const product = await odd.database.db
        .insertInto('products')
        .values({
          title: `Tom & Jerry's <"Deluxe"> ]]>`,
          description: '<b>&amp;</b>',
          detailed_description: '"quoted" & \'single\'',
          price_cents: 100,
          category: 'ai_tools',
          product_type: 'single',
          images: JSON.stringify([]),
          features: JSON.stringify([]),
          system_requirements: JSON.stringify({}),
          stock_quantity: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const base = "https://shop.example.com/a&b'c";
      const index = await odd.request({ method: 'GET', url: '/sitemap.xml' });
      expect(index.body).toContain('<loc>https://shop.example.com/a&amp;b&apos;c/sitemaps/pages-1.xml</loc>');
      expect(readSitemap(index.body, 'sitemapindex').map((entry) => entry.loc)).toEqual([`${base}/sitemaps/pages-1.xml`, `${base}/sitemaps/products-1.xml`]);
      const piece = await odd.request({ method: 'GET', url: '/sitemaps/products-1.xml' });
      expect(readSitemap(piece.body, 'urlset').map((entry) => entry.loc)).toEqual([`${base}/products/${product.id}`]);
      const pages = await odd.request({ method: 'GET', url: '/sitemaps/pages-1.xml' });
      expect(readSitemap(pages.body, 'urlset').map((entry) => entry.loc)).toContain(`${base}/products?category=ai_tools`);
      const robots = await odd.request({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain(`Sitemap: ${base}/sitemap.xml\n`);
    } finally {
      await odd.close();
    }
  });
});

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ PORT: '4123', ALLOWED_HOSTS: 'shop.lan:8080' });
  });
  afterAll(() => t.close());

  it('name an allowed host as asked, and the listen address for any other Host', async () => {
    const asked = (host: string) => t.request({ method: 'GET', url: '/robots.txt', headers: { host } });
    expect((await asked('shop.lan:8080')).body).toContain('Sitemap: http://shop.lan:8080/sitemap.xml\n');
    const forged = await asked('evil.example');
    expect(forged.body).toContain('Sitemap: http://localhost:4123/sitemap.xml\n');
    expect(forged.headers.vary).toMatch(/Origin/);

    const index = await t.request({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(readSitemap(index.body, 'sitemapindex').map((entry) => entry.loc)).toEqual(['http://localhost:4123/sitemaps/pages-1.xml']);
    const lan = await t.request({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.lan:8080' } });
    expect(readSitemap(lan.body, 'sitemapindex').map((entry) => entry.loc)).toEqual(['http://shop.lan:8080/sitemaps/pages-1.xml']);
  });
});

describe('at 100,000 products', () => {
  const COUNT = 100_000;
  let t: TestApp;
  let database: DatabaseHandle;
  beforeAll(async () => {
    t = await build({ PUBLIC_URL: SHOP });
    database = t.database;
    // One statement, as the orders export's bulk test does; a few archived ones besides, which must not show.
    await sql`
      INSERT INTO products (title, description, detailed_description, price_cents, category, product_type, images, features,
                            system_requirements, stock_quantity, created_at, updated_at, archived_at)
      SELECT 'Bulk & product ' || n, 'Bulk', 'Bulk', 100 + n % 900, (ARRAY['ai_tools','software','licenses','plugins','templates','courses'])[1 + n % 6],
             'single', '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, 10,
             timestamptz '2026-01-01T00:00:00Z' + (n / 3) * interval '1 second',
             timestamptz '2026-02-01T00:00:00Z' + n * interval '1 second',
             CASE WHEN n > ${COUNT} THEN now() END
      FROM generate_series(1, ${COUNT + 50}::int) AS n`.execute(database.db);
  }, 120_000);
  afterAll(() => t.close());

  it('lists two product pieces of at most 50,000 addresses that together hold every visible product once', async () => {
    const index = await t.request({ method: 'GET', url: '/sitemap.xml' });
    const pieces = readSitemap(index.body, 'sitemapindex').map((entry) => entry.loc);
    expect(pieces).toEqual([`${SHOP}/sitemaps/pages-1.xml`, `${SHOP}/sitemaps/products-1.xml`, `${SHOP}/sitemaps/products-2.xml`]);

    const heapBefore = process.memoryUsage().heapUsed;
    const servedMs: number[] = [];
    const seen = new Set<string>();
    const sizes: number[] = [];
    for (const loc of pieces.slice(1)) {
      const started = performance.now();
      const piece = await t.request({ method: 'GET', url: loc.slice(SHOP.length) });
      servedMs.push(Math.round(performance.now() - started));
      expect(piece.statusCode).toBe(200);
      expect(piece.rawPayload.length).toBeLessThanOrEqual(50 * 1024 * 1024);
      const entries = readSitemap(piece.body, 'urlset');
      expect(entries.length).toBeLessThanOrEqual(50_000);
      sizes.push(entries.length);
      for (const entry of entries) seen.add(entry.loc);
      expect(entries.every((entry) => /^2026-02-0[12]T\d\d:\d\d:\d\dZ$/.test(entry.lastmod ?? ''))).toBe(true);
    }
    process.stdout.write(
      `sitemap at ${COUNT} products: pieces of ${sizes.join(' + ')} addresses, each built and served in ${servedMs.join(' and ')} ms, heap ${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6)} MB more after reading both\n`,
    );
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(COUNT);
    expect(seen.size).toBe(COUNT);
    const visible = await database.db.selectFrom('products').select('id').where('archived_at', 'is', null).execute();
    expect(visible).toHaveLength(COUNT);
    expect(visible.filter(({ id }) => !seen.has(`${SHOP}/products/${id}`))).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/sitemaps/products-3.xml' })).statusCode).toBe(404);
  }, 120_000);

  it('resumes inside a run of equal created_at times without losing or repeating a product, in (created_at, id) order', async () => {
    // Three products per created_at second above, and neither 5,000 (a batch) nor 50,000 (a piece) is a multiple of
    // three: batches and the second piece start inside such a run.
    const second = await t.request({ method: 'GET', url: '/sitemaps/products-2.xml' });
    const entries = readSitemap(second.body, 'urlset');
    const expected = await database.db
      .selectFrom('products')
      .select('id')
      .where('archived_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .offset(50_000)
      .limit(50_000)
      .execute();
    expect(entries.map((entry) => entry.loc)).toEqual(expected.map((row) => `${SHOP}/products/${row.id}`));
  }, 120_000);
});
