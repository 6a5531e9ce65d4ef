import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An outbox as operators watch it: what waits, what was given up on, and how long the oldest has waited. */
export interface OutboxFigures {
  pending: number;
  failed: number;
  oldestPendingAt: Date | null;
}

/** What the store holds that every instance shares: the same answer whichever instance is asked. */
export interface StoreFigures {
  orders: {
    /** Every order ever placed, paid, refunded (orders are never deleted, and these times never cleared). */
    created: number;
    paid: number;
    refunded: number;
    /** Orders in each status now. */
    byStatus: Record<string, number>;
  };
  mail: OutboxFigures;
  webhooks: OutboxFigures;
  /** Payments started at PayPal and not yet settled (delivered, refunded or closed), and the oldest one's start. */
  unsettledPayments: { count: number; oldestStartedAt: Date | null };
}

const toNumber = (value: unknown) => Number(value ?? 0);
const toDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

async function outbox(db: Kysely<Database>, table: 'mail_outbox' | 'webhook_deliveries'): Promise<OutboxFigures> {
  const { rows } = await sql<{ pending: string; failed: string; oldest: Date | null }>`
    SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           min(created_at) FILTER (WHERE status = 'pending') AS oldest
      FROM ${sql.table(table)}`.execute(db);
  const row = rows[0];
  return { pending: toNumber(row?.pending), failed: toNumber(row?.failed), oldestPendingAt: toDate(row?.oldest) };
}

/** Reads the figures: four statements, run side by side. */
export async function readStoreFigures(db: Kysely<Database>): Promise<StoreFigures> {
  const [orders, mail, webhooks, unsettled] = await Promise.all([
    sql<{ status: string; n: string; paid: string; refunded: string }>`
      SELECT status, count(*) AS n, count(paid_at) AS paid, count(refunded_at) AS refunded FROM orders GROUP BY status`.execute(db),
    outbox(db, 'mail_outbox'),
    outbox(db, 'webhook_deliveries'),
    sql<{ n: string; oldest: Date | null }>`
      SELECT count(*) AS n, min(payment_started_at) AS oldest FROM orders
       WHERE paypal_order_id IS NOT NULL AND payment_settled_at IS NULL AND payment_started_at IS NOT NULL`.execute(db),
  ]);
  const byStatus: Record<string, number> = {};
  let created = 0;
  let paid = 0;
  let refunded = 0;
  for (const row of orders.rows) {
    byStatus[row.status] = toNumber(row.n);
    created += toNumber(row.n);
    paid += toNumber(row.paid);
    refunded += toNumber(row.refunded);
  }
  return {
    orders: { created, paid, refunded, byStatus },
    mail,
    webhooks,
    unsettledPayments: { count: toNumber(unsettled.rows[0]?.n), oldestStartedAt: toDate(unsettled.rows[0]?.oldest) },
  };
}

/**
 * The figures read at most once per `ttlMs`, shared by concurrent callers: a scrape every few seconds from
 * several Prometheus servers costs one read. A failed read is not kept.
 */
export function cachedStoreFigures(db: Kysely<Database>, ttlMs: number): () => Promise<StoreFigures> {
  let last: { at: number; figures: Promise<StoreFigures> } | undefined;
  return () => {
    if (last && Date.now() - last.at < ttlMs) return last.figures;
    const figures = readStoreFigures(db);
    last = { at: Date.now(), figures };
    figures.catch(() => (last = undefined));
    return figures;
  };
}
