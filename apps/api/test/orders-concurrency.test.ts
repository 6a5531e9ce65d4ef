import { randomBytes } from 'node:crypto';
import { OrderSchema, type Order, type Product } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Runs on PostgreSQL when TEST_DATABASE_URL is set (a pool of 5 connections: the requests really race
 * in the database) and on PGlite otherwise (one connection serialises them); the outcome must be the same.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Fifty orders from one address in a second: lift the per-IP limit.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

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

/** Fifty guests each ask for one unit, all at once. */
async function rush(productId: string) {
  const responses = await Promise.all(
    Array.from({ length: BUYERS }, (_, index) =>
      t.request({
        method: 'POST',
        url: '/api/orders',
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
  const won = responses.filter((response) => response.statusCode === 201);
  const lost = responses.filter((response) => response.statusCode !== 201);
  return { won: won.map((response) => response.json<Order>()), lost };
}

async function expectFiveSoldAndNoneLeft(productId: string, won: Order[], lost: { statusCode: number; json: () => { code: string } }[]) {
  expect(won).toHaveLength(UNITS);
  expect(lost).toHaveLength(BUYERS - UNITS);
  for (const response of lost) {
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('out_of_stock');
  }
  for (const order of won) expect(Value.Check(OrderSchema, order)).toBe(true);

  const product = await t.app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  expect(product.stock_quantity).toBe(0);
  const lines = await t.app.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.id as order_id', 'order_items.quantity', 'orders.status'])
    .where('order_items.product_id', '=', productId)
    .execute();
  expect(lines).toHaveLength(UNITS);
  expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(UNITS);
  expect(new Set(lines.map((line) => line.order_id))).toEqual(new Set(won.map((order) => order.id)));
  expect(lines.every((line) => line.status === 'pending')).toBe(true);
}

describe('Under 50 concurrent buyers for the last 5 units, exactly 5 orders succeed', () => {
  it('runs on the database the suite was asked for', () => {
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('for a product with a counted stock of 5: 5 answer 201, 45 answer 409 out_of_stock, and the stock ends at 0', async () => {
    const product = await createProduct(UNITS);
    const { won, lost } = await rush(product.id);
    await expectFiveSoldAndNoneLeft(product.id, won, lost);
    const shown = await t.request({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shown.json().stock_quantity).toBe(0);
  });

  it('for a pool of exactly 5 licence keys: 5 orders succeed, and confirming them all at once delivers each key exactly once', async () => {
    const product = await createProduct(0);
    const pool = Array.from({ length: UNITS }, () => `RUSH-${tag().toUpperCase()}`);
    const added = await t.request({
      method: 'POST',
      url: `/api/admin/products/${product.id}/keys`,
      token: admin,
      payload: { keys: pool.join('\n') },
    });
    expect(added.json()).toMatchObject({ added: UNITS, duplicates: [] });

    const { won, lost } = await rush(product.id);
    await expectFiveSoldAndNoneLeft(product.id, won, lost);
    const held = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/keys`, token: admin });
    expect(held.json()).toEqual({ available: UNITS, sold: 0, reserved: UNITS });

    const confirmations = await Promise.all(
      won.map((order) => t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: admin })),
    );
    for (const response of confirmations) {
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('completed');
    }

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
