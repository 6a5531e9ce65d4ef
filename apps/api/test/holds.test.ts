import { randomBytes } from 'node:crypto';
import { LIMITS, OrderSchema, type Order } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStaleOrders, HOLD_MINUTES } from '../src/orders/order-service.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Holds that cannot be abused: one buyer or one address holds only a few unpaid orders, one order only
 * so many units (counted after its lines are merged), and an order holds its stock briefly until its
 * payment starts. The caps are the defaults (3 per buyer, 10 per address), not the tests' raised ones.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let admin: string;
beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url, UNPAID_ORDERS_PER_BUYER: '3', UNPAID_ORDERS_PER_ADDRESS: '10' });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const tag = () => randomBytes(4).toString('hex');
/** A fresh address per test, so the per-address cap of one test does not touch another. */
const address = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

async function product(price = 5, stock = 500): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Held ${tag()}`, price, description: 'd', detailed_description: 'dd', stock_quantity: stock },
  });
  return response.json().id as string;
}

const invoice = (email = `holder-${tag()}@example.com`) => ({ email, name: 'Hold Buyer', address: '1 Road', city: 'Leeds', country: 'UK' });

const order = (items: { product_id: string; quantity: number }[], options: { email?: string; ip?: string; token?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: options.ip ?? address(),
    ...(options.token ? { token: options.token } : {}),
    payload: { items, ...(options.token ? {} : { invoice_data: invoice(options.email) }) },
  });

describe('the size of one order', () => {
  it(`takes ${LIMITS.orderMaxQuantity} of one product, but not more by repeating the line`, async () => {
    const id = await product();
    expect((await order([{ product_id: id, quantity: LIMITS.orderMaxQuantity }])).statusCode).toBe(201);
    const split = await order([
      { product_id: id, quantity: 15 },
      { product_id: id, quantity: 15 },
    ]);
    expect(split.statusCode).toBe(400);
    expect(split.json()).toEqual({ detail: `An order may hold at most ${LIMITS.orderMaxQuantity} of one product`, code: 'order_too_large' });
  });

  it(`holds at most ${LIMITS.orderMaxUnits} units in all`, async () => {
    const lines = await Promise.all(Array.from({ length: 6 }, () => product()));
    const response = await order(lines.map((id) => ({ product_id: id, quantity: LIMITS.orderMaxQuantity })));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('order_too_large');
  });
});

describe('unpaid orders per buyer and per address', () => {
  it('lets one email hold 3 unpaid orders, refuses the 4th, and frees a slot when one lapses', async () => {
    const id = await product();
    const email = `greedy-${tag()}@example.com`;
    const placed: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await order([{ product_id: id, quantity: 1 }], { email });
      expect(response.statusCode).toBe(201);
      placed.push(response.json());
    }
    const fourth = await order([{ product_id: id, quantity: 1 }], { email: email.toUpperCase() });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('too_many_unpaid_orders');
    expect((await order([{ product_id: id, quantity: 1 }])).statusCode).toBe(201);

    await t.request({ method: 'PATCH', url: `/api/admin/orders/${placed[0]!.id}/status?status=rejected`, token: admin });
    expect((await order([{ product_id: id, quantity: 1 }], { email })).statusCode).toBe(201);
  });

  it('counts a signed-in account the same way, whatever address it orders from', async () => {
    const id = await product();
    const { token } = await t.registerUser();
    for (let i = 0; i < 3; i += 1) expect((await order([{ product_id: id, quantity: 1 }], { token })).statusCode).toBe(201);
    expect((await order([{ product_id: id, quantity: 1 }], { token })).statusCode).toBe(429);
  });

  it('lets one address hold 10 unpaid orders of different buyers, and refuses the 11th', async () => {
    const id = await product();
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i += 1) expect((await order([{ product_id: id, quantity: 1 }], { ip })).statusCode).toBe(201);
    const eleventh = await order([{ product_id: id, quantity: 1 }], { ip });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('too_many_unpaid_orders');
  });

  it('holds under parallel requests: of 12 orders sent at once by one buyer, exactly 3 are placed', async () => {
    const id = await product();
    const email = `parallel-${tag()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => order([{ product_id: id, quantity: 1 }], { email })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(9);
  });
});

describe('how long stock is held', () => {
  it(`holds ${HOLD_MINUTES.beforePayment} minutes before the payment starts, then ${HOLD_MINUTES.afterPaymentStarts} from its start`, async () => {
    const id = await product(5, 2);
    const idle = (await order([{ product_id: id, quantity: 1 }])).json<Order>();
    const paying = (await order([{ product_id: id, quantity: 1 }])).json<Order>();
    const started = Date.now();
    expect((await t.request({ method: 'POST', url: `/api/payments/create?order_id=${paying.id}` })).statusCode).toBe(200);
    const stored = await t.app.db.selectFrom('orders').select(['id', 'expires_at']).where('id', 'in', [idle.id, paying.id]).execute();
    const expiry = new Map(stored.map((row) => [row.id, row.expires_at!.getTime()]));
    expect(expiry.get(paying.id)! - started).toBeGreaterThan((HOLD_MINUTES.afterPaymentStarts - 1) * 60_000);

    // Eleven minutes on: the order nobody started paying lapses and its unit is back; the other still holds.
    await expireStaleOrders(t.app, new Date(Date.now() + 11 * 60_000));
    const after = await t.app.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [idle.id, paying.id]).execute();
    expect(Object.fromEntries(after.map((row) => [row.id, row.status]))).toEqual({ [idle.id]: 'failed', [paying.id]: 'pending' });
    expect((await t.request({ method: 'GET', url: `/api/products/${id}` })).json().stock_quantity).toBe(1);

    // A second start does not lengthen the hold again.
    await t.request({ method: 'POST', url: `/api/payments/create?order_id=${paying.id}` });
    const again = await t.app.db.selectFrom('orders').select('expires_at').where('id', '=', paying.id).executeTakeFirstOrThrow();
    expect(again.expires_at!.getTime()).toBe(expiry.get(paying.id));
  });
});

describe('a free order', () => {
  it('is completed at once with its goods, without PayPal', async () => {
    const id = await product(0, 0);
    const keys = [`FREE-${tag()}`, `FREE-${tag()}`];
    await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys: keys.join('\n') } });
    const response = await order([{ product_id: id, quantity: 1 }]);
    expect(response.statusCode).toBe(201);
    const placed = response.json<Order>();
    expect(Value.Check(OrderSchema, placed)).toBe(true);
    expect(placed).toMatchObject({ status: 'completed', total_amount: 0, payment_method: 'free', goods_included: true, test: false });
    expect(keys).toContain(placed.items[0]!.keys![0]);
    expect([...sandbox.state.orders.values()].filter((paypalOrder) => paypalOrder.purchaseUnits[0]?.custom_id === placed.id)).toHaveLength(0);
    const pay = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${placed.id}` });
    expect(pay.statusCode).toBe(409);
  });

  it('counts against the same per-buyer cap, so one buyer cannot drain free keys', async () => {
    const id = await product(0, 100);
    const email = `freeloader-${tag()}@example.com`;
    for (let i = 0; i < 3; i += 1) expect((await order([{ product_id: id, quantity: 1 }], { email })).statusCode).toBe(201);
    expect((await order([{ product_id: id, quantity: 1 }], { email })).statusCode).toBe(429);
  });

  it("is refused when the client says 'free' for an order that is not", async () => {
    const id = await product(3);
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ product_id: id, quantity: 1 }], invoice_data: invoice(), payment_method: 'free' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('order_not_free');
  });
});
