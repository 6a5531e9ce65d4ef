import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKeptPage, pageSecurityPolicy, pageTemplate } from '../src/plugins/storefront-render.ts';
import { build, type TestApp } from './helpers/build.ts';
import { sharedDatabase } from './helpers/shared-database.ts';
import { waitFor } from './helpers/wait-for.ts';

const SHOP = 'https://shop.example.com';
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

/** The storefront's built index.html as Vite leaves it: its own title and description, the entry script, the root. */
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="description" content="x" /><title>KeyVault</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const INLINE_SCRIPT = 'window.__rendered=1';
const JSON_LD = '{"a":1}';

/** What a stub server module records, on globalThis under its own label (each instance imports its own copy). */
interface StubState {
  renders: number;
  configured: number;
  pages: { url: string; origin: string; headers: Record<string, string> }[];
}
const stubs = globalThis as typeof globalThis & { __storefrontStubs?: Record<string, StubState> };
const stub = (label: string): StubState => {
  const state = stubs.__storefrontStubs?.[label];
  if (!state) throw new Error(`The stub server module ${label} was never loaded`);
  return state;
};

/**
 * A stand-in for apps/storefront/dist-server/entry-server.js: the same contract (configureServerRender,
 * renderPage), its pages' data read through the transport the API registers, so each page proves the
 * in-process calls work.
 */
function stubServerModule(label: string): string {
  return `
const state = ((globalThis.__storefrontStubs ??= {})[${JSON.stringify(label)}] ??= { renders: 0, configured: 0, pages: [] });
let transport = null;

export function configureServerRender(setup) {
  transport = setup.transport;
  state.configured += 1;
}

const json = async (url) => {
  const response = await transport(url);
  return { status: response.status, body: response.ok ? await response.json() : null };
};
const listed = (products) => products.map((p) => '<li>' + p.title + ' $' + p.price.toFixed(2) + '</li>').join('');

export async function renderPage({ url, origin, headers, signal, template }) {
  state.renders += 1;
  state.pages.push({ url, origin, headers: Object.fromEntries(headers) });
  if (!(signal instanceof AbortSignal)) throw new Error('no signal');
  const { pathname } = new URL(url);
  if (pathname === '/old') return new Response(null, { status: 302, headers: { location: '/products' } });
  const site = await json('/api/site-info');
  let status = 200;
  let title = 'Page not found';
  let markup = '<h1>Page not found</h1>';
  if (pathname === '/' || pathname === '/products') {
    const list = await json('/api/products?limit=50');
    title = pathname === '/' ? 'Home' : 'Products';
    markup = '<h1>' + title + '</h1><ul>' + listed(list.body.products) + '</ul>';
  } else if (pathname.startsWith('/products/')) {
    const product = await json('/api' + pathname);
    if (product.status === 200) {
      title = product.body.title;
      markup = '<h1>' + product.body.title + '</h1><p>$' + product.body.price.toFixed(2) + ' stock ' + product.body.stock_quantity + '</p>';
    } else {
      status = 404;
    }
  } else if (pathname === '/privacy-policy') {
    title = 'Privacy policy';
    markup = '<h1>Privacy policy</h1>';
  } else {
    status = 404;
  }
  const html =
    template.head + '<title>' + title + ' — ' + site.body.site_name + '</title>' + template.body +
    '<header>' + site.body.site_name + '</header>' + markup + '<p>' + 'Keys for everything. '.repeat(60) + '</p>' +
    '<script>${INLINE_SCRIPT}</script><script type="application/ld+json">${JSON_LD}</script>' + template.tail;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
`;
}

/** A built storefront in a folder of its own: dist/index.html and, unless told otherwise, the stub server module. */
async function builtStorefront(label: string, { serverBuild = true } = {}): Promise<{ dir: string; dist: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'store-render-'));
  const dist = path.join(dir, 'dist');
  await mkdir(dist);
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  if (serverBuild) {
    await mkdir(path.join(dir, 'dist-server'));
    await writeFile(path.join(dir, 'dist-server/entry-server.js'), stubServerModule(label));
  }
  return { dir, dist };
}

/** An admin build, so /admin/... has its own app to answer with. */
async function builtAdmin(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'store-render-admin-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Admin app</title><div id="root"></div>');
  return dir;
}

/** Two instances of the API on one database, as behind a load balancer; staff write through `a`. */
let a: TestApp;
let b: TestApp;
const label = { a: `a-${randomBytes(4).toString('hex')}`, b: `b-${randomBytes(4).toString('hex')}` };
let cleanup: () => Promise<void>;

beforeAll(async () => {
  // One folder per instance: both in one process would otherwise share one imported module and its transport.
  const [storeA, storeB, admin] = [await builtStorefront(label.a), await builtStorefront(label.b), await builtAdmin()];
  const shared = await sharedDatabase();
  const [dbA, dbB] = [await shared.open('render-a'), await shared.open('render-b')];
  a = await build({ PUBLIC_URL: SHOP, STOREFRONT_DIST: storeA.dist, ADMIN_DIST: admin }, { database: dbA });
  b = await build({ PUBLIC_URL: SHOP, STOREFRONT_DIST: storeB.dist, ADMIN_DIST: admin }, { database: dbB });
  cleanup = async () => {
    await Promise.all([a.close(), b.close()]);
    await dbA.close();
    if (dbB !== dbA) await dbB.close();
    await shared.drop();
    await Promise.all([storeA.dir, storeB.dir, admin].map((dir) => rm(dir, { recursive: true, force: true })));
  };
});
afterAll(() => cleanup());

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const rendersOf = (t: TestApp) => stub(t === a ? label.a : label.b).renders;
const tag = () => randomBytes(4).toString('hex');

async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await a.request({
    method: 'POST',
    url: '/api/admin/products',
    payload: {
      title: `Rendered ${tag()}`,
      price: 12.5,
      category: 'software',
      product_type: 'single',
      description: 'A short description',
      detailed_description: 'A detailed description',
      stock_quantity: 7,
      ...overrides,
    },
    token: await a.adminToken(),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Asks for a page until it is kept: a product's creation drops every page when its notification arrives,
 * which on a busy machine can be after the first request. Answers the kept page's response.
 */
async function keptPage(t: TestApp, url: string) {
  return waitFor(
    async () => {
      await get(t, url);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const before = rendersOf(t);
      const response = await get(t, url);
      return rendersOf(t) === before && response;
    },
    `${url} kept`,
    10_000,
  );
}

const siteName = async (t: TestApp): Promise<string> => (await get(t, '/api/site-info')).json().site_name;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** A CSP header as a map of directive name to its sources. */
const directives = (header: unknown): Map<string, string> =>
  new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...sources] = directive.split(/\s+/);
        return [name, sources.join(' ')] as const;
      }),
  );

describe('a storefront page rendered on the server', () => {
  it('answers the home, list, product and legal pages in the built index.html, with only the rendered title and head', async () => {
    const product = await createProduct();
    const name = await siteName(a);
    for (const url of ['/', '/products', `/products/${product.id}`, '/privacy-policy']) {
      const response = await get(a, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="UTF-8">'), url).toBe(true);
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(html, url).toMatch(/<\/head><body><div id="root"><header>/);
      expect(html.endsWith('</div></body></html>'), url).toBe(true);
      // The template's own title and description gave way to the page's.
      expect(html.match(/<title>/g), url).toHaveLength(1);
      expect(html, url).not.toContain('<title>KeyVault</title>');
      expect(html, url).not.toContain('<meta name="description" content="x" />');
      expect(html, url).toContain(`<header>${name}</header>`);
      expect(response.headers.etag, url).toMatch(/^W\/"[\w-]{27}"$/);
      expect(response.headers['cache-control'], url).toBe('public, no-cache');
      expect(response.headers.vary, url).toBe('Accept-Encoding');
    }
    // The data came through the API's own routes, in this process.
    expect((await get(a, '/products')).body).toContain(`<li>${product.title} $12.50</li>`);
    const page = await get(a, `/products/${product.id}`);
    expect(page.body).toContain(`<title>${product.title} — ${name}</title>`);
    expect(page.body).toContain(`<h1>${product.title}</h1><p>$12.50 stock 7</p>`);
    expect(stub(label.a).configured).toBe(1);
  });

  it('sends a page compressed with brotli or gzip to a browser that accepts it', async () => {
    const plain = await get(a, '/privacy-policy', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(a, '/privacy-policy', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gzip = await get(a, '/privacy-policy', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answers HEAD of a page as GET, with its headers and no body', async () => {
    const product = await createProduct();
    for (const url of ['/', '/products', `/products/${product.id}`, '/privacy-policy']) {
      const full = await keptPage(a, url);
      const head = await a.request({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(head.headers.etag, url).toBe(full.headers.etag);
      expect(head.headers['content-security-policy'], url).toBe(full.headers['content-security-policy']);
    }
    const missing = await a.request({ method: 'HEAD', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
  });

  it("allows the page's inline script by its hash in the site's Content-Security-Policy, and no JSON-LD block", async () => {
    const page = await get(a, '/privacy-policy');
    const site = await get(a, '/api/site-info');
    const pagePolicy = directives(page.headers['content-security-policy']);
    const sitePolicy = directives(site.headers['content-security-policy']);
    expect(pagePolicy.get('script-src')).toBe(`'self' ${sha256(INLINE_SCRIPT)}`);
    expect(String(page.headers['content-security-policy'])).not.toContain(sha256(JSON_LD));
    expect(sitePolicy.get('script-src')).toBe("'self'");
    pagePolicy.delete('script-src');
    sitePolicy.delete('script-src');
    expect(pagePolicy.size).toBeGreaterThan(5);
    expect([...pagePolicy]).toEqual([...sitePolicy]);
  });

  it('answers the next request from memory with the same ETag, and 304 with no body for that ETag', async () => {
    const first = await keptPage(a, '/products');
    const before = rendersOf(a);
    for (let i = 0; i < 3; i += 1) {
      const again = await get(a, '/products');
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.body).toBe(first.body);
    }
    const unchanged = await get(a, '/products', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    expect(unchanged.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(rendersOf(a)).toBe(before);

    const other = await get(a, '/products', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(rendersOf(a)).toBe(before);
  });

  it('renders again on both instances after a product is edited on one, showing the new title, price and stock', async () => {
    const product = await createProduct();
    const url = `/products/${product.id}`;
    for (const t of [a, b]) expect((await keptPage(t, url)).body).toContain(`<h1>${product.title}</h1><p>$12.50 stock 7</p>`);
    const listed = await keptPage(b, '/products');
    expect(listed.body).toContain(`<li>${product.title} $12.50</li>`);

    const title = `Edited ${tag()}`;
    const updated = await a.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      payload: { ...product, title, price: 30, stock_quantity: 2 },
      token: await a.adminToken(),
    });
    expect(updated.statusCode, updated.body).toBe(200);

    // The instance that wrote drops its pages at once; the other hears of it through the database.
    expect((await get(a, url)).body).toContain(`<h1>${title}</h1><p>$30.00 stock 2</p>`);
    await waitFor(async () => (await get(b, url)).body.includes(`<h1>${title}</h1><p>$30.00 stock 2</p>`), 'the edit on instance B');
    await waitFor(async () => (await get(b, '/products')).body.includes(`<li>${title} $30.00</li>`), 'the edited list on instance B');
  });

  it('renders again after a stock change written by another instance straight to the database', async () => {
    const product = await createProduct();
    const url = `/products/${product.id}`;
    expect((await keptPage(a, url)).body).toContain('stock 7');
    // B's connection writing, as another process would: A hears of it only through the notification.
    await b.database.db.updateTable('products').set({ stock_quantity: 3 }).where('id', '=', product.id).execute();
    await waitFor(async () => (await get(a, url)).body.includes('stock 3'), 'the stock change on instance A');
  });

  it("renders again with the site's new name after its settings are saved", async () => {
    const before = await siteName(a);
    expect((await keptPage(a, '/privacy-policy')).body).toContain(`<header>${before}</header>`);
    expect((await keptPage(b, '/privacy-policy')).body).toContain(`<header>${before}</header>`);

    const renamed = `Renamed ${tag()}`;
    const saved = await a.request({ method: 'PUT', url: '/api/admin/settings', payload: { site_name: renamed }, token: await a.adminToken() });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = await get(a, '/privacy-policy');
    expect(page.body).toContain(`<header>${renamed}</header>`);
    expect(page.body).toContain(`<title>Privacy policy — ${renamed}</title>`);
    await waitFor(async () => (await get(b, '/privacy-policy')).body.includes(`<header>${renamed}</header>`), 'the new name on instance B');
  });
});

describe('what is not a page to keep', () => {
  it('answers an unknown page 404 with the rendered not-found page, never kept', async () => {
    for (const url of ['/missing', '/products/00000000-0000-4000-8000-000000000000']) {
      const before = rendersOf(a);
      for (let i = 0; i < 2; i += 1) {
        const response = await get(a, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers.etag, url).toBeUndefined();
        expect(response.body, url).toContain('<h1>Page not found</h1>');
        expect(response.body, url).toContain('<div id="root"><header>');
        expect(directives(response.headers['content-security-policy']).get('script-src'), url).toBe(`'self' ${sha256(INLINE_SCRIPT)}`);
      }
      expect(rendersOf(a) - before, url).toBe(2);
    }
  });

  it('compresses a page it does not keep as the browser accepts, with the same policy as the page itself', async () => {
    const plain = await get(a, '/missing');
    const br = await get(a, '/missing', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(404);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    const gzip = await get(a, '/products?utm_source=x', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBeUndefined();
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
  });

  it("follows the render's redirect with its Location", async () => {
    const response = await get(a, '/old');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/products');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the API, the admin app and missing files to their own answers', async () => {
    const before = rendersOf(a);
    const api = await get(a, '/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });

    const admin = await get(a, '/admin/orders');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('<title>Admin app</title>');

    const asset = await get(a, '/assets/missing.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
    expect(rendersOf(a)).toBe(before);
  });
});

describe('what reaches the render', () => {
  it("gives the page PUBLIC_URL's origin and nothing of the visitor's but the user agent, whatever Host says", async () => {
    const url = `/products?search=forged-${tag()}`;
    const response = await get(a, url, { ...FORGED, cookie: 'session=secret', authorization: 'Bearer secret', 'user-agent': 'Crawler/1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
    const page = stub(label.a).pages.at(-1);
    expect(page).toEqual({ url: `${SHOP}${url}`, origin: SHOP, headers: { 'user-agent': 'Crawler/1.0' } });
  });

  it('refuses a page address over 2048 characters with a reason, and survives a NUL byte or a 1 MB query', async () => {
    const before = rendersOf(a);
    const long = await get(a, `/products?search=${'a'.repeat(2100)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/2048/);
    const longHome = await get(a, `/?q=${'a'.repeat(2100)}`);
    expect(longHome.statusCode).toBe(400);
    const huge = await get(a, `/products?search=${'x'.repeat(1024 * 1024)}`);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toEqual(expect.any(String));
    expect(rendersOf(a)).toBe(before);

    for (const url of ['/%00', '/products/%00', '/products?search=%00', '/privacy-policy%00']) {
      const response = await get(a, url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('a storefront without its server build', () => {
  it('sends the built index.html for page addresses, as before', async () => {
    const store = await builtStorefront(`none-${tag()}`, { serverBuild: false });
    const t = await build({ PUBLIC_URL: SHOP, STOREFRONT_DIST: store.dist });
    try {
      expect(t.app.renderStorefrontPage).toBeNull();
      for (const url of ['/', '/products', '/products/abc', '/missing']) {
        const response = await get(t, url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(INDEX_HTML);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        const head = await t.request({ method: 'HEAD', url });
        expect(head.statusCode, url).toBe(200);
        expect(head.body, url).toBe('');
      }
    } finally {
      await t.close();
      await rm(store.dir, { recursive: true, force: true });
    }
  });
});

describe('pageTemplate', () => {
  it('cuts the built page around the app, without its own title and description', () => {
    expect(pageTemplate(INDEX_HTML)).toEqual({
      head: '<!doctype html><html lang="en"><head><meta charset="UTF-8"><script type="module" crossorigin src="/assets/index-abc.js"></script>',
      body: '</head><body><div id="root">',
      tail: '</div></body></html>',
    });
  });

  it('refuses a page without the app container after the head', () => {
    expect(() => pageTemplate('<!doctype html><html><head></head><body><div id="app"></div></body></html>')).toThrow(/<div id="root"><\/div>/);
    expect(() => pageTemplate('<!doctype html><div id="root"></div><head></head>')).toThrow();
    expect(() => pageTemplate('<div id="root"></div>')).toThrow();
  });
});

describe('pageSecurityPolicy', () => {
  const SITE = "default-src 'self';script-src 'self';script-src-attr 'none';object-src 'none'";

  it("adds each inline script's hash to script-src once, and nothing else", () => {
    const html = '<script>a()</script><p>x</p><script>a()</script><script type="module">b()</script>';
    expect(pageSecurityPolicy(SITE, html)).toBe(`default-src 'self';script-src 'self' ${sha256('a()')} ${sha256('b()')};script-src-attr 'none';object-src 'none'`);
  });

  it('does not hash scripts loaded from a file or data blocks', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-abc.js"></script><script src=/x.js>ignored()</script>' +
      `<script type="application/ld+json">${JSON_LD}</script><script type='application/json' id="state">{}</script>`;
    expect(pageSecurityPolicy(SITE, html)).toBe(SITE);
  });

  it('leaves the policy as it is for a page without inline scripts', () => {
    expect(pageSecurityPolicy(SITE, '<p>No scripts</p>')).toBe(SITE);
  });
});

describe('isKeptPage', () => {
  it('keeps the public pages and the list with its own parameters, each once', () => {
    for (const url of ['/', '/products', '/products?search=ai&category=software&sort=price_asc', '/products/2cba4d34-05bb-4488-8665-24dbcabfc45e', '/privacy-policy', '/terms-of-service']) {
      expect(isKeptPage(url), url).toBe(true);
    }
  });

  it('renders anything else each time: made-up or repeated parameters, private pages, tokens, unknown paths', () => {
    for (const url of [
      '/products?x=1',
      '/products?search=a&search=b',
      '/products/2cba4d34-05bb-4488-8665-24dbcabfc45e?utm_source=x',
      '/?ref=1',
      '/cart',
      '/account',
      '/reset-password?token=secret',
      '/products/not-an-id',
      '/no-such-page',
    ]) {
      expect(isKeptPage(url), url).toBe(false);
    }
  });
});
