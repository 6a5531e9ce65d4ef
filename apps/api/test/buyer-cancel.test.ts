import { randomBytes } from 'node:crypto';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient, type PayPalOrder } from '../src/payments/paypal-client.ts';
import type { PayPalEndpoint } from '../src/payments/paypal-endpoint.ts';
import { reconcilePayments } from '../src/payments/payment-service.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * The buyer's cancel of an unpaid order (docs/decisions/048-unpaid-orders-and-mail-notices.md): owners only,
 * the order becomes failed and lets its hold and its code's use go, and raced with a capture, money taken
 * always means goods delivered (docs/decisions/015-trust.md). On PostgreSQL (TEST_DATABASE_URL) the races
 * really run at once.
 */

/** A PayPal client that lets a test run work of its own just before PayPal captures. */
class InterleavingPayPal extends PayPalClient {
  beforeCapture: (() => Promise<void>) | null = null;

  override async captureOrder(endpoint: PayPalEndpoint, paypalOrderId: string, requestId: string): Promise<PayPalOrder> {
    const before = this.beforeCapture;
    this.beforeCapture = null;
    await before?.();
    return super.captureOrder(endpoint, paypalOrderId, requestId);
  }
}

const paypal = new InterleavingPayPal();
let t: TestApp;
let sandbox: RunningPaymentSandbox;
let admin: string;

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url, PUBLIC_URL: 'http://shop.test' }, { paypal });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const tag = () => randomBytes(4).toString('hex');

async function productWithKeys(keys: number): Promise<string> {
  const product = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Cancelled ${tag()}`, price: 15, description: 'd', detailed_description: 'dd', stock_quantity: keys },
  });
  expect(product.statusCode, product.body).toBe(201);
  const id = product.json().id as string;
  const pool = Array.from({ length: keys }, () => `CANCEL-${tag()}-${tag()}`);
  await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys: pool.join('\n') } });
  return id;
}

/** A new shopper's order of one unit from an address of their own (one buyer's newer payment start would release their older hold), left unpaid. */
async function placeOrder(productId: string, discountCode?: string): Promise<{ id: string; token: string }> {
  const { token } = await t.registerUser();
  const response = await t.request({
    method: 'POST',
    url: '/api/orders',
    token,
    remoteAddress: `10.48.${randomBytes(1)[0]!}.${1 + (randomBytes(1)[0]! % 250)}`,
    payload: { items: [{ product_id: productId, quantity: 1 }], ...(discountCode ? { discount_code: discountCode } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ id: string }>().id, token };
}

const startPayment = (orderId: string, token: string) => t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}`, token });

/** Sends the buyer to PayPal (the order holds its unit) and approves there; answers PayPal's order id. */
async function approve(orderId: string, token: string): Promise<string> {
  const created = await startPayment(orderId, token);
  expect(created.statusCode, created.body).toBe(200);
  const paypalOrderId = new URL(created.json().payment_url as string).searchParams.get('token')!;
  sandbox.state.approveOrder(paypalOrderId);
  return paypalOrderId;
}

const cancel = (orderId: string, token?: string) => t.request({ method: 'POST', url: `/api/orders/${orderId}/cancel`, ...(token ? { token } : {}) });
const capture = (paypalOrderId: string) => t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
const row = (orderId: string) => t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
const capturesOf = (orderId: string) => [...sandbox.state.captures.values()].filter((entry) => entry.custom_id === orderId);
const keysSoldFor = async (orderId: string) =>
  (
    await t.app.db
      .selectFrom('license_keys as k')
      .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
      .select('k.id')
      .where('i.order_id', '=', orderId)
      .execute()
  ).length;

describe('the buyer cancels an unpaid order', () => {
  it('fails the order and releases its hold and its discount code’s use for other buyers', async () => {
    const productId = await productWithKeys(1);
    const code = await t.request({
      method: 'POST',
      url: '/api/admin/discounts',
      token: admin,
      payload: { code: `ONCE_${tag()}`, kind: 'percent', value: 10, max_uses: 1 },
    });
    expect(code.statusCode, code.body).toBe(201);
    const first = await placeOrder(productId, code.json().code);
    expect((await startPayment(first.id, first.token)).statusCode).toBe(200);
    const second = await placeOrder(productId, code.json().code);
    // The only unit (and the code's only use) is held by the first checkout.
    expect((await startPayment(second.id, second.token)).statusCode).toBe(409);

    const cancelled = await cancel(first.id, first.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: first.id, status: 'failed', goods_included: false });
    expect(await row(first.id)).toMatchObject({ status: 'failed', stock_reserved: false, hold_expires_at: null });
    const uses = await t.app.db.selectFrom('discount_redemptions').select('order_id').where('code_id', '=', code.json().id).execute();
    expect(uses.map((use) => use.order_id)).not.toContain(first.id);
    // Released as an expiry would: the other buyer may now hold and pay for the unit.
    expect((await startPayment(second.id, second.token)).statusCode).toBe(200);
  });

  it('answers 409 order_not_cancellable once the order is not pending, and a cancelled order cannot be paid', async () => {
    const order = await placeOrder(await productWithKeys(1));
    expect((await cancel(order.id, order.token)).statusCode).toBe(200);
    const again = await cancel(order.id, order.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'order_not_cancellable', detail: 'This order is failed, so it can no longer be cancelled.' });
    const pay = await startPayment(order.id, order.token);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('order_not_payable');
  });

  it('refuses a paid order: it stays completed with its goods', async () => {
    const order = await placeOrder(await productWithKeys(1));
    expect((await capture(await approve(order.id, order.token))).statusCode).toBe(200);
    const refused = await cancel(order.id, order.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_not_cancellable');
    expect((await row(order.id)).status).toBe('completed');
  });

  it('answers 404 to another account and to a guest order, and 401 without a session', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const stranger = await t.registerUser();
    const refused = await cancel(order.id, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('order_not_found');
    expect((await cancel(order.id)).statusCode).toBe(401);

    const guest = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: await productWithKeys(1), quantity: 1 }],
        invoice_data: { email: `guest-${tag()}@example.com`, name: 'Guest', address: '1 Road', city: 'Leeds', country: 'UK' },
      },
    });
    expect(guest.statusCode).toBe(201);
    expect((await cancel(guest.json().id, stranger.token)).statusCode).toBe(404);
    expect((await row(order.id)).status).toBe('pending');
    expect((await row(guest.json().id)).status).toBe('pending');
    expect((await cancel('00000000-0000-0000-0000-000000000000', stranger.token)).statusCode).toBe(404);
  });
});

describe('a cancel raced with the capture', () => {
  it('refuses the cancel while PayPal captures, then delivers', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id, order.token);
    let refused: Awaited<ReturnType<typeof cancel>> | undefined;
    paypal.beforeCapture = async () => {
      refused = await cancel(order.id, order.token);
    };
    expect((await capture(paypalOrderId)).statusCode).toBe(200);
    expect(refused!.statusCode).toBe(409);
    expect(refused!.json().code).toBe('payment_in_progress');
    expect(await row(order.id)).toMatchObject({ status: 'completed' });
    expect(await keysSoldFor(order.id)).toBe(1);
  });

  it('takes no money for an order cancelled before its buyer came back from PayPal', async () => {
    const order = await placeOrder(await productWithKeys(1));
    const paypalOrderId = await approve(order.id, order.token);
    expect((await cancel(order.id, order.token)).statusCode).toBe(200);
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('order_not_payable');
    expect(capturesOf(order.id)).toHaveLength(0);
    expect((await row(order.id)).status).toBe('failed');
  });

  it('fired together many times: money taken always means goods delivered, and a won cancel takes none', async () => {
    const ORDERS = 10;
    const productId = await productWithKeys(ORDERS);
    const orders = await Promise.all(Array.from({ length: ORDERS }, () => placeOrder(productId)));
    const paypalIds = await Promise.all(orders.map((order) => approve(order.id, order.token)));
    const answers = await Promise.all(orders.map((order, index) => Promise.all([cancel(order.id, order.token), capture(paypalIds[index]!)])));
    // Whatever a capture left unknown is settled by the reconciliation.
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));

    const outcomes = { cancelled: 0, paid: 0 };
    for (const [index, order] of orders.entries()) {
      const [cancelled, captured] = answers[index]!;
      expect([200, 409]).toContain(cancelled.statusCode);
      expect([200, 409]).toContain(captured.statusCode);
      const stored = await row(order.id);
      const money = capturesOf(order.id);
      expect(money.length).toBeLessThanOrEqual(1);
      if (money[0]?.status === 'COMPLETED') {
        outcomes.paid += 1;
        expect(stored.status).toBe('completed');
        expect(await keysSoldFor(order.id)).toBe(1);
        expect(cancelled.statusCode).toBe(409);
      } else if (money[0]) {
        expect(money[0].status).toBe('REFUNDED');
        expect(stored.status).toBe('refunded');
      } else {
        outcomes.cancelled += 1;
        expect(stored.status).toBe('failed');
        expect(cancelled.statusCode).toBe(200);
        expect(await keysSoldFor(order.id)).toBe(0);
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(ORDERS);
  });
});
