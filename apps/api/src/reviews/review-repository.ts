import { LIMITS, type AdminReview, type AdminReviewListQuery, type OwnReview, type Review, type ReviewListQuery } from '@store/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { countRows, pageOf } from '../db/paging.ts';
import type { Database, ProductReviewRow } from '../db/schema.ts';

/*
 * Reviews by verified buyers (docs/decisions/027-reviews.md). Who may review, and whose review counts, is one
 * rule kept in the database (`is_verified_buyer`: a completed order of the product that is not refunded), as
 * are the product's figures (`product_review_figures`), so the trigger that follows refunds uses the same.
 */

/** SQL: the review's author has a completed, unrefunded order of its product (the review counts). */
const countsSql = sql<boolean>`is_verified_buyer(r.user_id, r.product_id)`;

/** True when the account has a completed order of the product that is not refunded. */
export async function isVerifiedBuyer(db: Kysely<Database>, userId: string, productId: string): Promise<boolean> {
  const { rows } = await sql<{ verified: boolean }>`SELECT is_verified_buyer(${userId}, ${productId}) AS verified`.execute(db);
  return rows[0]?.verified === true;
}

/**
 * Plain text as a review keeps it: line breaks as `\n`, no space at either end, and at most one blank line
 * in a row (the page shows line breaks, so a wall of empty lines would push the other reviews away).
 */
export function normaliseReviewText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Locks a product's row for a change to its reviews: every writer of a product's reviews (a buyer, staff,
 * the refund trigger) takes it first, so the figures each computes after read every review committed before.
 * Answers undefined for a product that does not exist (or was archived, unless `archived` is allowed).
 */
export function lockProduct(trx: Transaction<Database>, productId: string, { archived = false } = {}) {
  let query = trx.selectFrom('products').select('id').where('id', '=', productId);
  if (!archived) query = query.where('archived_at', 'is', null);
  return query.forUpdate().executeTakeFirst();
}

/**
 * Sets the product's rating and review count from the reviews that count (no rating while none does). The
 * caller holds the product's lock (`lockProduct`). Written only when they change: the catalogue then drops
 * the answers that show this product (the update names only these columns and the product's id, as a stock
 * change does).
 */
export async function refreshReviewFigures(trx: Transaction<Database>, productId: string): Promise<void> {
  const { rows } = await sql<{ rating_tenths: number | null; reviews_count: number }>`
    SELECT rating_tenths, reviews_count FROM product_review_figures(${productId})`.execute(trx);
  const figures = rows[0];
  if (!figures) return;
  // Through the query builder, not raw SQL: the catalogue's write watcher reads this update's columns and id.
  await trx
    .updateTable('products')
    .set({ rating_tenths: figures.rating_tenths, reviews_count: figures.reviews_count })
    .where('id', '=', productId)
    .where((eb) =>
      eb.or([eb('rating_tenths', 'is distinct from', figures.rating_tenths), eb('reviews_count', '!=', figures.reviews_count)]),
    )
    .execute();
}

/** Writes the buyer's review of the product, or replaces their earlier one (its date of writing stays). */
export function upsertReview(
  trx: Transaction<Database>,
  review: { productId: string; userId: string; rating: number; body: string },
): Promise<ProductReviewRow> {
  return trx
    .insertInto('product_reviews')
    .values({ product_id: review.productId, user_id: review.userId, rating: review.rating, body: review.body })
    .onConflict((oc) =>
      oc.constraint('product_reviews_one_per_buyer').doUpdateSet({
        rating: review.rating,
        body: review.body,
        // Sending the same review again is no edit.
        updated_at: sql`CASE WHEN product_reviews.rating = excluded.rating AND product_reviews.body = excluded.body
          THEN product_reviews.updated_at ELSE now() END`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findOwnReview(db: Kysely<Database>, userId: string, productId: string): Promise<ProductReviewRow | undefined> {
  return db.selectFrom('product_reviews').selectAll().where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
}

export function toOwnReview(row: ProductReviewRow): OwnReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    hidden: row.hidden_at !== null,
  };
}

/** A product's reviews that count (not hidden, by a verified buyer), newest first, with how many there are. */
export async function listProductReviews(
  db: Kysely<Database>,
  productId: string,
  query: ReviewListQuery,
): Promise<{ reviews: Review[]; total: number }> {
  const limit = query.limit ?? LIMITS.reviewsPageSize;
  const offset = query.offset ?? 0;
  const counted = db
    .selectFrom('product_reviews as r')
    .where('r.product_id', '=', productId)
    .where('r.hidden_at', 'is', null)
    .where(countsSql);
  const [rows, total] = await Promise.all([
    counted
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.rating', 'r.body', 'u.username', 'r.created_at', 'r.updated_at'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(counted),
  ]);
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      body: row.body,
      author: row.username,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    })),
    total,
  };
}

function staffView(db: Kysely<Database>) {
  return db
    .selectFrom('product_reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.product_id',
      'p.title as product_title',
      'r.user_id',
      'u.username',
      'r.rating',
      'r.body',
      'r.hidden_at',
      countsSql.as('counted'),
      'r.created_at',
      'r.updated_at',
    ]);
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof staffView>['executeTakeFirstOrThrow']>>;

function toAdminReview(row: StaffRow): AdminReview {
  return {
    id: row.id,
    product_id: row.product_id,
    product_title: row.product_title,
    user_id: row.user_id,
    username: row.username,
    rating: row.rating,
    body: row.body,
    hidden: row.hidden_at !== null,
    counted: row.counted,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Every review for staff, newest first, shown and hidden ones alike unless `hidden` filters them. */
export async function listReviewsForStaff(
  db: Kysely<Database>,
  query: AdminReviewListQuery,
): Promise<{ reviews: AdminReview[]; total: number }> {
  const { limit, offset } = pageOf(query);
  const hiddenAt = query.hidden === undefined ? null : query.hidden ? ('is not' as const) : ('is' as const);
  const page = hiddenAt ? staffView(db).where('r.hidden_at', hiddenAt, null) : staffView(db);
  const all = db.selectFrom('product_reviews as r');
  const [rows, total] = await Promise.all([
    page.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
    countRows(hiddenAt ? all.where('r.hidden_at', hiddenAt, null) : all),
  ]);
  return { reviews: rows.map(toAdminReview), total };
}

export async function findReviewForStaff(db: Kysely<Database>, id: string): Promise<AdminReview | undefined> {
  const row = await staffView(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toAdminReview(row) : undefined;
}
