import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A built app as Vite and the precompress plugin leave it: index.html, a hashed asset and its .br/.gz copies. */
async function builtApp(title: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'store-app-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  await writeFile(path.join(dir, 'assets/index-abc123.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  return dir;
}

let t: TestApp;
let storefront: string;
let admin: string;
beforeAll(async () => {
  storefront = await builtApp('Storefront');
  admin = await builtApp('Admin');
  t = await build({ STOREFRONT_DIST: storefront, ADMIN_DIST: admin });
});
afterAll(async () => {
  await t.close();
  await Promise.all([rm(storefront, { recursive: true, force: true }), rm(admin, { recursive: true, force: true })]);
});

describe('the built apps', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await t.request({ method: 'GET', url: '/admin/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers each app's page for its own addresses, never cached", async () => {
    const shop = await t.request({ method: 'GET', url: '/products/abc' });
    expect(shop.body).toContain('<title>Storefront</title>');
    expect(shop.headers['cache-control']).toBe('no-cache');

    const staff = await t.request({ method: 'GET', url: '/admin/orders' });
    expect(staff.body).toContain('<title>Admin</title>');
    expect(staff.headers['cache-control']).toBe('no-cache');
  });

  it('sends the security headers with the pages and the assets, as with the API', async () => {
    for (const url of ['/products/abc', '/admin/orders', '/assets/index-abc123.js']) {
      const response = await t.request({ method: 'GET', url });
      const directives = String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim())
        .sort();
      expect(directives, url).toEqual(
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob: https:",
          "font-src 'self' data:",
          "connect-src 'self'",
          "frame-ancestors 'none'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "script-src-attr 'none'",
        ].sort(),
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
  });
});
