import {
  discountInputProblem,
  toCents,
  toDollars,
  type Category,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountCodeListQuery,
  type DiscountUseList,
} from '@store/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { containsPattern } from '../db/like.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { Database, DiscountCodeRow, OrderRow } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { HOLD_MINUTES } from '../orders/hold-times.ts';
import { checkAvailable, discountCents, discountStatus, invalidCode, type PricedLine, type UseCounts } from './discount-rules.ts';

/*
 * Discount codes in the database (docs/decisions/028-discount-codes.md, 036-holds-at-payment.md). A use is a
 * row of `discount_redemptions`: held from the order's payment start, counted for good once it is paid. It is
 * inserted by a transaction that holds the code's row lock (`SELECT ... FOR UPDATE`) after counting, so
 * concurrent checkouts never use a code more often than it allows; a trigger deletes it when the hold or the
 * order ends without the goods.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Who is buying, for the limit per buyer: the account, or the guest's email; both by lower-cased email too. */
export interface DiscountBuyer {
  /** The account's id, or the guest's lower-cased email. */
  key: string;
  email: string;
}

export const buyerOf = (userId: string | null, email: string): DiscountBuyer => ({
  key: userId ?? email.trim().toLowerCase(),
  email: email.trim().toLowerCase(),
});

const normalise = (code: string) => code.trim().toUpperCase();

/** The rows of a code's uses that are paid: the order was delivered (a sale refunded later keeps its use). */
const paid = sql<boolean>`EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND o.delivered_at IS NOT NULL)`;

/**
 * A code by its text (any case) with its paid uses, in all (the counter row) and by this buyer (their own few
 * rows): one statement of index lookups whatever the code is (unknown, scheduled, expired, used up, however
 * often used), so its answers take the same time (decision 036).
 */
async function findCodeWithPaidUses(db: Db, text: string, buyer: DiscountBuyer | null): Promise<(DiscountCodeRow & UseCounts) | undefined> {
  const row = await db
    .selectFrom('discount_codes as c')
    .leftJoin('discount_code_uses as u', 'u.code_id', 'c.id')
    .selectAll('c')
    .select([
      sql<number>`coalesce(u.paid, 0)`.as('paid_total'),
      sql<string>`(SELECT count(*) FROM discount_redemptions r WHERE r.code_id = c.id AND ${paid}
        AND (r.buyer_key = ${buyer?.key ?? null} OR r.buyer_email = ${buyer?.email ?? null}))`.as('paid_buyer'),
    ])
    .where('c.code', '=', normalise(text))
    .executeTakeFirst();
  if (!row) return undefined;
  const { paid_total, paid_buyer, ...code } = row;
  return { ...code, total: Number(paid_total), buyer: Number(paid_buyer) };
}

/** The category of each product, for a code limited to categories. */
async function categoriesOf(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'category'])
    .where('id', 'in', [...new Set(productIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.category]));
}

export interface AppliedDiscount {
  codeId: string;
  code: string;
  amountCents: number;
}

/**
 * What the code `text` takes off these lines (priced by the server) for this buyer, checked against its paid
 * uses; throws the refusal. No lock and no use: an order holds a use only from its payment start (`takeUse`).
 * An unknown, disabled, scheduled, expired or used-up code is one answer, after the same queries.
 */
export async function evaluateCode(
  db: Db,
  text: string,
  lines: readonly Omit<PricedLine, 'category'>[],
  buyer: DiscountBuyer | null,
  now = new Date(),
): Promise<AppliedDiscount> {
  const row = await findCodeWithPaidUses(db, text, buyer);
  const categories = await categoriesOf(
    db,
    lines.map((line) => line.product_id),
  );
  if (!row) throw invalidCode();
  checkAvailable(row, row, now);
  const { amountCents } = discountCents(
    row,
    lines.map((line) => ({ ...line, category: categories.get(line.product_id) ?? '' })),
  );
  return { codeId: row.id, code: row.code, amountCents };
}

/** Uses the code holds or counts (orders other than `exceptOrder`), in all and by this buyer, and how many of them are paid. */
async function countUses(
  db: Db,
  codeId: string,
  buyer: DiscountBuyer,
  exceptOrder: string,
): Promise<UseCounts & { paidTotal: number; paidBuyer: number }> {
  const mine = sql<boolean>`(r.buyer_key = ${buyer.key} OR r.buyer_email = ${buyer.email})`;
  const row = await db
    .selectFrom('discount_redemptions as r')
    .where('r.code_id', '=', codeId)
    .where('r.order_id', '!=', exceptOrder)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE ${mine})`.as('buyer'),
      sql<string>`count(*) FILTER (WHERE ${paid})`.as('paid_total'),
      sql<string>`count(*) FILTER (WHERE ${mine} AND ${paid})`.as('paid_buyer'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), buyer: Number(row.buyer), paidTotal: Number(row.paid_total), paidBuyer: Number(row.paid_buyer) };
}

/**
 * The order takes a use of its code, if it holds none: at its payment start (with its units), at a capture
 * after its hold ended, or when it is delivered without one (a late payment, staff confirming). Under the
 * code's row lock, only the limits are checked against the uses held and paid: the buyer agreed the price
 * while the code was valid (dates and disabling do not undo it). Call it before the products' rows are
 * locked (one lock order for every transaction). At `delivery` any full limit is `discount_code_used_up`
 * (a late payment is refunded); at `payment` the refusal says whether the uses are gone or held by others.
 */
export async function takeUse(trx: Transaction<Database>, order: OrderRow, moment: 'payment' | 'delivery'): Promise<void> {
  if (!order.discount_code_id) return;
  const held = await trx.selectFrom('discount_redemptions').select('order_id').where('order_id', '=', order.id).executeTakeFirst();
  if (held) return;
  const row = await trx
    .selectFrom('discount_codes')
    .selectAll()
    .where('id', '=', order.discount_code_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const buyer = buyerOf(order.user_id, order.invoice_email);
  const uses = await countUses(trx, row.id, buyer, order.id);
  const fullInAll = row.max_uses !== null && uses.total >= row.max_uses;
  const fullForBuyer = row.max_uses_per_buyer !== null && uses.buyer >= row.max_uses_per_buyer;
  if (fullInAll || fullForBuyer) {
    if (moment === 'delivery') {
      throw conflict(`The discount code ${row.code} of this order has been used up since it was placed`, 'discount_code_used_up');
    }
    if (fullInAll && uses.paidTotal >= row.max_uses!) {
      throw conflict(
        `The discount code ${row.code} has been used up since this order was placed: please order again without it`,
        'discount_code_used_up',
      );
    }
    if (!fullInAll && uses.paidBuyer >= row.max_uses_per_buyer!) {
      throw conflict(
        `You have already used the discount code ${row.code} as often as it allows: please order again without it`,
        'discount_code_already_used',
      );
    }
    throw new AppError(
      'conflict',
      `The last use of the discount code ${row.code} is in another checkout right now. It is free again within ${HOLD_MINUTES} minutes if that one is not paid: please try again then, or order again without the code.`,
      'held_by_other_buyers',
    );
  }
  await trx
    .insertInto('discount_redemptions')
    .values({
      order_id: order.id,
      code_id: row.id,
      buyer_key: buyer.key,
      buyer_email: buyer.email,
      amount_cents: order.discount_cents,
    })
    .execute();
}

/* Staff ------------------------------------------------------------------------------------------ */

/** Each code's paid uses and the discount they gave: a use held by a checkout at PayPal is not counted yet (decision 036). */
async function usesOf(db: Db, ids: string[]): Promise<Map<string, { uses: number; cents: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('discount_redemptions as r')
    .select(['r.code_id', sql<string>`count(*)`.as('uses'), sql<string>`coalesce(sum(r.amount_cents), 0)`.as('cents')])
    .where('r.code_id', 'in', ids)
    .where(paid)
    .groupBy('r.code_id')
    .execute();
  return new Map(rows.map((row) => [row.code_id, { uses: Number(row.uses), cents: Number(row.cents) }]));
}

function present(row: DiscountCodeRow, usage: { uses: number; cents: number } | undefined, now = new Date()): DiscountCode {
  const uses = usage?.uses ?? 0;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : toDollars(row.value),
    min_order: row.min_order_cents === null ? null : toDollars(row.min_order_cents),
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    max_uses: row.max_uses,
    max_uses_per_buyer: row.max_uses_per_buyer,
    product_ids: row.product_ids,
    categories: row.categories as Category[],
    disabled: row.disabled_at !== null,
    status: discountStatus(row, uses, now),
    uses,
    discount_total: toDollars(usage?.cents ?? 0),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function presentCode(db: Db, row: DiscountCodeRow): Promise<DiscountCode> {
  return present(row, (await usesOf(db, [row.id])).get(row.id));
}

export async function listCodes(db: Kysely<Database>, query: DiscountCodeListQuery): Promise<{ codes: DiscountCode[]; total: number }> {
  let filtered = db.selectFrom('discount_codes');
  const search = query.search?.trim();
  if (search) filtered = filtered.where('code', 'like', containsPattern(search.toUpperCase()));
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    countRows(filtered),
  ]);
  const usage = await usesOf(
    db,
    rows.map((row) => row.id),
  );
  return { codes: rows.map((row) => present(row, usage.get(row.id))), total };
}

/** The row values of staff's input, checked beyond the schema (value by kind, dates, products that exist). */
async function rowValues(db: Db, input: DiscountCodeInput) {
  const problem = discountInputProblem(input);
  if (problem) throw new AppError('bad_request', problem.message, 'validation_error');
  const productIds = input.product_ids ?? [];
  if (productIds.length > 0) {
    const found = await db.selectFrom('products').select('id').where('id', 'in', productIds).execute();
    const missing = productIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw new AppError('bad_request', `Unknown product: ${missing[0]}`, 'validation_error');
  }
  return {
    code: normalise(input.code),
    kind: input.kind,
    value: input.kind === 'percent' ? input.value : toCents(input.value),
    min_order_cents: input.min_order === undefined || input.min_order === null ? null : toCents(input.min_order),
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    max_uses: input.max_uses ?? null,
    max_uses_per_buyer: input.max_uses_per_buyer ?? null,
    product_ids: JSON.stringify(productIds),
    categories: JSON.stringify(input.categories ?? []),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const taken = (code: string) => conflict(`A discount code ${normalise(code)} exists already`, 'discount_code_taken');
const codeNotFound = () => notFound('Discount code not found', 'discount_code_not_found');

export async function createCode(db: Kysely<Database>, input: DiscountCodeInput, staffId: string): Promise<DiscountCode> {
  const values = await rowValues(db, input);
  const row = await db
    .insertInto('discount_codes')
    .values({ ...values, created_by: staffId })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken(input.code) : error;
    });
  return present(row, undefined);
}

/** Replaces a code's settings; its text and kind stay once an order used it (its orders and receipts name them). */
export async function updateCode(db: Kysely<Database>, id: string, input: DiscountCodeInput): Promise<DiscountCode> {
  const values = await rowValues(db, input);
  return db
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom('discount_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) throw codeNotFound();
      if (current.code !== values.code || current.kind !== values.kind) {
        const used = await trx.selectFrom('orders').select('id').where('discount_code_id', '=', id).limit(1).executeTakeFirst();
        if (used) {
          throw conflict(
            'Orders have used this code: its text and kind can no longer change (create a new code instead)',
            'discount_code_in_use',
          );
        }
      }
      const row = await trx
        .updateTable('discount_codes')
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentCode(trx, row);
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken(input.code) : error;
    });
}

export async function setCodeDisabled(db: Kysely<Database>, id: string, disabled: boolean): Promise<DiscountCode> {
  const row = await db
    .updateTable('discount_codes')
    .set({ disabled_at: disabled ? sql<Date>`coalesce(disabled_at, now())` : null, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw codeNotFound();
  return presentCode(db, row);
}

/** The orders placed with a code, newest first, each saying whether its use counts (it was paid and keeps it). */
export async function listUses(db: Kysely<Database>, id: string, query: { limit?: number; offset?: number }): Promise<DiscountUseList> {
  const exists = await db.selectFrom('discount_codes').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw codeNotFound();
  const filtered = db.selectFrom('orders').where('discount_code_id', '=', id);
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([
    filtered
      .leftJoin('discount_redemptions', 'discount_redemptions.order_id', 'orders.id')
      .select([
        'orders.id',
        'orders.created_at',
        'orders.status',
        'orders.invoice_email',
        'orders.discount_cents',
        'orders.total_cents',
        sql<boolean>`discount_redemptions.order_id IS NOT NULL AND orders.delivered_at IS NOT NULL`.as('counted'),
      ])
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(filtered),
  ]);
  return {
    uses: rows.map((row) => ({
      order_id: row.id,
      created_at: row.created_at.toISOString(),
      status: row.status,
      buyer_email: row.invoice_email,
      amount: toDollars(row.discount_cents),
      total_amount: toDollars(row.total_cents),
      counted: row.counted,
    })),
    total,
  };
}
