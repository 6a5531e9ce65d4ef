import { RevenueSeriesSchema, type OrderStatus, type RevenueSeries } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/*
 * The dashboard's revenue over time (issue 15 item 2, docs/decisions/031-revenue-chart.md): orders are
 * written straight into the database at known past days (no checkout can pay an order last month), and
 * the route must answer each UTC day's money and orders, every day of the period present, test orders,
 * refunded and unpaid orders left out. Runs on PostgreSQL when TEST_DATABASE_URL is set and on PGlite otherwise.
 */

let t: TestApp;
let admin: string;
let productId: string;
let discountCodeId: string;

const DAY_MS = 86_400_000;
/** Midnight UTC of today, fixed when the file starts. */
const todayStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** `days` days before today's midnight (UTC), plus an offset in milliseconds. */
const at = (daysAgo: number, offsetMs = 0) => new Date(todayStart - daysAgo * DAY_MS + offsetMs);
const dateOf = (daysAgo: number) => at(daysAgo).toISOString().slice(0, 10);

interface KnownOrder {
  cents: number;
  status: OrderStatus;
  paidAt: Date | null;
  createdAt?: Date;
  deliveredAt?: Date;
  isTest?: boolean;
  discountCents?: number;
}

async function insertOrder(order: KnownOrder): Promise<void> {
  const row = await t.app.db
    .insertInto('orders')
    .values({
      status: order.status,
      total_cents: order.cents,
      discount_cents: order.discountCents ?? 0,
      discount_code: order.discountCents ? 'SPRING' : null,
      discount_code_id: order.discountCents ? discountCodeId : null,
      payment_method: 'paypal',
      invoice_email: 'buyer@example.com',
      invoice_name: 'Known Buyer',
      is_test: order.isTest ?? false,
      paid_at: order.paidAt,
      created_at: order.createdAt ?? order.paidAt ?? new Date(),
      delivered_at: order.deliveredAt ?? null,
      refunded_at: order.status === 'refunded' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('order_items')
    .values({
      order_id: row.id,
      product_id: productId,
      position: 0,
      title: 'Known product',
      unit_price_cents: order.cents,
      quantity: 1,
      delivery: 'license_key',
    })
    .execute();
}

const revenue = async (query: string, token = admin) => t.request({ method: 'GET', url: `/api/admin/stats/revenue${query}`, token });
const seriesOf = async (query: string): Promise<RevenueSeries> => {
  const response = await revenue(query);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<RevenueSeries>();
  expect(Value.Check(RevenueSeriesSchema, body)).toBe(true);
  return body;
};
const pointOf = (series: RevenueSeries, daysAgo: number) => series.points.find((point) => point.date === dateOf(daysAgo));

beforeAll(async () => {
  t = await build();
  admin = await t.adminToken();
  const product = await t.app.db
    .insertInto('products')
    .values({
      title: 'Known product',
      description: 'Sold at known dates',
      detailed_description: 'Sold at known dates',
      price_cents: 1000,
      category: 'plugins',
      product_type: 'single',
      images: JSON.stringify([]),
      features: JSON.stringify([]),
      system_requirements: JSON.stringify({}),
      stock_quantity: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  productId = product.id;
  const code = await t.app.db
    .insertInto('discount_codes')
    .values({ code: 'SPRING', kind: 'fixed', value: 250, product_ids: JSON.stringify([]), categories: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  discountCodeId = code.id;
  const known: KnownOrder[] = [
    // Today: the first millisecond of the day, and a discounted order counted at what was paid.
    { cents: 1000, status: 'completed', paidAt: at(0) },
    { cents: 750, status: 'completed', paidAt: at(0, 3_600_000), discountCents: 250 },
    // Left out today: a test order, a refunded one, one never paid, one that failed.
    { cents: 99_900, status: 'completed', paidAt: at(0, 60_000), isTest: true },
    { cents: 55_500, status: 'refunded', paidAt: at(0, 120_000) },
    { cents: 44_400, status: 'pending', paidAt: null, createdAt: at(0, 180_000) },
    { cents: 33_300, status: 'failed', paidAt: null, createdAt: at(0, 240_000) },
    // Yesterday: the last millisecond of the day (not today), and a paid order created the day before.
    { cents: 550, status: 'paid', paidAt: at(0, -1) },
    { cents: 200, status: 'completed', paidAt: at(1, 5_000), createdAt: at(2, 5_000) },
    // A completed order without paid_at: confirmed by staff, it counts on the day they did; else on its creation day.
    { cents: 125, status: 'completed', paidAt: null, createdAt: at(1, 7_200_000) },
    { cents: 600, status: 'completed', paidAt: null, createdAt: at(3, 1000), deliveredAt: at(2, 1000) },
    // Six days ago is the oldest day of 7; seven days ago is only in 30 and 90.
    { cents: 300, status: 'completed', paidAt: at(6, 43_200_000) },
    { cents: 400, status: 'completed', paidAt: at(7, 43_200_000) },
    // 29 days ago is the oldest of 30; 89 the oldest of 90; 90 days ago is in none.
    { cents: 2900, status: 'completed', paidAt: at(29) },
    { cents: 8900, status: 'completed', paidAt: at(89, 1) },
    { cents: 9000, status: 'completed', paidAt: at(90, DAY_MS - 1) },
  ];
  for (const order of known) await insertOrder(order);
});
afterAll(async () => {
  await t.close();
});

describe('revenue over time', () => {
  it('answers each of the last 7 days, oldest first, with the money and orders paid that UTC day', async () => {
    const series = await seriesOf('?days=7');
    expect(series).toMatchObject({ days: 7, from: dateOf(6), to: dateOf(0), time_zone: 'UTC' });
    expect(series.points).toEqual([
      { date: dateOf(6), revenue: 3, orders: 1 },
      { date: dateOf(5), revenue: 0, orders: 0 },
      { date: dateOf(4), revenue: 0, orders: 0 },
      { date: dateOf(3), revenue: 0, orders: 0 },
      // Created 3 days ago, confirmed by staff 2 days ago.
      { date: dateOf(2), revenue: 6, orders: 1 },
      // 5.50 at 23:59:59.999, 2.00 paid the day after its creation, 1.25 by its creation day.
      { date: dateOf(1), revenue: 8.75, orders: 3 },
      // 10.00 at 00:00:00.000 and 7.50 paid after a 2.50 discount; the test, refunded, pending and failed orders are not there.
      { date: dateOf(0), revenue: 17.5, orders: 2 },
    ]);
    expect(series.total_revenue).toBe(35.25);
    expect(series.total_orders).toBe(7);
  });

  it('answers 30 days by default, every day present, with the days before the week', async () => {
    const series = await seriesOf('');
    expect(series.days).toBe(30);
    expect(series.points).toHaveLength(30);
    expect(series.points.map((point) => point.date)).toEqual(Array.from({ length: 30 }, (_, index) => dateOf(29 - index)));
    expect(series.from).toBe(dateOf(29));
    expect(pointOf(series, 7)).toEqual({ date: dateOf(7), revenue: 4, orders: 1 });
    expect(pointOf(series, 29)).toEqual({ date: dateOf(29), revenue: 29, orders: 1 });
    expect(series.total_revenue).toBe(35.25 + 4 + 29);
    expect(series.total_orders).toBe(9);
    expect((await seriesOf('?days=30')).points).toEqual(series.points);
  });

  it('answers 90 days, the 89th day back its first and the 90th left out', async () => {
    const series = await seriesOf('?days=90');
    expect(series.points).toHaveLength(90);
    expect(series.from).toBe(dateOf(89));
    expect(series.points[0]).toEqual({ date: dateOf(89), revenue: 89, orders: 1 });
    expect(series.total_revenue).toBe(35.25 + 4 + 29 + 89);
    expect(series.total_orders).toBe(10);
    const days = new Set(series.points.map((point) => point.date));
    expect(days.size).toBe(90);
  });

  it('agrees with the dashboard total over the period that holds every order', async () => {
    const stats = await t.request({ method: 'GET', url: '/api/admin/stats', token: admin });
    // The 90-day series misses only the order paid 90 days ago.
    expect((await seriesOf('?days=90')).total_revenue + 90).toBe(stats.json<{ total_revenue: number }>().total_revenue);
  });

  it.each(['?days=8', '?days=0', '?days=-7', '?days=abc', '?days=7.5', '?days=', '?days=7&days=30'])(
    'refuses %s with 400 and says which days it takes',
    async (query) => {
      const response = await revenue(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', detail: 'days must be 7, 30 or 90' });
    },
  );

  it('is for staff only', async () => {
    const { token } = await t.registerUser();
    expect((await revenue('?days=7', token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/stats/revenue' })).statusCode).toBe(401);
  });
});
