import { REVENUE_STATUSES, toDollars, type RevenuePeriod, type RevenueSeries } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keptSubscriptionPayments } from '../subscription-admin/subscription-figures.ts';

/*
 * Revenue over time for the dashboard (docs/decisions/031-revenue-chart.md): money taken and orders per
 * UTC day, counted on the day the order was paid. One query: a series of the period's days left-joined
 * to the orders grouped by day, so a day without sales is a row of zeros and nothing is filled in here.
 * Paid and completed orders only (a refunded order gave its money back), test orders left out, as the
 * dashboard's total does. Subscription payments add their money on the day each was paid (refunded ones and
 * test subscriptions' left out) but are not orders (docs/decisions/040-subscription-admin.md).
 */
export async function revenueSeries(db: Kysely<Database>, days: RevenuePeriod): Promise<RevenueSeries> {
  const { rows } = await sql<{ date: string; cents: string; orders: string }>`
    WITH days AS (
      SELECT ((now() AT TIME ZONE 'UTC')::date - n) AS day
      FROM generate_series(0, ${days - 1}::int) AS n
    ),
    money AS (
      -- The day the money came: paid_at; for an order staff confirmed by hand (no capture), the day they did (delivered_at).
      SELECT coalesce(paid_at, delivered_at, created_at) AS at, total_cents AS cents, 1 AS orders
      FROM orders
      WHERE status IN (${sql.join(REVENUE_STATUSES)}) AND NOT is_test
      UNION ALL
      -- A subscription's payments (its first and each renewal) on the day each was paid; not orders (docs/decisions/040).
      SELECT kept.paid_at, kept.amount_cents, 0 FROM ${keptSubscriptionPayments()} AS kept
    ),
    sales AS (
      SELECT (at AT TIME ZONE 'UTC')::date AS day, sum(cents) AS cents, sum(orders) AS orders
      FROM money
      WHERE at >= ((SELECT min(day) FROM days)::timestamp AT TIME ZONE 'UTC')
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date, coalesce(sales.cents, 0)::text AS cents, coalesce(sales.orders, 0)::text AS orders
    FROM days LEFT JOIN sales ON sales.day = days.day
    ORDER BY days.day
  `.execute(db);
  const points = rows.map((row) => ({ date: row.date, cents: Number(row.cents), orders: Number(row.orders) }));
  return {
    days,
    from: points[0]!.date,
    to: points.at(-1)!.date,
    time_zone: 'UTC',
    points: points.map((point) => ({ date: point.date, revenue: toDollars(point.cents), orders: point.orders })),
    total_revenue: toDollars(points.reduce((sum, point) => sum + point.cents, 0)),
    total_orders: points.reduce((sum, point) => sum + point.orders, 0),
  };
}
