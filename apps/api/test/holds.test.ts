import { randomBytes } from 'node:crypto';
import { LIMITS, OrderSchema, type Order } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES, UNPAID_ORDER_MINUTES } from '../src/orders/hold-times.ts';
import { expireStaleOrders } from '../src/orders/order-service.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Holds that cannot be abused: one buyer or one address has only a few unpaid orders, one order only so
 * many units (counted after its lines are merged), and nothing unpaid blocks another buyer: an order holds
 * its units only while its buyer is at PayPal, for a few minutes, one checkout per buyer and product
 * (docs/decisions/036-holds-at-payment.md). The caps are the defaults (3 per buyer, 10 per address), not
 * the tests' raised ones. Runs on PostgreSQL when TEST_DATABASE_URL is set, on PGlite otherwise.
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
/**
 * A fresh address per order, never one this file gave before: the per-address cap of one test does not touch
 * another, and two buyers of one test are never taken for one (a hold is one checkout per email, account or
 * address; 1 in 250 random picks used to collide).
 */
let addresses = 0;
const address = () => {
  addresses += 1;
  return `10.36.${Math.floor(addresses / 250)}.${1 + (addresses % 250)}`;
};

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

type Line = { product_id: string; quantity: number };

const order = (items: Line[], options: { email?: string; ip?: string; token?: string } = {}) =>
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

/** An order that must be placed, by a buyer of its own (email and address) unless told otherwise. */
async function placed(items: Line[], options: { email?: string; ip?: string; token?: string } = {}): Promise<Order> {
  const response = await order(items, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The buyer is sent to PayPal (the storefront's start route). */
const startPayment = (orderId: string, token?: string) =>
  t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}`, ...(token ? { token } : {}) });

/** Sends the buyer to PayPal, approves there and comes back: the order is paid. */
async function pay(orderId: string): Promise<void> {
  const started = await startPayment(orderId);
  expect(started.statusCode, started.body).toBe(200);
  const paypalOrderId = new URL(started.json().payment_url as string).searchParams.get('token')!;
  sandbox.state.approveOrder(paypalOrderId);
  const captured = await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
  expect(captured.statusCode, captured.body).toBe(200);
}

/** The stock the product page and the catalogue list show (the storefront shows "sold out" at 0). */
async function shownStock(productId: string): Promise<{ page: number; list: number }> {
  const page = await t.request({ method: 'GET', url: `/api/products/${productId}` });
  const list = await t.request({ method: 'GET', url: `/api/products?ids=${productId}` });
  return { page: page.json().stock_quantity, list: list.json().products[0].stock_quantity };
}

const holdOf = (orderId: string) =>
  t.app.db.selectFrom('orders').select(['status', 'stock_reserved', 'hold_expires_at', 'expires_at']).where('id', '=', orderId).executeTakeFirstOrThrow();

/** Ends the holds of these orders now, as the sweep does once their minutes are over. */
async function endHolds(orderIds: string[]): Promise<void> {
  await t.app.db.updateTable('orders').set({ hold_expires_at: new Date(Date.now() - 1000) }).where('id', 'in', orderIds).execute();
  await expireStaleOrders(t.app);
}

describe('an unpaid order blocks no other buyer', () => {
  it('a placed order of every unit leaves the product on sale: the next buyer orders, pays and gets it; the first is told at their payment start', async () => {
    const id = await product(5, 5);
    const first = await placed([{ product_id: id, quantity: 5 }]);
    expect(await shownStock(id)).toEqual({ page: 5, list: 5 });

    const second = await placed([{ product_id: id, quantity: 5 }]);
    await pay(second.id);
    expect(await shownStock(id)).toEqual({ page: 0, list: 0 });

    const late = await startPayment(first.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'out_of_stock', detail: expect.stringMatching(/^"Held [0-9a-f]+" is out of stock$/) });
  });

  it('a buyer at PayPal holds their units only: the product stays on sale, and a buyer wanting the held units is told at the payment start when to come back', async () => {
    const id = await product(5, 5);
    const paying = await placed([{ product_id: id, quantity: 2 }]);
    expect((await startPayment(paying.id)).statusCode).toBe(200);
    expect(await holdOf(paying.id)).toMatchObject({ status: 'pending', stock_reserved: true });
    // Shown as 5 in stock: sold out means sold, and nothing is sold yet.
    expect(await shownStock(id)).toEqual({ page: 5, list: 5 });

    // The three units nobody holds are paid for by another buyer.
    const other = await placed([{ product_id: id, quantity: 3 }]);
    await pay(other.id);
    expect(await shownStock(id)).toEqual({ page: 2, list: 2 });

    // A third buyer may order the two left, but not pay while the first buyer's checkout holds them.
    const third = await placed([{ product_id: id, quantity: 1 }]);
    const refused = await startPayment(third.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('held_by_other_buyers');
    expect(refused.json().detail).toMatch(
      /^Every unit of "Held [0-9a-f]+" left is in another buyer's checkout right now\. Units not paid for are back on sale from about \d\d:\d\d UTC: please try again then\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan((HOLD_MINUTES - 1) * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual((HOLD_MINUTES + 2) * 60);
    expect(await holdOf(third.id)).toMatchObject({ status: 'pending', stock_reserved: false });

    // The first buyer's hold ends unpaid: the third buyer's start now holds, and the first buyer's order is still payable.
    await endHolds([paying.id]);
    expect(await holdOf(paying.id)).toMatchObject({ status: 'pending', stock_reserved: false });
    expect((await startPayment(third.id)).statusCode).toBe(200);
    expect(await shownStock(id)).toEqual({ page: 2, list: 2 });
  });

  it('a buyer back from PayPal without approving, after their hold ended, takes nothing again: the order is left as it was', async () => {
    const id = await product(5, 5);
    const paying = await placed([{ product_id: id, quantity: 2 }]);
    const started = await startPayment(paying.id);
    expect(started.statusCode).toBe(200);
    const paypalOrderId = new URL(started.json().payment_url as string).searchParams.get('token')!;
    await endHolds([paying.id]);
    const before = await t.app.db.selectFrom('orders').selectAll().where('id', '=', paying.id).executeTakeFirstOrThrow();

    const refused = await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payment_not_approved');
    expect(await t.app.db.selectFrom('orders').selectAll().where('id', '=', paying.id).executeTakeFirstOrThrow()).toEqual(before);

    // Approved, the same return takes the units again and pays.
    sandbox.state.approveOrder(paypalOrderId);
    expect((await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` })).statusCode).toBe(200);
    expect(await holdOf(paying.id)).toMatchObject({ status: 'completed' });
  });

  it('one buyer holds a product with one checkout: their newer payment start replaces their older hold, and leaves other buyers’ alone', async () => {
    const id = await product(5, 5);
    const email = `twice-${tag()}@example.com`;
    const older = await placed([{ product_id: id, quantity: 4 }], { email });
    expect((await startPayment(older.id)).statusCode).toBe(200);
    const someoneElse = await placed([{ product_id: id, quantity: 1 }]);
    expect((await startPayment(someoneElse.id)).statusCode).toBe(200);

    // The same email from another address: the same buyer.
    const newer = await placed([{ product_id: id, quantity: 1 }], { email: email.toUpperCase() });
    expect((await startPayment(newer.id)).statusCode).toBe(200);
    expect(await holdOf(older.id)).toMatchObject({ status: 'pending', stock_reserved: false });
    expect(await holdOf(newer.id)).toMatchObject({ stock_reserved: true });
    expect(await holdOf(someoneElse.id)).toMatchObject({ stock_reserved: true });

    // So three units are free for the next buyer, not none.
    const next = await placed([{ product_id: id, quantity: 3 }]);
    await pay(next.id);
    expect(await shownStock(id)).toEqual({ page: 2, list: 2 });
  });

  it('holds under parallel starts: of the 3 orders one buyer may have, sent to PayPal at once, exactly one holds, and the units it does not hold stay free', async () => {
    const id = await product(5, 5);
    const email = `parallel-start-${tag()}@example.com`;
    const orders = await Promise.all(Array.from({ length: 3 }, (_, index) => placed([{ product_id: id, quantity: 4 }], { email, ip: `203.0.113.${100 + index}` })));
    const starts = await Promise.all(orders.map((placedOrder) => startPayment(placedOrder.id)));
    expect(starts.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const holding = await t.app.db.selectFrom('orders').select('id').where('id', 'in', orders.map((placedOrder) => placedOrder.id)).where('stock_reserved', '=', true).execute();
    expect(holding).toHaveLength(1);
    const next = await placed([{ product_id: id, quantity: 1 }]);
    await pay(next.id);
  });

  it('the same address is one buyer too, and so is an account whatever email it ordered with', async () => {
    const id = await product(5, 3);
    const ip = '203.0.113.91';
    const first = await placed([{ product_id: id, quantity: 3 }], { ip });
    expect((await startPayment(first.id)).statusCode).toBe(200);
    const second = await placed([{ product_id: id, quantity: 3 }], { ip });
    expect((await startPayment(second.id)).statusCode).toBe(200);
    expect((await holdOf(first.id)).stock_reserved).toBe(false);

    const { token } = await t.registerUser();
    const mine = await placed([{ product_id: id, quantity: 1 }], { token, ip: '203.0.113.92' });
    const again = await placed([{ product_id: id, quantity: 1 }], { token, ip: '203.0.113.93' });
    await endHolds([second.id]);
    expect((await startPayment(mine.id, token)).statusCode).toBe(200);
    expect((await startPayment(again.id, token)).statusCode).toBe(200);
    expect((await holdOf(mine.id)).stock_reserved).toBe(false);
  });

  it('a key-pool product: staff see the keys held by checkouts apart, and the shop shows the unsold keys', async () => {
    const id = await product(5, 0);
    await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys: [`K-${tag()}`, `K-${tag()}`, `K-${tag()}`].join('\n') } });
    const keyStock = async () => (await t.request({ method: 'GET', url: `/api/admin/products/${id}/keys`, token: admin })).json();
    const placedOnly = await placed([{ product_id: id, quantity: 2 }]);
    expect(await keyStock()).toEqual({ available: 3, sold: 0, reserved: 0 });
    expect((await startPayment(placedOnly.id)).statusCode).toBe(200);
    expect(await keyStock()).toEqual({ available: 3, sold: 0, reserved: 2 });
    expect(await shownStock(id)).toEqual({ page: 3, list: 3 });
    const sold = await placed([{ product_id: id, quantity: 1 }]);
    await pay(sold.id);
    expect(await keyStock()).toEqual({ available: 2, sold: 1, reserved: 2 });
    expect(await shownStock(id)).toEqual({ page: 2, list: 2 });
  });
});

describe('how long an order and its hold last', () => {
  it(`an order lapses ${UNPAID_ORDER_MINUTES.beforePayment} minutes after it is placed unless its payment starts; then it is payable ${UNPAID_ORDER_MINUTES.afterPaymentStarts} minutes and holds ${HOLD_MINUTES}, not lengthened by a second start`, async () => {
    const id = await product(5, 2);
    const idle = await placed([{ product_id: id, quantity: 1 }]);
    const paying = await placed([{ product_id: id, quantity: 1 }]);
    expect((await holdOf(idle.id)).stock_reserved).toBe(false);
    const started = Date.now();
    expect((await startPayment(paying.id)).statusCode).toBe(200);
    const held = await holdOf(paying.id);
    expect(held.stock_reserved).toBe(true);
    expect(held.expires_at!.getTime() - started).toBeGreaterThan((UNPAID_ORDER_MINUTES.afterPaymentStarts - 1) * 60_000);
    expect(held.hold_expires_at!.getTime() - started).toBeGreaterThan((HOLD_MINUTES - 1) * 60_000);
    expect(held.hold_expires_at!.getTime() - started).toBeLessThan((HOLD_MINUTES + 1) * 60_000);

    // A second start changes neither.
    expect((await startPayment(paying.id)).statusCode).toBe(200);
    expect(await holdOf(paying.id)).toEqual(held);

    // Eleven minutes on: the order nobody started paying lapses; the other's hold ends, the order stays payable.
    await expireStaleOrders(t.app, new Date(started + 11 * 60_000));
    expect(await holdOf(idle.id)).toMatchObject({ status: 'failed', stock_reserved: false });
    expect(await holdOf(paying.id)).toMatchObject({ status: 'pending', stock_reserved: false, hold_expires_at: null });
    // A start after the hold ended holds again, to at most the order's own end.
    expect((await startPayment(paying.id)).statusCode).toBe(200);
    const again = await holdOf(paying.id);
    expect(again).toMatchObject({ stock_reserved: true, expires_at: held.expires_at });
    expect(again.hold_expires_at!.getTime()).toBeLessThanOrEqual(held.expires_at!.getTime());
    // Thirty-one minutes on, it lapses.
    await expireStaleOrders(t.app, new Date(started + 31 * 60_000));
    expect(await holdOf(paying.id)).toMatchObject({ status: 'failed', stock_reserved: false });
    expect(await shownStock(id)).toEqual({ page: 2, list: 2 });
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
