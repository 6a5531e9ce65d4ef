import { randomUUID } from 'node:crypto';
import { routeNames, routes } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/* What answers may be kept by caches. (Where a buyer is sent back to after paying: shop-links.test.ts.) */

let t: TestApp;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t.close();
});

/** Public data a cache may keep; every other answer of the API carries keys, tokens or personal data, or may. */
const CACHEABLE = new Set(['siteInfo', 'listProducts', 'getProduct']);

describe('Cache-Control', () => {
  it.each(routeNames.filter((name) => !CACHEABLE.has(name)))('%s answers with private, no-store, on success and on error', async (name) => {
    const route = routes[name];
    const url = route.path.replace(/:[A-Za-z]+/g, randomUUID());
    // A throwaway account for the user routes: logout would end a shared session.
    const signedIn = route.access === 'admin' ? await t.adminToken() : (await t.registerUser()).token;
    for (const token of [undefined, signedIn]) {
      const response = await t.request({ method: route.method, url, ...(token ? { token } : {}), ...(route.method === 'GET' ? {} : { payload: {} }) });
      expect(response.headers['cache-control'], `${route.method} ${url} answered ${response.statusCode}`).toBe('private, no-store');
    }
  });

  it('holds for the answers that carry secrets: a session, a guest order with its token, the settings', async () => {
    const user = await t.registerUser();
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.user.username, password: user.password } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('private, no-store');
    const settings = await t.request({ method: 'GET', url: '/api/admin/settings', token: await t.adminToken() });
    expect(settings.headers['cache-control']).toBe('private, no-store');
  });

  it('lets the public site information be cached briefly', async () => {
    expect((await t.request({ method: 'GET', url: '/api/site-info' })).headers['cache-control']).toMatch(/^public/);
  });

  it('lets the catalogue be kept by any cache but asked again each time; its errors are kept by none', async () => {
    expect((await t.request({ method: 'GET', url: '/api/products?limit=5' })).headers['cache-control']).toBe('public, no-cache');
    expect((await t.request({ method: 'GET', url: '/api/products?limit=0' })).headers['cache-control']).toBe('private, no-store');
    expect((await t.request({ method: 'GET', url: `/api/products/${randomUUID()}` })).headers['cache-control']).toBe('private, no-store');
  });
});
