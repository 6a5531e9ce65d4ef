import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { ADMIN_PASSWORD, build, TEST_DATA_ENCRYPTION_KEY, type TestApp } from './helpers/build.ts';

const STOREFRONT_PAGE = '<!doctype html><title>Storefront</title><div id="root"></div>';

let t: TestApp;
let storefrontDir: string;
beforeAll(async () => {
  // A built storefront, so that unknown /api paths must be told apart from the app's own pages.
  storefrontDir = await mkdtemp(path.join(tmpdir(), 'store-front-'));
  await writeFile(path.join(storefrontDir, 'index.html'), STOREFRONT_PAGE);
  t = await build({ STOREFRONT_DIST: storefrontDir });
});
afterAll(async () => {
  await t.close();
  await rm(storefrontDir, { recursive: true, force: true });
});

/** Every error answer: JSON with exactly a non-empty `detail` sentence and a `code`. */
function expectErrorAnswer(response: LightMyRequestResponse, status: number, code: string): { detail: string; code: string } {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
  expect(body.code).toBe(code);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

describe('error answers', () => {
  it('answers a malformed JSON body with 400 malformed_json and a detail', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "admin", "password":' });
    expectErrorAnswer(response, 400, 'malformed_json');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])('answers a body sent as %s with 415 unsupported_media_type', async (contentType) => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload: 'username=admin&password=secret' });
    expectErrorAnswer(response, 415, 'unsupported_media_type');
  });

  it("answers an unknown /api route with a JSON 404 route_not_found, not the storefront's page", async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.request({ method, url: '/api/no-such-route?x=1' });
      const body = expectErrorAnswer(response, 404, 'route_not_found');
      expect(body.detail).toBe(`No route for ${method} /api/no-such-route`);
      expect(response.body).not.toContain('<html');
    }
    // The control: the same store does serve its page for an unknown storefront address.
    const page = await t.request({ method: 'GET', url: '/products/some-product' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe(STOREFRONT_PAGE);
  });

  it('answers a body over 1 MB with 413 payload_too_large', async () => {
    const payload = JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024) });
    const response = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
    const body = expectErrorAnswer(response, 413, 'payload_too_large');
    expect(body.detail).toBe('The request body is too large.');
  });

  it('answers a query of the wrong type with 400 naming the field', async () => {
    const response = await t.request({ method: 'GET', url: '/api/products?limit=abc' });
    const body = expectErrorAnswer(response, 400, 'validation_error');
    expect(body.detail).toMatch(/\blimit\b/);
  });

  it('answers a missing token with 401 and a wrong role with 403, both as { detail, code }', async () => {
    expectErrorAnswer(await t.request({ method: 'GET', url: '/api/admin/users' }), 401, 'unauthorized');
    const { token } = await t.registerUser();
    expectErrorAnswer(await t.request({ method: 'GET', url: '/api/admin/users', token }), 403, 'forbidden');
  });
});

describe('a failure inside a handler', () => {
  let base: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    base = await build();
    // build() readies its app; routes can only be added before that, so start a second one on its database.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: base.dataDir,
      ADMIN_PASSWORD,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, database: base.database });
    app.get('/api/__boom', async () => {
      throw new Error('secret internals at /etc/passwd');
    });
    app.get('/api/__boom-db', async () => {
      await app.db.selectFrom('no_such_table' as 'users').selectAll().execute();
      return { never: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await base.close();
  });

  it('answers exactly { detail: "Internal server error", code: "internal_error" } with no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__boom' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal_error' });
    expect(response.body).not.toMatch(/secret|passwd|stack|at .*\.ts/i);
  });

  it('does not leak a database error either', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__boom-db' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal_error' });
    expect(response.body).not.toContain('no_such_table');
  });
});

describe('the sign-in rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it('answers the 4th login attempt within a minute with 429 too_many_requests, even with the right password', async () => {
    const attempt = (username: string, password: string) => limited.request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    // Wrong guesses at names that do not exist: the address is limited, whatever the account.
    for (let i = 0; i < 3; i += 1) expect((await attempt(`nobody-${i}`, 'wrong-password')).statusCode).toBe(401);
    const fourth = await attempt('admin', ADMIN_PASSWORD);
    const body = expectErrorAnswer(fourth, 429, 'too_many_requests');
    expect(body.detail).toBe('Too many attempts. Please wait a minute and try again.');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each address on its own', async () => {
    const from = (remoteAddress: string) =>
      limited.request({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username: 'admin', password: ADMIN_PASSWORD } });
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7')).statusCode).toBe(200);
    expect((await from('203.0.113.7')).statusCode).toBe(429);
    expect((await from('198.51.100.9')).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends nosniff and a CSP that forbids framing on API answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/site-info' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends them on error answers too', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('CORS', () => {
  let withAdminOrigin: TestApp;
  beforeAll(async () => {
    withAdminOrigin = await build({ CORS_ORIGINS: 'https://admin.example.com' });
  });
  afterAll(() => withAdminOrigin.close());

  const preflight = (app: TestApp, origin: string) =>
    app.request({
      method: 'OPTIONS',
      url: '/api/admin/products',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });

  it('allows a preflight from a configured origin, with the token and JSON headers', async () => {
    const response = await preflight(withAdminOrigin, 'https://admin.example.com');
    expect(response.statusCode).toBeLessThan(300);
    expect(response.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('gives another origin no access-control-allow-origin, on a preflight or a plain request', async () => {
    const response = await preflight(withAdminOrigin, 'https://evil.example.com');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await withAdminOrigin.request({ method: 'GET', url: '/api/site-info', headers: { origin: 'https://evil.example.com' } });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await withAdminOrigin.request({ method: 'GET', url: '/api/site-info', headers: { origin: 'https://admin.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example.com');
  });

  it('allows no other origin at all when CORS_ORIGINS is unset', async () => {
    const response = await preflight(t, 'https://admin.example.com');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
