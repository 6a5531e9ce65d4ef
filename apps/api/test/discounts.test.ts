import { randomBytes } from 'node:crypto';
import { OrderSchema, type Category, type DiscountCode, type DiscountCodeInput, type Order } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import type { KyselyPlugin } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox';
import { expireStaleOrders } from '../src/orders/order-service.ts';
import { reconcilePayments } from '../src/payments/payment-service.ts';
import { PayPalClient } from '../src/payments/paypal-client.ts';
import type { PayPalEndpoint } from '../src/payments/paypal-endpoint.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Discount codes (issue 15 item 1, docs/decisions/028-discount-codes.md): the server applies a code when the
 * order is created, from its own prices; dates, minimum order, limits in all and per buyer, scope by product
 * and category, one code per order; PayPal gets the discounted breakdown; a code that makes an order $0 takes
 * the free path; a code is never used more often than it allows, even when checkouts race. Runs on
 * PostgreSQL when TEST_DATABASE_URL is set (a pool of 5: the race is real) and on PGlite otherwise.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let admin: string;

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const tag = () => randomBytes(4).toString('hex');
const endpoint = (): PayPalEndpoint => ({
  baseUrl: sandbox.url,
  clientId: SANDBOX_CREDENTIALS.clientId,
  clientSecret: SANDBOX_CREDENTIALS.clientSecret,
  local: true,
});
const HOUR = 3_600_000;

async function createProduct(
  price: number,
  { category = 'software', stock = 50 }: { category?: Category; stock?: number } = {},
): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Discounted ${tag()}`, price, category, description: 'd', detailed_description: 'dd', stock_quantity: stock },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function createCode(input: Partial<DiscountCodeInput> = {}): Promise<DiscountCode> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/discounts',
    token: admin,
    payload: { code: `SALE_${tag()}`, kind: 'percent', value: 10, ...input },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const invoice = (email: string) => ({ email, name: 'Dora Discount', address: '1 Road', city: 'Leeds', country: 'UK' });

type Line = { product_id: string; quantity: number };

function order(
  items: Line[],
  code: string | undefined,
  { email = `buyer-${tag()}@example.com`, token, ip }: { email?: string; token?: string; ip?: string } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/orders',
    ...(token ? { token } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
    payload: { items, ...(token ? {} : { invoice_data: invoice(email) }), ...(code ? { discount_code: code } : {}) },
  });
}

async function placed(items: Line[], code: string | undefined, options: Parameters<typeof order>[2] = {}): Promise<Order> {
  const response = await order(items, code, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const preview = (code: string, items: Line[], extra: { email?: string; token?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/discounts/preview',
    ...(extra.token ? { token: extra.token } : {}),
    payload: { code, items, ...(extra.email ? { email: extra.email } : {}) },
  });

const line = (product_id: string, quantity = 1): Line => ({ product_id, quantity });

/** Lapses an unpaid order now, as the expiry sweep does when its hold is over. */
async function lapse(orderId: string): Promise<void> {
  await t.app.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', orderId)
    .execute();
  await expireStaleOrders(t.app);
  const row = await t.app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  expect(row.status).toBe('failed');
}

async function usesOf(codeId: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('discount_redemptions')
    .select((eb) => eb.fn.countAll<string>().as('uses'))
    .where('code_id', '=', codeId)
    .executeTakeFirstOrThrow();
  return Number(row.uses);
}

/** Staff confirm an unpaid order: it is delivered, as a payment would, and its code's use counts. */
async function sell(orderId: string): Promise<void> {
  const confirmed = await t.request({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status?status=confirmed`, token: admin });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().status).toBe('completed');
}

/** The buyer is sent to PayPal: the order's units and its code's use are held from here (decision 036). */
const startPayment = (orderId: string) => t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });

/** Ends every live hold now, as the sweep does once its minutes are over; the orders stay payable. */
async function endHolds(): Promise<void> {
  await t.app.db
    .updateTable('orders')
    .set({ hold_expires_at: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .where('stock_reserved', '=', true)
    .execute();
  await expireStaleOrders(t.app);
}

/** Starts the PayPal payment of an order and approves it on the sandbox: answers PayPal's order id. */
async function approvedAtPayPal(orderId: string): Promise<string> {
  const started = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });
  expect(started.statusCode, started.body).toBe(200);
  const paypalOrderId = new URL(started.json().payment_url as string).searchParams.get('token')!;
  sandbox.state.approveOrder(paypalOrderId);
  return paypalOrderId;
}

describe('a code applied when the order is created', () => {
  it('takes a percentage off the server’s prices, whatever the case typed, and the order keeps the code and the discount', async () => {
    const a = await createProduct(19.99);
    const b = await createProduct(10);
    const code = await createCode({ code: `Pct15_${tag()}`, value: 15 });
    expect(code.code).toBe(code.code.toUpperCase());
    const created = await placed([line(a), line(b, 2)], code.code.toLowerCase());
    // 15% of $39.99 is $5.9985: rounded to the nearest cent, $6.00.
    expect(created).toMatchObject({
      subtotal_amount: 39.99,
      discount: { code: code.code, amount: 6 },
      total_amount: 33.99,
      status: 'pending',
    });
    expect(Value.Check(OrderSchema, created)).toBe(true);
    const row = await t.app.db.selectFrom('orders').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ discount_code: code.code, discount_cents: 600, total_cents: 3399, discount_code_id: code.id });
    // Anyone with only the order's id sees its figures too (no buyer details).
    const summary = await t.request({ method: 'GET', url: `/api/guest/orders/${created.id}` });
    expect(summary.json()).toMatchObject({ subtotal_amount: 39.99, discount: { code: code.code, amount: 6 }, total_amount: 33.99 });
    // An order without a code says so.
    expect(await placed([line(a)], undefined)).toMatchObject({ subtotal_amount: 19.99, discount: null, total_amount: 19.99 });
  });

  it('rounds a percentage once on the covered lines’ sum, half a cent up; a code worth less than a cent is refused', async () => {
    const half = await createProduct(0.5);
    const under = await createProduct(0.49);
    const onePercent = await createCode({ value: 1 });
    expect(await placed([line(half)], onePercent.code)).toMatchObject({ discount: { amount: 0.01 }, total_amount: 0.49 });
    const refused = await order([line(under)], onePercent.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'discount_code_not_applicable',
      detail: 'This discount code takes nothing off the items it applies to',
    });
    // Rounded on the sum, not per unit: 3 × $0.49 = $1.47, 1% = 1.47 cents → 1 cent.
    expect(await placed([line(under, 3)], onePercent.code)).toMatchObject({ discount: { amount: 0.01 }, total_amount: 1.46 });
  });

  it('caps a fixed amount at the covered lines, and an order it brings to $0 is delivered at once as a free order', async () => {
    const product = await createProduct(30);
    const fifty = await createCode({ kind: 'fixed', value: 50 });
    const created = await placed([line(product)], fifty.code);
    expect(created).toMatchObject({
      subtotal_amount: 30,
      discount: { code: fifty.code, amount: 30 },
      total_amount: 0,
      payment_method: 'free',
      status: 'completed',
      goods_included: true,
    });
    // A fixed amount below the sum takes exactly itself off.
    const five = await createCode({ kind: 'fixed', value: 5.25 });
    expect(await placed([line(product)], five.code)).toMatchObject({ discount: { amount: 5.25 }, total_amount: 24.75, status: 'pending' });
    // "free" asked for an order the code does not bring to $0 is still refused.
    const notFree = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [line(product)],
        invoice_data: invoice(`free-${tag()}@example.com`),
        discount_code: five.code,
        payment_method: 'free',
      },
    });
    expect(notFree.json()).toMatchObject({ code: 'order_not_free' });
  });

  it('limited to products or categories, applies only to their lines and refuses an order without one', async () => {
    const scoped = await createProduct(20, { category: 'plugins' });
    const other = await createProduct(30, { category: 'plugins' });
    const course = await createProduct(40, { category: 'courses' });
    const byProduct = await createCode({ value: 50, product_ids: [scoped] });
    expect(await placed([line(scoped), line(other)], byProduct.code)).toMatchObject({
      subtotal_amount: 50,
      discount: { amount: 10 },
      total_amount: 40,
    });
    const none = await order([line(other)], byProduct.code);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'discount_code_not_applicable',
      detail: 'This discount code does not apply to any item in your order',
    });

    const byCategory = await createCode({ value: 25, categories: ['courses'] });
    expect(await placed([line(course), line(other)], byCategory.code)).toMatchObject({ discount: { amount: 10 }, total_amount: 60 });
    expect((await order([line(scoped)], byCategory.code)).json()).toMatchObject({ code: 'discount_code_not_applicable' });
    // A fixed amount of a scoped code is capped at the covered lines, not the order.
    const fixedScoped = await createCode({ kind: 'fixed', value: 100, product_ids: [scoped] });
    expect(await placed([line(scoped), line(other)], fixedScoped.code)).toMatchObject({ discount: { amount: 20 }, total_amount: 30 });
  });

  it('needs its minimum order, counted on the lines it covers', async () => {
    const scoped = await createProduct(40, { category: 'templates' });
    const other = await createProduct(100, { category: 'software' });
    const min = await createCode({ kind: 'fixed', value: 5, min_order: 50 });
    const short = await order([line(scoped)], min.code);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: 'discount_code_min_order', detail: 'This discount code needs an order of at least $50.00' });
    expect(await placed([line(scoped, 2)], min.code)).toMatchObject({ discount: { amount: 5 }, total_amount: 75 });

    const scopedMin = await createCode({ kind: 'fixed', value: 5, min_order: 50, categories: ['templates'] });
    const padded = await order([line(scoped), line(other)], scopedMin.code);
    expect(padded.json()).toEqual({
      code: 'discount_code_min_order',
      detail: 'This discount code needs an order of at least $50.00 of the items it applies to',
    });
  });

  it('works only between its start and end dates, and before them or after them answers as an unknown code', async () => {
    const product = await createProduct(10);
    const unknown = { code: 'discount_code_invalid', detail: 'This discount code is not valid' };
    const later = await createCode({ starts_at: new Date(Date.now() + 2 * HOUR).toISOString() });
    const early = await order([line(product)], later.code);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(unknown);

    const over = await createCode({
      starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
    });
    const late = await order([line(product)], over.code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(unknown);

    const open = await createCode({
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(await placed([line(product)], open.code)).toMatchObject({ discount: { amount: 1 } });
  });

  it('answers an unknown code and a disabled one alike, and a code enabled again works', async () => {
    const product = await createProduct(10);
    const unknown = await order([line(product)], `NOPE_${tag()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'discount_code_invalid', detail: 'This discount code is not valid' });
    const code = await createCode();
    await t.request({ method: 'PATCH', url: `/api/admin/discounts/${code.id}`, token: admin, payload: { disabled: true } });
    const disabled = await order([line(product)], code.code);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json()).toEqual(unknown.json());
    await t.request({ method: 'PATCH', url: `/api/admin/discounts/${code.id}`, token: admin, payload: { disabled: false } });
    expect(await placed([line(product)], code.code)).toMatchObject({ discount: { amount: 1 } });
  });

  it('takes one code per order: a list of codes or two in one field is refused, another field is dropped, never applied', async () => {
    const product = await createProduct(10);
    const first = await createCode();
    const second = await createCode();
    for (const discount_code of [[first.code, second.code], `${first.code},${second.code}`, `${first.code} ${second.code}`]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/orders',
        payload: { items: [line(product)], invoice_data: invoice(`stack-${tag()}@example.com`), discount_code },
      });
      expect(response.statusCode, JSON.stringify(discount_code)).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation_error',
        detail: 'A discount code is 3 to 32 letters, digits, dashes or underscores',
      });
    }
    // Unknown properties are removed before a body is checked (docs/decisions/016): a second code under
    // another name, or the client's own discount, never reaches the order.
    const extra = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [line(product)],
        invoice_data: invoice(`stack-${tag()}@example.com`),
        discount_code: first.code,
        discount_codes: [second.code],
        coupon: second.code,
        discount_cents: 1000,
        total_amount: 0,
      },
    });
    expect(extra.statusCode, extra.body).toBe(201);
    expect(extra.json()).toMatchObject({ discount: { code: first.code, amount: 1 }, total_amount: 9 });
    await sell(extra.json().id);
    expect(await usesOf(first.id)).toBe(1);
    expect(await usesOf(second.id)).toBe(0);
  });
});

describe('the limits of a code', () => {
  it('counts a use when the order is paid; an unpaid order holds one only while its buyer is at PayPal, and gives it back when that ends', async () => {
    const product = await createProduct(10);
    const code = await createCode({ max_uses: 2 });
    const paid = await placed([line(product)], code.code);
    await sell(paid.id);
    // Placed, not sent to pay: holds nothing, so the next buyer may still order with the code. (Buyers from
    // other addresses: one buyer's newer payment start would replace their own older hold.)
    const first = await placed([line(product)], code.code, { ip: '198.51.100.31' });
    const second = await placed([line(product)], code.code, { ip: '198.51.100.32' });
    expect(await usesOf(code.id)).toBe(1);

    // The first buyer goes to PayPal: the code's last use is held for them; the second is told so at their own start.
    expect((await startPayment(first.id)).statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(2);
    const refused = await startPayment(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('held_by_other_buyers');
    expect(refused.json().detail).toContain(`The last use of the discount code ${code.code} is in another checkout right now`);
    // Held is not counted: the preview and a new order still take the code.
    expect((await preview(code.code, [line(product)])).statusCode).toBe(200);
    const third = await placed([line(product)], code.code, { ip: '198.51.100.33' });

    // The first buyer's hold ends unpaid: the use goes back and the second buyer's start takes it.
    await endHolds();
    expect(await usesOf(code.id)).toBe(1);
    expect((await startPayment(second.id)).statusCode).toBe(200);
    // Staff reject the second order: its held use goes back too.
    expect(
      (await t.request({ method: 'PATCH', url: `/api/admin/orders/${second.id}/status?status=rejected`, token: admin })).statusCode,
    ).toBe(200);
    expect(await usesOf(code.id)).toBe(1);
    await sell(third.id);
    expect(await usesOf(code.id)).toBe(2);

    // Both uses paid: the code is used up, answered as an unknown code to a new order, and at the first order's payment start.
    expect((await order([line(product)], code.code)).json()).toEqual({
      code: 'discount_code_invalid',
      detail: 'This discount code is not valid',
    });
    const gone = await startPayment(first.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'discount_code_used_up' });

    // Staff's view: every order placed with the code, and which ones count a use (paid).
    const uses = await t.request({ method: 'GET', url: `/api/admin/discounts/${code.id}/uses`, token: admin });
    expect(uses.json().total).toBe(4);
    const counted = Object.fromEntries(
      (uses.json().uses as { order_id: string; counted: boolean }[]).map((use) => [use.order_id, use.counted]),
    );
    expect(counted).toEqual({ [paid.id]: true, [first.id]: false, [second.id]: false, [third.id]: true });
    const listed = await t.request({ method: 'GET', url: `/api/admin/discounts?search=${code.code.toLowerCase()}`, token: admin });
    expect(listed.json().codes[0]).toMatchObject({ id: code.id, uses: 2, discount_total: 2, status: 'used_up' });
    // Staff confirming the rejected order after all would use it a third time: refused.
    const confirm = await t.request({ method: 'PATCH', url: `/api/admin/orders/${second.id}/status?status=confirmed`, token: admin });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('discount_code_used_up');
  });

  it('is used by one buyer at most its uses per buyer: a guest by email in any case, an account by its id and its email', async () => {
    const product = await createProduct(10);
    const code = await createCode({ max_uses_per_buyer: 1 });
    const email = `Once-${tag()}@Example.com`;
    await sell((await placed([line(product)], code.code, { email })).id);
    const again = await order([line(product)], code.code, { email: email.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'discount_code_already_used', detail: 'You have already used this discount code' });
    await placed([line(product)], code.code, { email: `someone-else-${tag()}@example.com` });

    const { token, user } = await t.registerUser();
    await sell((await placed([line(product)], code.code, { token })).id);
    expect((await order([line(product)], code.code, { token })).json().code).toBe('discount_code_already_used');
    // The account's email as a guest is the same buyer.
    expect((await order([line(product)], code.code, { email: user.email.toUpperCase() })).json().code).toBe('discount_code_already_used');

    const twice = await createCode({ max_uses_per_buyer: 2 });
    await sell((await placed([line(product)], twice.code, { token })).id);
    await sell((await placed([line(product)], twice.code, { token })).id);
    expect((await order([line(product)], twice.code, { token })).json()).toEqual({
      code: 'discount_code_already_used',
      detail: 'You have already used this discount code 2 times, as often as it allows',
    });
  });

  it('is never used more often than it allows when checkouts race', async () => {
    const product = await createProduct(10, { stock: 100 });
    const code = await createCode({ max_uses: 3 });
    // Ten guests from ten addresses place their orders (that holds nothing), then all go to PayPal at once:
    // only the code's row lock stands between them.
    const orders = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        placed([line(product)], code.code, { email: `race-${index}-${tag()}@example.com`, ip: `10.15.0.${index + 1}` }),
      ),
    );
    const responses = await Promise.all(orders.map((placedOrder) => startPayment(placedOrder.id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expect(refused.json().code).toBe('held_by_other_buyers');
    expect(await usesOf(code.id)).toBe(3);
    // Staff confirming every order at once: the three holding a use are delivered, the others find none left.
    const confirmed = await Promise.all(
      orders.map((placedOrder) =>
        t.request({ method: 'PATCH', url: `/api/admin/orders/${placedOrder.id}/status?status=confirmed`, token: admin }),
      ),
    );
    expect(confirmed.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(await usesOf(code.id)).toBe(3);
  });
});

describe('paying for an order with a code', () => {
  it('sends PayPal the lines and the discount apart, and the order completes with them', async () => {
    const a = await createProduct(19.99);
    const b = await createProduct(10);
    const code = await createCode({ value: 15 });
    const created = await placed([line(a), line(b, 2)], code.code);
    const paypalOrderId = await approvedAtPayPal(created.id);
    expect(sandbox.state.orders.get(paypalOrderId)!.purchaseUnits[0]!.amount).toEqual({
      currency_code: 'USD',
      value: '33.99',
      breakdown: { item_total: { currency_code: 'USD', value: '39.99' }, discount: { currency_code: 'USD', value: '6.00' } },
    });
    const captured = await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
    expect(captured.statusCode, captured.body).toBe(200);
    const paid = await t.request({ method: 'GET', url: `/api/guest/orders/${created.id}?token=${created.access_token}` });
    expect(paid.json()).toMatchObject({
      status: 'completed',
      total_amount: 33.99,
      subtotal_amount: 39.99,
      discount: { code: code.code, amount: 6 },
    });
    // The receipt names the discount.
    const receipt = await t.app.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('order_id', '=', created.id)
      .where('kind', '=', 'receipt')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain(`Subtotal: $39.99\nDiscount (${code.code}): −$6.00\nTotal: $33.99`);
    expect(receipt.html_body).toContain(`Discount (${code.code})`);
    // Staff see the code and the discount on the order.
    const adminList = await t.request({ method: 'GET', url: `/api/admin/orders?search=${created.id}`, token: admin });
    expect(adminList.json().orders[0]).toMatchObject({ discount: { code: code.code, amount: 6 }, subtotal_amount: 39.99 });
  });

  it('sends no discount to PayPal for an order without a code', async () => {
    const product = await createProduct(12);
    const created = await placed([line(product)], undefined);
    const paypalOrderId = await approvedAtPayPal(created.id);
    expect(sandbox.state.orders.get(paypalOrderId)!.purchaseUnits[0]!.amount).toEqual({
      currency_code: 'USD',
      value: '12.00',
      breakdown: { item_total: { currency_code: 'USD', value: '12.00' } },
    });
  });

  it('a payment arriving after the order lapsed takes the use again, or is refunded when the code was used up meanwhile', async () => {
    const product = await createProduct(20);
    const code = await createCode({ max_uses: 1, kind: 'fixed', value: 5 });
    const late = await placed([line(product)], code.code);
    const latePayPal = await approvedAtPayPal(late.id);
    await lapse(late.id);
    expect(await usesOf(code.id)).toBe(0);
    // Another buyer takes the only use meanwhile, and pays.
    await sell((await placed([line(product)], code.code)).id);
    // PayPal captured anyway (made at PayPal, or a capture that escaped the claim): the reconciliation finds it.
    await new PayPalClient().captureOrder(endpoint(), latePayPal, `outside-${late.id}`);
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));
    const row = await t.app.db.selectFrom('orders').select(['status', 'refund_id']).where('id', '=', late.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', refund_id: expect.any(String) });
    const notice = await t.app.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('order_id', '=', late.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(notice.text_body).toContain('its discount code had been used up by other orders');
    expect(await usesOf(code.id)).toBe(1);

    // With a use left, the late payment delivers and holds the use again.
    const roomy = await createCode({ max_uses: 5, kind: 'fixed', value: 5 });
    const again = await placed([line(product)], roomy.code);
    const againPayPal = await approvedAtPayPal(again.id);
    await lapse(again.id);
    expect(await usesOf(roomy.id)).toBe(0);
    await new PayPalClient().captureOrder(endpoint(), againPayPal, `outside-${again.id}`);
    await reconcilePayments(t.app, new Date(Date.now() + 5 * 60_000));
    const delivered = await t.app.db.selectFrom('orders').select('status').where('id', '=', again.id).executeTakeFirstOrThrow();
    expect(delivered.status).toBe('completed');
    expect(await usesOf(roomy.id)).toBe(1);
  });
});

/** Runs `run` with the app's database recording the text of every query (values apart): what the answer's time depends on. */
async function queriesOf<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const original = t.app.db;
  const queries: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      queries.push(original.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  t.app.db = original.withPlugin(recorder);
  try {
    return { result: await run(), queries };
  } finally {
    t.app.db = original;
  }
}

describe('a code nobody can use now (decision 036)', () => {
  /** Four codes that cannot be used: one that does not exist, one not started, one ended, one whose only use is paid. */
  async function unusableCodes(product: string): Promise<Record<string, string>> {
    const scheduled = await createCode({ starts_at: new Date(Date.now() + 2 * HOUR).toISOString() });
    const expired = await createCode({
      starts_at: new Date(Date.now() - 2 * HOUR).toISOString(),
      ends_at: new Date(Date.now() - HOUR).toISOString(),
    });
    const usedUp = await createCode({ max_uses: 1 });
    await sell((await placed([line(product)], usedUp.code)).id);
    return { unknown: `NOPE_${tag()}`, scheduled: scheduled.code, expired: expired.code, 'used up': usedUp.code };
  }
  const invalid = { code: 'discount_code_invalid', detail: 'This discount code is not valid' };

  it('is answered alike by the preview, unknown, scheduled, expired or used up, after the same queries, signed in or not', async () => {
    const product = await createProduct(10);
    const codes = await unusableCodes(product);
    const { token } = await t.registerUser();
    for (const who of [{}, { token }]) {
      const seen: string[][] = [];
      for (const [name, code] of Object.entries(codes)) {
        const { result, queries } = await queriesOf(() => preview(code, [line(product)], who));
        expect(result.statusCode, name).toBe(400);
        expect(result.json(), name).toEqual(invalid);
        seen.push(queries);
      }
      // The same statements in the same order, whichever code: the answer's time tells nothing either.
      expect(seen[0]!.length).toBeGreaterThan(0);
      for (const queries of seen) expect(queries).toEqual(seen[0]);
    }
  });

  it('is answered alike when an order is placed with it, and no order is placed', async () => {
    const product = await createProduct(10);
    const codes = await unusableCodes(product);
    const seen: string[][] = [];
    for (const [name, code] of Object.entries(codes)) {
      const { result, queries } = await queriesOf(() => order([line(product)], code));
      expect(result.statusCode, name).toBe(400);
      expect(result.json(), name).toEqual(invalid);
      seen.push(queries);
    }
    for (const queries of seen) expect(queries).toEqual(seen[0]);
    const orders = await t.app.db.selectFrom('order_items').select('order_id').where('product_id', '=', product).execute();
    expect(orders).toHaveLength(1);
  });

  it('while one buyer’s order with a one-use code is unpaid, the next buyer previews, orders and pays with the code', async () => {
    const product = await createProduct(10);
    const code = await createCode({ max_uses: 1 });
    const waiting = await placed([line(product)], code.code, { ip: '198.51.100.41' });
    expect((await preview(code.code, [line(product)])).json()).toMatchObject({ code: code.code, amount: 1 });
    const next = await placed([line(product)], code.code, { ip: '198.51.100.42' });
    const paypalOrderId = await approvedAtPayPal(next.id);
    expect((await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` })).statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(1);
    // The buyer who waited learns it at their payment start, before PayPal: nothing is charged.
    const late = await startPayment(waiting.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'discount_code_used_up',
      detail: `The discount code ${code.code} has been used up since this order was placed: please order again without it`,
    });
  });

  it('while one buyer pays at PayPal with a one-use code, the next buyer still previews and orders with it, and is told at their payment start', async () => {
    const product = await createProduct(10);
    const code = await createCode({ max_uses: 1 });
    const paying = await placed([line(product)], code.code, { ip: '198.51.100.43' });
    expect((await startPayment(paying.id)).statusCode).toBe(200);
    expect((await preview(code.code, [line(product)])).statusCode).toBe(200);
    const next = await placed([line(product)], code.code, { ip: '198.51.100.44' });
    const held = await startPayment(next.id);
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('held_by_other_buyers');
    // The first buyer's hold ends unpaid: the next buyer's start takes the use.
    await endHolds();
    expect((await startPayment(next.id)).statusCode).toBe(200);
  });
});

describe('the cart’s preview', () => {
  it('answers the discount and the total from the server’s prices, or the same refusal the order would', async () => {
    const product = await createProduct(40);
    const code = await createCode({ value: 25, max_uses_per_buyer: 1 });
    const answer = await preview(code.code.toLowerCase(), [line(product, 2)]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ code: code.code, amount: 20, subtotal: 80, total: 60 });
    // A preview takes no use.
    expect(await usesOf(code.id)).toBe(0);

    const email = `preview-${tag()}@example.com`;
    await sell((await placed([line(product)], code.code, { email })).id);
    expect((await preview(code.code, [line(product)], { email })).json().code).toBe('discount_code_already_used');
    const { token } = await t.registerUser();
    await sell((await placed([line(product)], code.code, { token })).id);
    expect((await preview(code.code, [line(product)], { token })).json().code).toBe('discount_code_already_used');

    const unknown = await preview(`NOPE_${tag()}`, [line(product)]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'discount_code_invalid', detail: 'This discount code is not valid' });
    const missing = await preview(code.code, [line('00000000-0000-4000-8000-000000000000')]);
    expect(missing.json().code).toBe('unknown_product');
  });

  it('is rate limited per address, so codes cannot be guessed cheaply', async () => {
    const limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.request({
          method: 'POST',
          url: '/api/discounts/preview',
          payload: { code: `GUESS${attempt}AAA`, items: [line('00000000-0000-4000-8000-000000000000')] },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('staff’s discount codes', () => {
  const put = (id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/admin/discounts/${id}`, token: admin, payload });

  it('refuses settings that do not hold together, saying why', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'percent', value: 150 }, 'A percentage is a whole number from 1 to 100'],
      [{ kind: 'percent', value: 12.5 }, 'A percentage is a whole number from 1 to 100'],
      [{ kind: 'fixed', value: 0 }, 'The value is a percentage from 1 to 100, or an amount in dollars greater than 0'],
      [{ kind: 'fixed', value: 1_000_001 }, 'The value is a percentage from 1 to 100, or an amount in dollars greater than 0'],
      [{ kind: 'fixed', value: 5.555 }, 'A fixed amount is more than $0 and at most $1,000,000, in whole cents'],
      // Above 0 but no cent at all: once refused only by the database's check, answering 500 (found by the fuzz test).
      [{ kind: 'fixed', value: 8e-323 }, 'A fixed amount is more than $0 and at most $1,000,000, in whole cents'],
      [{ kind: 'fixed', value: 0.001 }, 'A fixed amount is more than $0 and at most $1,000,000, in whole cents'],
      [
        { kind: 'fixed', value: 5, starts_at: '2026-12-02T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z' },
        'The end must come after the start',
      ],
      [{ kind: 'fixed', value: 5, max_uses: 0 }, 'The total number of uses is a whole number of at least 1'],
      [{ kind: 'fixed', value: 5, max_uses_per_buyer: 0 }, 'The number of uses per buyer is a whole number of at least 1'],
      [{ kind: 'fixed', value: 5, code: 'AB' }, 'A discount code is 3 to 32 letters, digits, dashes or underscores'],
      [{ kind: 'fixed', value: 5, code: 'NO SPACES' }, 'A discount code is 3 to 32 letters, digits, dashes or underscores'],
      [
        { kind: 'fixed', value: 5, product_ids: ['00000000-0000-4000-8000-000000000000'] },
        'Unknown product: 00000000-0000-4000-8000-000000000000',
      ],
    ];
    for (const [payload, detail] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/admin/discounts',
        token: admin,
        payload: { code: `BAD_${tag()}`, ...payload },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ code: 'validation_error', detail });
    }
  });

  it('creates codes unique without case, lists them with their status, and changes their settings', async () => {
    const code = await createCode({
      code: `Spring_${tag()}`,
      kind: 'fixed',
      value: 12.5,
      min_order: 20,
      max_uses: 10,
      max_uses_per_buyer: 2,
    });
    expect(code).toMatchObject({
      kind: 'fixed',
      value: 12.5,
      min_order: 20,
      max_uses: 10,
      max_uses_per_buyer: 2,
      uses: 0,
      status: 'active',
      disabled: false,
    });
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/admin/discounts',
      token: admin,
      payload: { code: code.code.toLowerCase(), kind: 'percent', value: 5 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ code: 'discount_code_taken', detail: `A discount code ${code.code} exists already` });

    const scheduled = await createCode({ starts_at: new Date(Date.now() + HOUR).toISOString() });
    const expired = await createCode({ starts_at: null, ends_at: new Date(Date.now() - HOUR).toISOString() });
    const disabled = await createCode();
    await t.request({ method: 'PATCH', url: `/api/admin/discounts/${disabled.id}`, token: admin, payload: { disabled: true } });
    const listed = await t.request({ method: 'GET', url: '/api/admin/discounts?limit=100', token: admin });
    expect(listed.statusCode).toBe(200);
    const status = Object.fromEntries((listed.json().codes as DiscountCode[]).map((listedCode) => [listedCode.id, listedCode.status]));
    expect([status[code.id], status[scheduled.id], status[expired.id], status[disabled.id]]).toEqual([
      'active',
      'scheduled',
      'expired',
      'disabled',
    ]);

    const changed = await put(code.id, {
      code: code.code,
      kind: 'fixed',
      value: 15,
      max_uses: 20,
      ends_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ value: 15, max_uses: 20, min_order: null, max_uses_per_buyer: null });
    // Before any order, even the text and the kind may change.
    const renamed = await put(code.id, { code: `${code.code}_X`, kind: 'percent', value: 20 });
    expect(renamed.json()).toMatchObject({ code: `${code.code}_X`, kind: 'percent', value: 20 });
    // But not to another code's text.
    expect((await put(code.id, { code: scheduled.code, kind: 'percent', value: 20 })).json().code).toBe('discount_code_taken');
  });

  it('keeps the text and kind of a code orders used, and answers 404 for a code that does not exist', async () => {
    const product = await createProduct(10);
    const code = await createCode();
    await sell((await placed([line(product)], code.code)).id);
    const renamed = await put(code.id, { code: `OTHER_${tag()}`, kind: 'percent', value: 10 });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('discount_code_in_use');
    expect((await put(code.id, { code: code.code, kind: 'fixed', value: 10 })).json().code).toBe('discount_code_in_use');
    // Its limits and dates may still change.
    expect((await put(code.id, { code: code.code, kind: 'percent', value: 30, max_uses: 1 })).json()).toMatchObject({
      value: 30,
      uses: 1,
      status: 'used_up',
    });

    const nowhere = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await put(nowhere, { code: `NONE_${tag()}`, kind: 'percent', value: 10 }),
      await t.request({ method: 'PATCH', url: `/api/admin/discounts/${nowhere}`, token: admin, payload: { disabled: true } }),
      await t.request({ method: 'GET', url: `/api/admin/discounts/${nowhere}/uses`, token: admin }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'discount_code_not_found', detail: 'Discount code not found' });
    }
  });

  it('are for staff only', async () => {
    const { token } = await t.registerUser();
    const listed = await t.request({ method: 'GET', url: '/api/admin/discounts', token });
    expect(listed.statusCode).toBe(403);
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/discounts',
      payload: { code: `X_${tag()}`, kind: 'percent', value: 10 },
    });
    expect(created.statusCode).toBe(401);
  });
});
