import { randomBytes } from 'node:crypto';
import { OrderSchema, type Order, type Product } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Runs on PostgreSQL when TEST_DATABASE_URL is set (a pool of 5 connections: the requests really race
 * in the database) and on PGlite otherwise (one connection serialises them); the outcome must be the same.
 * Placing an order holds nothing (docs/decisions/036-holds-at-payment.md): the race for the last units is
 * run where they are held, when the buyers are sent to PayPal, and where they are sold.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let admin: string;
beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  // Fifty orders from one address in a second: lift the per-IP limit.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const BUYERS = 50;
const UNITS = 5;

const tag = () => randomBytes(5).toString('hex');

async function createProduct(stock: number): Promise<Product> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: {
      title: `Last units ${tag()}`,
      price: 12.5,
      description: 'Scarce',
      detailed_description: 'Only a few left',
      stock_quantity: stock,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Fifty guests, each from an address of their own, each place an order of one unit (all placed: an order
 * holds nothing), then all start their payment at once.
 */
async function rush(productId: string) {
  const placed = await Promise.all(
    Array.from({ length: BUYERS }, (_, index) =>
      t.request({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: `10.50.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        payload: {
          items: [{ product_id: productId, quantity: 1 }],
          invoice_data: {
            email: `rush-${index}-${tag()}@example.com`,
            name: `Buyer ${index}`,
            address: '1 Road',
            city: 'Leeds',
            country: 'UK',
          },
        },
      }),
    ),
  );
  expect(placed.map((response) => response.statusCode)).toEqual(Array.from({ length: BUYERS }, () => 201));
  const orders = placed.map((response) => response.json<Order>());
  const starts = await Promise.all(orders.map((order) => t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.id}` })));
  const won = orders.filter((_, index) => starts[index]!.statusCode === 200);
  const lost = starts.filter((response) => response.statusCode !== 200);
  return { orders, won, lost };
}

async function expectFiveHeldAndNoneFree(productId: string, won: Order[], lost: { statusCode: number; json: () => { code: string } }[]) {
  expect(won).toHaveLength(UNITS);
  expect(lost).toHaveLength(BUYERS - UNITS);
  for (const response of lost) {
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('held_by_other_buyers');
  }
  for (const order of won) expect(Value.Check(OrderSchema, order)).toBe(true);

  // Held, not sold: the shelf still counts them, and exactly the five winners hold one each.
  const product = await t.app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  expect(product.stock_quantity).toBe(UNITS);
  const holding = await t.app.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.id as order_id', 'order_items.quantity', 'orders.status'])
    .where('order_items.product_id', '=', productId)
    .where('orders.stock_reserved', '=', true)
    .execute();
  expect(holding.reduce((sum, line) => sum + line.quantity, 0)).toBe(UNITS);
  expect(new Set(holding.map((line) => line.order_id))).toEqual(new Set(won.map((order) => order.id)));
  expect(holding.every((line) => line.status === 'pending')).toBe(true);
}

describe('Under 50 concurrent buyers for the last 5 units, exactly 5 orders succeed', () => {
  it('runs on the database the suite was asked for', () => {
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('for a product with a counted stock of 5: 5 payment starts hold, 45 answer 409 held_by_other_buyers, and paying every order sells exactly 5', async () => {
    const product = await createProduct(UNITS);
    const { orders, won, lost } = await rush(product.id);
    await expectFiveHeldAndNoneFree(product.id, won, lost);

    // Every buyer approves and comes back at once (the 45 without a hold were never sent to PayPal; their
    // orders are confirmed by staff at the same moment instead): exactly the five holders are served.
    const paid = await Promise.all(
      won.map(async (order) => {
        const paypalOrderId = (
          await t.app.db.selectFrom('orders').select('paypal_order_id').where('id', '=', order.id).executeTakeFirstOrThrow()
        ).paypal_order_id!;
        sandbox.state.approveOrder(paypalOrderId);
        return t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
      }),
    );
    const confirmed = await Promise.all(
      orders
        .filter((order) => !won.includes(order))
        .map((order) => t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: admin })),
    );
    expect(paid.map((response) => response.statusCode)).toEqual(Array.from({ length: UNITS }, () => 200));
    for (const response of confirmed) {
      expect(response.statusCode).toBe(409);
      expect(['out_of_stock', 'held_by_other_buyers']).toContain(response.json().code);
    }
    const shown = await t.request({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shown.json().stock_quantity).toBe(0);
    const sold = await t.app.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('orders.status')
      .where('order_items.product_id', '=', product.id)
      .where('orders.status', '=', 'completed')
      .execute();
    expect(sold).toHaveLength(UNITS);
  });

  it('for a pool of exactly 5 licence keys: 5 payment starts hold, and confirming every order at once delivers each key exactly once', async () => {
    const product = await createProduct(0);
    const pool = Array.from({ length: UNITS }, () => `RUSH-${tag().toUpperCase()}`);
    const added = await t.request({
      method: 'POST',
      url: `/api/admin/products/${product.id}/keys`,
      token: admin,
      payload: { keys: pool.join('\n') },
    });
    expect(added.json()).toMatchObject({ added: UNITS, duplicates: [] });

    const { orders, won, lost } = await rush(product.id);
    await expectFiveHeldAndNoneFree(product.id, won, lost);
    const held = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/keys`, token: admin });
    expect(held.json()).toEqual({ available: UNITS, sold: 0, reserved: UNITS });

    // Staff confirm all fifty at once: the five holders are delivered; the others find no key free.
    const confirmations = await Promise.all(
      orders.map((order) => t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: admin })),
    );
    confirmations.forEach((response, index) => {
      if (won.includes(orders[index]!)) {
        expect(response.statusCode).toBe(200);
        expect(response.json().status).toBe('completed');
      } else {
        expect(response.statusCode).toBe(409);
        expect(['out_of_stock', 'held_by_other_buyers']).toContain(response.json().code);
      }
    });

    const delivered: string[] = [];
    for (const order of won) {
      const response = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token! } });
      expect(response.json().goods_included).toBe(true);
      const keys: string[] = response.json().items[0].keys;
      expect(keys).toHaveLength(1);
      delivered.push(...keys);
    }
    expect(new Set(delivered).size).toBe(UNITS);
    expect([...delivered].sort()).toEqual([...pool].sort());

    const rows = await t.app.db
      .selectFrom('license_keys')
      .select(['key_value', 'order_item_id', 'sold_at'])
      .where('product_id', '=', product.id)
      .execute();
    expect(rows).toHaveLength(UNITS);
    expect(rows.every((row) => row.order_item_id !== null && row.sold_at !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.order_item_id)).size).toBe(UNITS);

    const stock = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/keys`, token: admin });
    expect(stock.json()).toEqual({ available: 0, sold: UNITS, reserved: 0 });
    const receipts = await t.app.db
      .selectFrom('mail_outbox')
      .select('order_id')
      .where(
        'order_id',
        'in',
        won.map((order) => order.id),
      )
      .execute();
    expect(receipts).toHaveLength(UNITS);
  });
});
