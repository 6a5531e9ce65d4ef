import { sql, type Kysely } from 'kysely';
import type { Database, OrderItemRow, OrderRow } from '../db/schema.ts';
import type { SoldKey } from './order-service.ts';
import type { OrderWithItems } from './order-repository.ts';

/*
 * The database functions of a purchase's common path (migration 2026-12-02-0002-purchase-functions,
 * docs/decisions/045-purchase-round-trips.md): each is one round trip, and answers nothing, having written
 * nothing, when the order is not plain; the caller then takes its general path.
 */

const ORDER_TIMES = [
  'expires_at',
  'hold_expires_at',
  'paid_at',
  'delivered_at',
  'created_at',
  'updated_at',
  'capture_claimed_at',
  'payment_started_at',
  'refunded_at',
  'payment_settled_at',
  'paypal_checked_at',
  'claimed_at',
  'refund_claimed_at',
  'dispute_opened_at',
  'dispute_resolved_at',
] as const;

/** An order row as `to_jsonb` wrote it: its times come back as the Dates pg would have given. */
function orderFromJson(json: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = { ...json };
  for (const column of ORDER_TIMES) {
    const value = row[column];
    row[column] = typeof value === 'string' ? new Date(value) : null;
  }
  return row as unknown as OrderRow;
}

interface OrderJson {
  order: Record<string, unknown>;
  items: OrderItemRow[];
}

/** What `store_place_order` needs: the buyer, where from, the merged lines and the limits it checks. */
export interface PlainOrder {
  id: string;
  userId: string | null;
  email: string;
  name: string;
  address: string | null;
  city: string | null;
  country: string | null;
  ip: string;
  origin: string;
  expiresAt: Date;
  lines: readonly { product_id: string; quantity: number }[];
  buyerCap: number;
  addressCap: number;
  freeOrderMinutes: number;
  maxCents: number;
  maxUnits: number;
}

/**
 * Places a plain order (no code; no package or subscription line; every line in stock; a total above zero
 * and within the bound; the buyer under both caps) in one statement, or answers undefined having placed nothing.
 */
export async function placePlainOrder(db: Kysely<Database>, order: PlainOrder): Promise<OrderWithItems | undefined> {
  const { rows } = await sql<{ placed: OrderJson | null }>`SELECT store_place_order(
      ${order.id}::uuid, ${order.userId}::uuid, ${order.email}, ${order.email.toLowerCase()}, ${order.name},
      ${order.address}, ${order.city}, ${order.country}, ${order.ip}, ${order.origin}, ${order.expiresAt}::timestamptz,
      ${order.lines.map((line) => line.product_id)}::uuid[], ${order.lines.map((line) => line.quantity)}::integer[],
      ${order.buyerCap}::integer, ${order.addressCap}::integer, ${order.freeOrderMinutes}::integer,
      ${order.maxCents}::bigint, ${order.maxUnits}::integer) AS placed`.execute(db);
  const placed = rows[0]?.placed;
  return placed ? { order: orderFromJson(placed.order), items: placed.items } : undefined;
}

export type CaptureClaim = { claimed: true; id: string } | { claimed: false; id: string; status: string; payment_id: string | null };

/**
 * Claims the pending order of a PayPal order that holds its units, in one statement. Answers the claim,
 * the order as it is when it is not pending, undefined for an unknown PayPal order, or 'retake' when its
 * hold ended (nothing done: the general path takes its units and code's use again first).
 */
export async function claimHeldForCapture(
  db: Kysely<Database>,
  paypalOrderId: string,
  holdMinutes: number,
): Promise<CaptureClaim | 'retake' | undefined> {
  const { rows } = await sql<{
    claim_order_id: string;
    claim_status: string;
    claim_payment_id: string | null;
    claim_taken: boolean | null;
  }>`SELECT * FROM store_claim_capture(${paypalOrderId}, ${holdMinutes}::integer)`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  if (row.claim_taken === null) return 'retake';
  return row.claim_taken
    ? { claimed: true, id: row.claim_order_id }
    : { claimed: false, id: row.claim_order_id, status: row.claim_status, payment_id: row.claim_payment_id };
}

/** The SQLSTATE `store_sell_held` raises when a key pool falls short: the transaction is rolled back and run the general way. */
export const GENERAL_PATH_STATE = 'SR001';

export const wantsGeneralPath = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === GENERAL_PATH_STATE;

/**
 * Sells a held, plain order paid with `amount` inside the caller's transaction: the units taken off the
 * shelf, the keys from the pool, the files attached. Answers the order, its lines and the keys sold for
 * the receipt, or undefined having written nothing (another status, a code's use not held, a package
 * line, a product gone or short, another amount).
 */
export async function sellHeldOrder(
  trx: Kysely<Database>,
  orderId: string,
  amount: { currency_code: string; value: string },
): Promise<(OrderWithItems & { keys: SoldKey[] }) | undefined> {
  const { rows } = await sql<{ sold: (OrderJson & { keys: (Omit<SoldKey, 'created_at'> & { created_at: string })[] }) | null }>`SELECT
      store_sell_held(${orderId}::uuid, ${amount.currency_code}, ${amount.value}) AS sold`.execute(trx);
  const sold = rows[0]?.sold;
  if (!sold) return undefined;
  return {
    order: orderFromJson(sold.order),
    items: sold.items,
    keys: sold.keys.map((key) => ({ ...key, created_at: new Date(key.created_at) })),
  };
}

/**
 * A payment start's hold of a plain order (no code, no package line) in one statement: 'held' when this
 * start took it, 'holding' when the order held already; undefined, having changed nothing, when the order
 * is not plain, not payable, or its units are short or held by others (the general path words the 409).
 */
export async function holdPlainOrder(
  db: Kysely<Database>,
  order: Pick<OrderRow, 'id' | 'user_id' | 'invoice_email' | 'client_ip'>,
  minutes: { hold: number; pay: number },
): Promise<'held' | 'holding' | undefined> {
  try {
    const { rows } = await sql<{ held: 'held' | 'holding' | null }>`SELECT store_hold_plain(
        ${order.id}::uuid, ${order.user_id}::uuid, ${order.invoice_email.toLowerCase()}, ${order.client_ip},
        ${minutes.hold}::integer, ${minutes.pay}::integer) AS held`.execute(db);
    return rows[0]?.held ?? undefined;
  } catch (error) {
    if (wantsGeneralPath(error)) return undefined;
    throw error;
  }
}
