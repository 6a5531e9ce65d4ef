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
import { checkAvailable, discountCents, discountStatus, invalidCode, type PricedLine, type UseCounts } from './discount-rules.ts';

/*
 * Discount codes in the database (docs/decisions/028-discount-codes.md). A use is a row of
 * `discount_redemptions`, inserted by the order's transaction while it holds the code's row lock
 * (`SELECT ... FOR UPDATE`): the count and the insert are one step for every order of the code, so
 * concurrent checkouts never use a code more often than it allows.
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

/** A code by its text (any case); with `lock`, its row is held until the transaction ends. */
async function findCode(db: Db, text: string, lock: boolean): Promise<DiscountCodeRow | undefined> {
  const query = db.selectFrom('discount_codes').selectAll().where('code', '=', normalise(text));
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** Uses the code holds, in all and by this buyer (an order other than `exceptOrder`). */
async function countUses(db: Db, codeId: string, buyer: DiscountBuyer | null, exceptOrder?: string): Promise<UseCounts> {
  let query = db.selectFrom('discount_redemptions').where('code_id', '=', codeId);
  if (exceptOrder) query = query.where('order_id', '!=', exceptOrder);
  const row = await query
    .select([
      sql<string>`count(*)`.as('total'),
      buyer
        ? sql<string>`count(*) FILTER (WHERE buyer_key = ${buyer.key} OR buyer_email = ${buyer.email})`.as('buyer')
        : sql<string>`0`.as('buyer'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), buyer: Number(row.buyer) };
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

/** Lines priced by the server (`unit_price_cents`), given their products' categories. */
export async function withCategories(db: Db, lines: readonly Omit<PricedLine, 'category'>[]): Promise<PricedLine[]> {
  const categories = await categoriesOf(
    db,
    lines.map((line) => line.product_id),
  );
  return lines.map((line) => ({ ...line, category: categories.get(line.product_id) ?? '' }));
}

export interface AppliedDiscount {
  codeId: string;
  code: string;
  amountCents: number;
}

/**
 * Takes the code's row lock and checks every rule against the uses counted under it: the order's
 * transaction then records its use (`recordUse`) before the lock goes. Call it before the stock is taken,
 * so every transaction takes the code's lock before the products' (no deadlock between them).
 */
export async function lockCodeForOrder(trx: Transaction<Database>, text: string): Promise<DiscountCodeRow> {
  const row = await findCode(trx, text, true);
  if (!row) throw invalidCode();
  return row;
}

/** What `row` takes off these lines for this buyer, checked against its uses now; throws the refusal. */
export async function evaluateCode(
  db: Db,
  row: DiscountCodeRow,
  lines: readonly PricedLine[],
  buyer: DiscountBuyer | null,
  now = new Date(),
): Promise<AppliedDiscount & { eligibleCents: number }> {
  checkAvailable(row, await countUses(db, row.id, buyer), now);
  const { amountCents, eligibleCents } = discountCents(row, lines);
  return { codeId: row.id, code: row.code, amountCents, eligibleCents };
}

/** The order's use of its code, inserted by the transaction that holds the code's lock. */
export async function recordUse(
  trx: Transaction<Database>,
  orderId: string,
  applied: AppliedDiscount,
  buyer: DiscountBuyer,
): Promise<void> {
  await trx
    .insertInto('discount_redemptions')
    .values({
      order_id: orderId,
      code_id: applied.codeId,
      buyer_key: buyer.key,
      buyer_email: buyer.email,
      amount_cents: applied.amountCents,
    })
    .execute();
}

/** What the cart shows before ordering: the same rules, without a lock (the order checks them again under it). */
export async function previewCode(
  db: Db,
  text: string,
  lines: readonly PricedLine[],
  buyer: DiscountBuyer | null,
): Promise<AppliedDiscount> {
  const row = await findCode(db, text, false);
  if (!row) throw invalidCode();
  return evaluateCode(db, row, lines, buyer);
}

/**
 * An order that gave its use back (it lapsed or was rejected) and is delivered after all (a late payment,
 * staff confirming it) takes a use again, if the code still has one for the buyer; otherwise it cannot be
 * delivered at its discounted price (`discount_code_used_up`: a late payment is refunded). Only the limits
 * are checked: the buyer agreed the price while the code was valid. Called before the stock is taken.
 */
export async function reclaimUse(trx: Transaction<Database>, order: OrderRow): Promise<void> {
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
  if ((row.max_uses !== null && uses.total >= row.max_uses) || (row.max_uses_per_buyer !== null && uses.buyer >= row.max_uses_per_buyer)) {
    throw conflict(`The discount code ${row.code} of this order has been used up since it was placed`, 'discount_code_used_up');
  }
  await recordUse(trx, order.id, { codeId: row.id, code: row.code, amountCents: order.discount_cents }, buyer);
}

/* Staff ------------------------------------------------------------------------------------------ */

async function usesOf(db: Db, ids: string[]): Promise<Map<string, { uses: number; cents: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('discount_redemptions')
    .select(['code_id', sql<string>`count(*)`.as('uses'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
    .where('code_id', 'in', ids)
    .groupBy('code_id')
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

/** The orders placed with a code, newest first, each saying whether it still holds a use. */
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
        sql<boolean>`discount_redemptions.order_id IS NOT NULL`.as('counted'),
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
