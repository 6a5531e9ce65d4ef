import { sql, type Kysely } from 'kysely';

/**
 * Honest ratings (issue 25, item 4; docs/decisions/027-reviews.md): a product's stars and review count come
 * only from the reviews that count (not hidden by staff, by a buyer whose purchase stands). The seeded
 * baseline that was mixed into them ("4.7 (1,284 reviews)" with no review at all) is dropped.
 *
 * - `product_review_figures(product)`: the average of the counted reviews' stars in tenths, or NULL when none
 *   counts, and how many count. Same signature, so the refund trigger and the API keep calling it.
 * - `products.rating_tenths`: NULL means "no reviews yet" (no default of 4.0 any more); a check keeps it NULL
 *   exactly when `reviews_count` is 0, so no write can show stars without reviews again.
 * - Every product's figures are recomputed from its reviews, then the baseline columns are dropped. The
 *   reviews themselves are not touched: a real review keeps counting as it did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION product_review_figures(p_product uuid, OUT rating_tenths smallint, OUT reviews_count integer)
    LANGUAGE sql STABLE AS $$
      SELECT
        CASE WHEN count(*) = 0 THEN NULL ELSE round(10 * avg(r.rating))::smallint END,
        count(*)::integer
      FROM product_reviews r
      WHERE r.product_id = p_product AND r.hidden_at IS NULL AND is_verified_buyer(r.user_id, r.product_id)
    $$`.execute(db);

  await sql`ALTER TABLE products ALTER COLUMN rating_tenths DROP NOT NULL, ALTER COLUMN rating_tenths DROP DEFAULT`.execute(db);
  // One statement over every product: each row's figures read its reviews as they stand (the migration runs
  // before the server serves, so no review is being written meanwhile).
  await sql`
    UPDATE products p SET rating_tenths = f.rating_tenths, reviews_count = f.reviews_count
    FROM (SELECT q.id, r.rating_tenths, r.reviews_count FROM products q CROSS JOIN LATERAL product_review_figures(q.id) r) f
    WHERE f.id = p.id AND (p.rating_tenths, p.reviews_count) IS DISTINCT FROM (f.rating_tenths, f.reviews_count)`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN baseline_rating_tenths, DROP COLUMN baseline_reviews_count`.execute(db);
  await sql`ALTER TABLE products
    ADD CONSTRAINT products_rating_from_reviews CHECK ((rating_tenths IS NULL) = (reviews_count = 0)),
    ADD CONSTRAINT products_rating_whole_stars CHECK (rating_tenths BETWEEN 10 AND 50),
    ADD CONSTRAINT products_reviews_count_not_negative CHECK (reviews_count >= 0)`.execute(db);
}
