import { Readable } from 'node:stream';
import { toDollars, type OrderExportQuery } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CSV_BOM, csvRow, type CsvValue } from '../http/csv.ts';
import { containsPattern } from '../db/like.ts';
import { filteredOrders } from './order-repository.ts';

/*
 * Staff's orders export (docs/decisions/032-orders-csv-export.md): every order the list's filter selects,
 * newest first as the list shows them, as CSV, with every subscription payment the filter selects among them
 * (docs/decisions/040-subscription-admin.md). Any size: the orders are read in keyset pages of
 * EXPORT_BATCH by (created_at, id), one query a page with its lines' titles joined in SQL, and a page is
 * read only when the response has taken the previous one (the stream's backpressure). No cursor or
 * transaction is held open between pages, so an export never pins one of the pool's connections (on
 * PGlite, the only one) while a slow client downloads.
 */

/** What a row of the export is: an order, or one payment of a subscription. */
type ExportKind = 'order' | 'subscription_payment';

/** Rows read per query: one page of rows is all the export holds in memory. */
export const EXPORT_BATCH = 1000;

export const ORDER_EXPORT_COLUMNS = [
  'order_id',
  'created_at',
  'paid_at',
  'status',
  'buyer_name',
  'buyer_email',
  'items',
  'subtotal',
  'discount_code',
  'discount',
  'total',
  'currency',
  'payment_method',
  'payment_id',
  'test',
  'refunded_at',
  // Appended for subscriptions (docs/decisions/040-subscription-admin.md): `order` or `subscription_payment`.
  'type',
  'subscription_id',
] as const;

/** The export's file name: the day it was made (UTC). */
export const exportFileName = (now: Date) => `orders-${now.toISOString().slice(0, 10)}.csv`;

function orderRows(db: Kysely<Database>, query: OrderExportQuery) {
  return filteredOrders(db, query).select([
    'id',
    'created_at',
    'paid_at',
    sql<string>`status`.as('status'),
    'invoice_name',
    'invoice_email',
    'total_cents',
    'discount_code',
    'discount_cents',
    'currency',
    'payment_method',
    'payment_id',
    'is_test',
    'refunded_at',
    // The key as PostgreSQL's own text: a JavaScript Date keeps milliseconds, created_at has microseconds.
    sql<string>`orders.created_at::text`.as('cursor_at'),
    sql<
      string | null
    >`(SELECT string_agg(i.title || ' × ' || i.quantity, '; ' ORDER BY i.position) FROM order_items i WHERE i.order_id = orders.id)`.as(
      'items',
    ),
    sql<ExportKind>`'order'`.as('kind'),
    sql<string | null>`NULL::uuid`.as('subscription_id'),
  ]);
}

/** Order statuses a subscription payment can have: a status filter of any other selects no payment. */
const PAYMENT_STATUSES: ReadonlySet<string> = new Set(['completed', 'refunded']);

/**
 * Subscription payments as export rows (the first payment and each renewal): the buyer is the account, the
 * line is the subscription's product, the time is when PayPal took the money. The list's filter applies:
 * the search to the buyer's email and username and the subscription's id, a status to the payment's, and
 * a dispute filter selects none (no dispute is recorded on a subscription payment).
 */
function subscriptionPaymentRows(db: Kysely<Database>, query: OrderExportQuery) {
  let rows = db
    .selectFrom('subscription_payments as p')
    .innerJoin('subscriptions as s', 's.id', 'p.subscription_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'p.id',
      sql<Date>`p.paid_at`.as('created_at'),
      sql<Date | null>`p.paid_at`.as('paid_at'),
      sql<string>`p.status`.as('status'),
      sql<string>`u.username`.as('invoice_name'),
      sql<string>`u.email`.as('invoice_email'),
      sql<number>`p.amount_cents`.as('total_cents'),
      sql<string | null>`NULL::text`.as('discount_code'),
      sql<number>`0`.as('discount_cents'),
      'p.currency',
      sql<string>`'paypal'`.as('payment_method'),
      sql<string | null>`p.paypal_sale_id`.as('payment_id'),
      's.is_test',
      'p.refunded_at',
      sql<string>`p.paid_at::text`.as('cursor_at'),
      sql<string | null>`s.title || ' (subscription)'`.as('items'),
      sql<ExportKind>`'subscription_payment'`.as('kind'),
      sql<string | null>`s.id`.as('subscription_id'),
    ]);
  if (query.dispute || (query.status && !PAYMENT_STATUSES.has(query.status))) rows = rows.where(sql<boolean>`false`);
  if (query.status) rows = rows.where(sql<boolean>`p.status = ${query.status}`);
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    rows = rows.where((eb) =>
      eb.or([eb(sql`s.id::text`, 'like', pattern), eb(sql`lower(u.email)`, 'like', pattern), eb(sql`lower(u.username)`, 'like', pattern)]),
    );
  }
  return rows;
}

/** Newest first: by the time as PostgreSQL writes it (one offset, so its text sorts as the time does), then the id. */
const newestFirst = (a: { cursor_at: string; id: string }, b: { cursor_at: string; id: string }) =>
  a.cursor_at === b.cursor_at ? (a.id < b.id ? 1 : -1) : a.cursor_at < b.cursor_at ? 1 : -1;

/**
 * One page of the export: orders and subscription payments together, newest first, after the cursor. Each kind
 * is read by its own keyset query (so each walks its index) and the two pages are merged here: the page's
 * rows are the newest EXPORT_BATCH of both, and the next page starts after the last of them.
 */
async function exportPage(db: Kysely<Database>, query: OrderExportQuery, after: { at: string; id: string } | null) {
  let orders = orderRows(db, query);
  let payments = subscriptionPaymentRows(db, query);
  if (after) {
    orders = orders.where(sql<boolean>`(orders.created_at, orders.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
    payments = payments.where(sql<boolean>`(p.paid_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const orderPage = await orders.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(EXPORT_BATCH).execute();
  const paymentPage = await payments.orderBy('p.paid_at', 'desc').orderBy('p.id', 'desc').limit(EXPORT_BATCH).execute();
  if (paymentPage.length === 0) return orderPage;
  return [...orderPage, ...paymentPage].sort(newestFirst).slice(0, EXPORT_BATCH);
}

type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];

function exportRow(row: ExportRow): CsvValue[] {
  return [
    row.kind === 'order' ? row.id : '',
    row.created_at.toISOString(),
    row.paid_at?.toISOString() ?? '',
    row.status,
    row.invoice_name,
    row.invoice_email,
    row.items ?? '',
    toDollars(row.total_cents + row.discount_cents).toFixed(2),
    row.discount_code ?? '',
    toDollars(row.discount_cents).toFixed(2),
    toDollars(row.total_cents).toFixed(2),
    row.currency,
    row.payment_method,
    row.payment_id ?? '',
    row.is_test ? 'yes' : 'no',
    row.refunded_at?.toISOString() ?? '',
    row.kind,
    row.subscription_id ?? '',
  ];
}

/** What an export handed out: the orders in the chunks given to the response, and whether it reached the last one. */
export interface ExportOutcome {
  rows: number;
  complete: boolean;
}

/**
 * The text of the export, one page at a time: the BOM and header, then a chunk of rows a page. `onEnd` is
 * told what was handed out when the generator ends, at the last page or when its reader stops early.
 */
export async function* orderExportChunks(
  db: Kysely<Database>,
  query: OrderExportQuery,
  onEnd: (outcome: ExportOutcome) => void = () => {},
): AsyncGenerator<string> {
  const outcome: ExportOutcome = { rows: 0, complete: false };
  try {
    yield CSV_BOM + csvRow(ORDER_EXPORT_COLUMNS);
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const rows = await exportPage(db, query, after);
      let chunk = '';
      for (const row of rows) chunk += csvRow(exportRow(row));
      if (rows.length > 0) {
        // Counted as it is handed to the reader: a download cut short may have received less, never more.
        outcome.rows += rows.length;
        yield chunk;
      }
      if (rows.length < EXPORT_BATCH) break;
      const last = rows.at(-1)!;
      after = { at: last.cursor_at, id: last.id };
    }
    outcome.complete = true;
  } finally {
    onEnd(outcome);
  }
}

/**
 * The export as a byte stream for the response. Not in object mode, so the stream buffers bytes up to its
 * high-water mark and asks the generator for the next page only when the socket has drained; a client
 * that goes away destroys the stream, which ends the generator between pages.
 */
export function orderExportStream(db: Kysely<Database>, query: OrderExportQuery, onEnd?: (outcome: ExportOutcome) => void): Readable {
  return Readable.from(orderExportChunks(db, query, onEnd), { objectMode: false, highWaterMark: 64 * 1024 });
}
