import { randomBytes, randomUUID } from 'node:crypto';
import { routeNames, routes } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/* What answers may be kept by caches, and where a buyer is sent back to after paying. */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  // No PUBLIC_URL: the shop's address comes from the request.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
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

describe('the address a buyer comes back to from PayPal', () => {
  async function returnUrlFor(headers: Record<string, string>, on: TestApp = t): Promise<string> {
    const admin = await on.adminToken();
    const product = await on.request({
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      payload: { title: `Return ${randomBytes(3).toString('hex')}`, price: 5, description: 'd', detailed_description: 'dd', stock_quantity: 3 },
    });
    const order = await on.request({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { items: [{ product_id: product.json().id, quantity: 1 }], invoice_data: { email: `r${randomBytes(3).toString('hex')}@example.com`, name: 'R', address: 'A', city: 'C', country: 'UK' } },
    });
    expect(order.statusCode, order.body).toBe(201);
    const created = await on.request({ method: 'POST', url: `/api/payments/create?order_id=${order.json().id}`, headers });
    expect(created.statusCode, created.body).toBe(200);
    const paypalOrderId = new URL(created.json().payment_url as string).searchParams.get('token')!;
    return sandbox.state.orders.get(paypalOrderId)!.experience.return_url!;
  }

  it('is the address the shopper used, when PUBLIC_URL is not set', async () => {
    expect(await returnUrlFor({ host: 'shop.lan:8080' })).toMatch(/^http:\/\/shop\.lan:8080\/payment\/success\//);
  });

  it('is the browser’s origin when that is the shop itself', async () => {
    expect(await returnUrlFor({ host: 'shop.lan:8080', origin: 'http://shop.lan:8080' })).toMatch(/^http:\/\/shop\.lan:8080\//);
    // Any other origin is not trusted to say where the shop is.
    expect(await returnUrlFor({ host: 'shop.lan:8080', origin: 'https://evil.example' })).toMatch(/^http:\/\/shop\.lan:8080\//);
  });

  it('ignores X-Forwarded-* unless TRUST_PROXY is set', async () => {
    const forwarded = { host: 'internal:3000', 'x-forwarded-host': 'shop.example.com', 'x-forwarded-proto': 'https' };
    expect(await returnUrlFor(forwarded)).toMatch(/^http:\/\/internal:3000\//);
    const behindProxy = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url, TRUST_PROXY: 'true' });
    try {
      expect(await returnUrlFor(forwarded, behindProxy)).toMatch(/^https:\/\/shop\.example\.com\/payment\/success\//);
    } finally {
      await behindProxy.close();
    }
  });

  it('is PUBLIC_URL whenever it is set', async () => {
    const configured = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url, PUBLIC_URL: 'https://keys.example.com' });
    try {
      expect(await returnUrlFor({ host: 'elsewhere:1234' }, configured)).toMatch(/^https:\/\/keys\.example\.com\/payment\/success\//);
    } finally {
      await configured.close();
    }
  });
});
