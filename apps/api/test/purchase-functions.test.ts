import { randomBytes } from 'node:crypto';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellHeldOrder, wantsGeneralPath } from '../src/orders/purchase-functions.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * A plain purchase takes one database function per step (docs/decisions/045-purchase-round-trips.md), and
 * whatever the functions leave to the general path still ends as it did. The guarantees themselves (caps,
 * holds, never oversold, money means goods) are the tests of orders, holds, payments and the races, which
 * now run through these functions. Runs on PostgreSQL when TEST_DATABASE_URL is set, on PGlite otherwise.
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

/** A licence product with a pool of `keys` keys (its stock), or with generated keys. */
async function keyProduct(options: { keys?: number; generated?: boolean } = {}): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: {
      title: `Plain ${tag()}`,
      price: 12.5,
      description: 'd',
      detailed_description: 'dd',
      ...(options.generated ? { key_mode: 'generated', key_pattern: 'GEN-XXXX-XXXX', stock_quantity: 50 } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  if (options.keys) {
    const keys = Array.from({ length: options.keys }, () => `PLAIN-${tag().toUpperCase()}`).join('\n');
    const added = await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, token: admin, payload: { keys } });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
  return id;
}

const invoice = (email: string) => ({ email, name: 'Plain Buyer', address: '1 Road', city: 'Leeds', country: 'UK' });

/** Runs `run` with the app's database recording the text of every statement it sends through Kysely. */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const original = t.app.db;
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(original.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  t.app.db = original.withPlugin(recorder);
  try {
    return { result: await run(), statements };
  } finally {
    t.app.db = original;
  }
}

const placeOrder = (lines: { product_id: string; quantity: number }[], email: string, ip = '198.51.100.9') =>
  t.request({ method: 'POST', url: '/api/orders', remoteAddress: ip, payload: { items: lines, invoice_data: invoice(email) } });
const startPayment = (orderId: string, ip = '198.51.100.9') =>
  t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}`, remoteAddress: ip });
const paypalIdOf = (started: { json: () => { payment_url: string } }) => new URL(started.json().payment_url).searchParams.get('token')!;
const capture = (paypalOrderId: string) => t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });

describe('a plain purchase', () => {
  it('is placed, held, claimed and sold by one database function per step, and ends delivered, stock and key counted once', async () => {
    const productId = await keyProduct({ keys: 3 });
    const email = `plain-${tag()}@example.com`;

    const placing = await statementsOf(() => placeOrder([{ product_id: productId, quantity: 2 }], email));
    expect(placing.result.statusCode, placing.result.body).toBe(201);
    expect(placing.statements).toHaveLength(1);
    expect(placing.statements[0]).toContain('store_place_order(');
    const order = placing.result.json<{ id: string; total_amount: number; status: string; expires_at: string; access_token: string }>();
    expect(order).toMatchObject({ status: 'pending', total_amount: 25 });
    expect(Date.parse(order.expires_at)).toBeGreaterThan(Date.now());

    const starting = await statementsOf(() => startPayment(order.id));
    expect(starting.result.statusCode, starting.result.body).toBe(200);
    expect(starting.statements.filter((text) => text.includes('store_hold_plain('))).toHaveLength(1);
    // The general path's buyer locks and row locks are not sent from the API.
    expect(starting.statements.filter((text) => /pg_advisory_xact_lock|for update/i.test(text))).toEqual([]);
    const held = await t.app.db
      .selectFrom('orders')
      .select(['stock_reserved', 'hold_expires_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(held.stock_reserved).toBe(true);
    expect(held.hold_expires_at).not.toBeNull();

    // Read (and cached) before the sale: the catalogue must show the sale at once after it.
    expect((await t.request({ method: 'GET', url: `/api/products/${productId}` })).json().stock_quantity).toBe(3);
    const paypalOrderId = paypalIdOf(starting.result);
    sandbox.state.approveOrder(paypalOrderId);
    const capturing = await statementsOf(() => capture(paypalOrderId));
    expect(capturing.result.statusCode, capturing.result.body).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/products/${productId}` })).json().stock_quantity).toBe(1);
    expect(capturing.statements.filter((text) => text.includes('store_claim_capture('))).toHaveLength(1);
    expect(capturing.statements.filter((text) => text.includes('store_sell_held('))).toHaveLength(1);
    expect(capturing.statements.filter((text) => /for update/i.test(text))).toEqual([]);

    const shown = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token } });
    const delivered = shown.json<{ status: string; items: { keys?: string[] }[] }>();
    expect(delivered.status).toBe('completed');
    expect(delivered.items[0]!.keys).toHaveLength(2);
    const stock = await t.app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(1);
    const receipts = await t.app.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'receipt')
      .execute();
    expect(receipts).toHaveLength(1);
    for (const key of delivered.items[0]!.keys!) expect(receipts[0]!.text_body).toContain(`Licence key: ${key}`);
    const settled = await t.app.db
      .selectFrom('orders')
      .select(['payment_id', 'capture_claimed_at', 'payment_settled_at', 'stock_reserved'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ capture_claimed_at: null, stock_reserved: false });
    expect(settled.payment_id).not.toBeNull();
    expect(settled.payment_settled_at).not.toBeNull();

    // A second return changes nothing.
    const again = await capture(paypalOrderId);
    expect(again.statusCode).toBe(200);
    const sold = await t.app.db
      .selectFrom('license_keys')
      .select('id')
      .where('product_id', '=', productId)
      .where('order_item_id', 'is not', null)
      .execute();
    expect(sold).toHaveLength(2);
  });
});

describe('what the functions leave to the general path', () => {
  it('a product whose keys are generated: the pool falls short, the sale is rolled back and the general path generates the key', async () => {
    const productId = await keyProduct({ generated: true });
    const placed = await placeOrder([{ product_id: productId, quantity: 1 }], `gen-${tag()}@example.com`);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: string; access_token: string }>();
    const started = await startPayment(order.id);
    expect(started.statusCode, started.body).toBe(200);
    const paypalOrderId = paypalIdOf(started);
    sandbox.state.approveOrder(paypalOrderId);
    const capturing = await statementsOf(() => capture(paypalOrderId));
    expect(capturing.result.statusCode, capturing.result.body).toBe(200);
    expect(capturing.statements.some((text) => text.includes('store_sell_held('))).toBe(true);
    const shown = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token } });
    const delivered = shown.json<{ status: string; items: { keys?: string[] }[] }>();
    expect(delivered.status).toBe('completed');
    expect(delivered.items[0]!.keys).toEqual([expect.stringMatching(/^GEN-[A-Z2-9]{4}-[A-Z2-9]{4}$/)]);
    const stock = await t.app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(49);
  });

  it("a payment start refused for units held by others releases none of the same buyer's holds", async () => {
    const shared = await keyProduct({ keys: 5 });
    const scarce = await keyProduct({ keys: 1 });
    const email = `holder-${tag()}@example.com`;
    // The buyer's first checkout holds a unit of the shared product.
    const first = (await placeOrder([{ product_id: shared, quantity: 1 }], email, '198.51.100.21')).json<{ id: string }>();
    expect((await startPayment(first.id, '198.51.100.21')).statusCode).toBe(200);
    // Another buyer holds the scarce product's only unit.
    const other = (await placeOrder([{ product_id: scarce, quantity: 1 }], `other-${tag()}@example.com`, '198.51.100.22')).json<{
      id: string;
    }>();
    expect((await startPayment(other.id, '198.51.100.22')).statusCode).toBe(200);
    // The first buyer's second order wants both: its start would release the first checkout, but it cannot hold the scarce unit.
    const second = (
      await placeOrder(
        [
          { product_id: shared, quantity: 1 },
          { product_id: scarce, quantity: 1 },
        ],
        email,
        '198.51.100.21',
      )
    ).json<{ id: string }>();
    const refused = await startPayment(second.id, '198.51.100.21');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('held_by_other_buyers');
    const holds = await t.app.db
      .selectFrom('orders')
      .select(['id', 'stock_reserved'])
      .where('id', 'in', [first.id, other.id, second.id])
      .execute();
    expect(Object.fromEntries(holds.map((row) => [row.id, row.stock_reserved]))).toEqual({
      [first.id]: true,
      [other.id]: true,
      [second.id]: false,
    });
  });

  it('an unknown product, or one out of stock, is refused as before', async () => {
    const productId = await keyProduct({ keys: 1 });
    const unknown = await placeOrder([{ product_id: '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11', quantity: 1 }], `u-${tag()}@example.com`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_product');
    const short = await placeOrder([{ product_id: productId, quantity: 2 }], `s-${tag()}@example.com`);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'out_of_stock' });
  });
});

/** A held, approved plain order of one unit of a pool product: what a capture would sell. */
async function heldOrder(productId: string): Promise<{ id: string; total: string }> {
  const placed = await placeOrder([{ product_id: productId, quantity: 1 }], `held-${tag()}@example.com`, '198.51.100.31');
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ id: string; total_amount: number }>();
  const started = await startPayment(order.id, '198.51.100.31');
  expect(started.statusCode, started.body).toBe(200);
  return { id: order.id, total: order.total_amount.toFixed(2) };
}

const stockOf = async (productId: string) =>
  (await t.app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow()).stock_quantity;
const soldKeys = async (productId: string) =>
  (await t.app.db.selectFrom('license_keys').select('id').where('product_id', '=', productId).where('order_item_id', 'is not', null).execute())
    .length;

describe("the sale takes the units at COMMIT (docs/decisions/047-purchase-contention.md)", () => {
  it('sells with the units taken once, at COMMIT', async () => {
    const productId = await keyProduct({ keys: 2 });
    const order = await heldOrder(productId);
    await t.app.db.transaction().execute(async (trx) => {
      const sold = await sellHeldOrder(trx, order.id, { currency_code: 'USD', value: order.total });
      expect(sold?.keys).toHaveLength(1);
      // Queued, not yet taken: the product's row is written by the COMMIT.
      const inside = await trx.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
      expect(inside.stock_quantity).toBe(2);
    });
    expect(await stockOf(productId)).toBe(1);
    expect(await soldKeys(productId)).toBe(1);
    const queued = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM sale_stock_takes`.execute(t.app.db);
    expect(queued.rows[0]!.n).toBe(0);
  });

  for (const change of ['stock lowered to nothing', 'archived'] as const) {
    it(`refuses the COMMIT with the general path's state, writing nothing, when the product was ${change} during the sale`, async () => {
      const productId = await keyProduct({ keys: 2 });
      const order = await heldOrder(productId);
      const attempt = t.app.db.transaction().execute(async (trx) => {
        const sold = await sellHeldOrder(trx, order.id, { currency_code: 'USD', value: order.total });
        expect(sold?.keys).toHaveLength(1);
        // What staff would do from another session meanwhile; here in the sale's own, which the COMMIT sees the same way.
        await trx
          .updateTable('products')
          .set(change === 'archived' ? { archived_at: new Date() } : { stock_quantity: 0 })
          .where('id', '=', productId)
          .execute();
      });
      const error = await attempt.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(wantsGeneralPath(error), String(error)).toBe(true);
      // All undone: the key back in the pool, the order still holding, the product as it was.
      expect(await soldKeys(productId)).toBe(0);
      expect(await stockOf(productId)).toBe(2);
      const after = await t.app.db.selectFrom('orders').select(['status', 'stock_reserved']).where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(after).toEqual({ status: 'pending', stock_reserved: true });
    });
  }

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("leaves the product's row free for other buyers until the COMMIT (PostgreSQL)", async () => {
    const productId = await keyProduct({ keys: 3 });
    const order = await heldOrder(productId);
    await t.app.db.transaction().execute(async (trx) => {
      await sellHeldOrder(trx, order.id, { currency_code: 'USD', value: order.total });
      // Another session takes the row lock a payment start takes, without waiting: it is free.
      await t.app.db.transaction().execute(async (other) => {
        const locked = await sql`SELECT id FROM products WHERE id = ${productId} FOR NO KEY UPDATE NOWAIT`.execute(other);
        expect(locked.rows).toHaveLength(1);
      });
    });
    expect(await stockOf(productId)).toBe(2);
  });
});
