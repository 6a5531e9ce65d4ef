import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SANDBOX_CREDENTIALS, startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/* The payment sandbox only on purpose: it can hand out goods without money. */

const token = (on: TestApp) =>
  on.request({
    method: 'POST',
    url: '/sandbox/v1/oauth2/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.clientId}:${SANDBOX_CREDENTIALS.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });

describe('the sandbox under /sandbox', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([build({ PAYMENT_SANDBOX: 'true' }), build({ PAYMENT_SANDBOX: 'false' })]);
  });
  afterAll(() => Promise.all([on.close(), off.close()]));

  it('is served while it is on and no PayPal credentials are saved, and the shop says so', async () => {
    expect((await token(on)).statusCode).toBe(200);
    expect((await on.request({ method: 'GET', url: '/api/site-info' })).json().payments_sandbox).toBe(true);
  });

  it('answers 404 once PayPal credentials are saved', async () => {
    const admin = await on.adminToken();
    const saved = await on.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { paypal_client_id: 'live-id', paypal_client_secret: 'live-secret' } });
    expect(saved.statusCode).toBe(200);
    expect((await token(on)).statusCode).toBe(404);
    expect((await on.request({ method: 'GET', url: '/sandbox/checkoutnow?token=ABC' })).statusCode).toBe(404);
    expect((await on.request({ method: 'GET', url: '/api/site-info' })).json().payments_sandbox).toBe(false);
  });

  it('is not there at all when it is off', async () => {
    expect((await token(off)).statusCode).toBe(404);
    expect((await off.request({ method: 'GET', url: '/api/site-info' })).json().payments_sandbox).toBe(false);
  });
});

describe('a production build', () => {
  const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const bundle = async (nodeEnv: string) => {
    const out = await mkdtemp(path.join(tmpdir(), 'store-api-build-'));
    await promisify(execFile)(process.execPath, ['build.mjs', out], { cwd: api, env: { ...process.env, NODE_ENV: nodeEnv } });
    const code = await readFile(path.join(out, 'server.js'), 'utf8');
    await rm(out, { recursive: true, force: true });
    return code;
  };

  it('leaves the payment sandbox out; a development build carries it', async () => {
    const [production, development] = await Promise.all([bundle('production'), bundle('development')]);
    // The approval page and the fake capture exist only in the sandbox's code.
    for (const marker of ['checkoutnow', 'forceCaptureStatus']) {
      expect(development).toContain(marker);
      expect(production).not.toContain(marker);
    }
  });
});

describe('orders paid through the sandbox', () => {
  let t: TestApp;
  let sandbox: RunningPaymentSandbox;
  beforeAll(async () => {
    sandbox = await startPaymentSandbox();
    t = await build({ PAYPAL_API_URL: sandbox.url });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('are test orders: marked for staff, and left out of revenue and the dashboard figures', async () => {
    const admin = await t.adminToken();
    const before = (await t.request({ method: 'GET', url: '/api/admin/stats', token: admin })).json();
    const product = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      payload: { title: `Test money ${randomBytes(3).toString('hex')}`, price: 40, description: 'd', detailed_description: 'dd', stock_quantity: 5 },
    });
    const buyer = await t.registerUser();
    const order = await t.request({ method: 'POST', url: '/api/orders', token: buyer.token, payload: { items: [{ product_id: product.json().id, quantity: 1 }] } });
    const created = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.json().id}`, token: buyer.token });
    const paypalOrderId = new URL(created.json().payment_url as string).searchParams.get('token')!;
    sandbox.state.approveOrder(paypalOrderId);
    expect((await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` })).statusCode).toBe(200);

    const listed = await t.request({ method: 'GET', url: `/api/admin/orders?search=${order.json().id}`, token: admin });
    expect(listed.json().orders[0]).toMatchObject({ status: 'completed', test: true });
    const after = (await t.request({ method: 'GET', url: '/api/admin/stats', token: admin })).json();
    expect(after).toMatchObject({ total_orders: before.total_orders, total_revenue: before.total_revenue });
    const stats = await t.request({ method: 'GET', url: `/api/admin/users/${buyer.user.id}/stats`, token: admin });
    expect(stats.json()).toMatchObject({ orders: 1, spent: 0, products: 0 });

    // An order staff confirm by hand is real: it counts.
    const real = await t.request({ method: 'POST', url: '/api/orders', token: buyer.token, payload: { items: [{ product_id: product.json().id, quantity: 1 }] } });
    await t.request({ method: 'PATCH', url: `/api/admin/orders/${real.json().id}/status?status=confirmed`, token: admin });
    const counted = (await t.request({ method: 'GET', url: '/api/admin/stats', token: admin })).json();
    expect(counted.total_orders).toBe(before.total_orders + 1);
  });
});
