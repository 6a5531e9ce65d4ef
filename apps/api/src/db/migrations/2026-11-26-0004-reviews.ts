import { sql, type Kysely } from 'kysely';

/**
 * Reviews by verified buyers (docs/decisions/027-reviews.md).
 *
 * - `products.baseline_rating_tenths` / `baseline_reviews_count`: the figures a product had before reviews
 *   drove them (the demo's seeded ratings; 4.0 and 0 for any other product). They stay as the starting point.
 * - `product_reviews`: one review per buyer and product, `hidden_at` set by staff.
 * - `is_verified_buyer(user, product)`: the one rule of who may review and whose review counts: the account
 *   has a completed order of the product that is not refunded.
 * - `product_review_figures(product)`: the product's rating and review count from its baseline and the
 *   reviews that count (not hidden, by a verified buyer). Callers hold the product's row lock.
 * - A trigger on `orders` recomputes the figures of an order's reviewed products when the order starts or
 *   stops making its buyer a verified buyer (a refund, an order claimed into an account), whoever changes it.
 * - The catalogue's notification treats a change of the rating and review count like a change of stock:
 *   only the answers that show the product are dropped (no list's membership or order depends on them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('baseline_rating_tenths', 'smallint', (col) =>
      col
        .notNull()
        .defaultTo(40)
        .check(sql`baseline_rating_tenths BETWEEN 0 AND 50`),
    )
    .addColumn('baseline_reviews_count', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`baseline_reviews_count >= 0`),
    )
    .execute();
  // What a product shows today becomes its baseline: no review exists yet, so its figures do not move.
  await sql`UPDATE products SET baseline_rating_tenths = rating_tenths, baseline_reviews_count = reviews_count`.execute(db);

  await db.schema
    .createTable('product_reviews')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'smallint', (col) => col.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn('body', 'text', (col) =>
      col
        .notNull()
        .defaultTo('')
        .check(sql`char_length(body) <= 2000`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('hidden_at', 'timestamptz')
    .addUniqueConstraint('product_reviews_one_per_buyer', ['product_id', 'user_id'])
    .execute();
  // A product's public list, newest first; the staff list over every product, newest first; an account's reviews.
  await sql`CREATE INDEX product_reviews_product_newest_idx ON product_reviews (product_id, created_at DESC, id DESC) WHERE hidden_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX product_reviews_newest_idx ON product_reviews (created_at DESC, id DESC)`.execute(db);
  await db.schema.createIndex('product_reviews_user_idx').on('product_reviews').column('user_id').execute();

  await sql`
    CREATE FUNCTION is_verified_buyer(p_user uuid, p_product uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
      SELECT EXISTS (
        SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.user_id = p_user AND i.product_id = p_product AND o.status = 'completed' AND o.refunded_at IS NULL
      )
    $$`.execute(db);

  await sql`
    CREATE FUNCTION product_review_figures(p_product uuid, OUT rating_tenths smallint, OUT reviews_count integer)
    LANGUAGE sql STABLE AS $$
      SELECT
        CASE WHEN p.baseline_reviews_count + v.n = 0 THEN p.baseline_rating_tenths
          ELSE round((p.baseline_rating_tenths::bigint * p.baseline_reviews_count + 10 * v.stars)::numeric / (p.baseline_reviews_count + v.n))::smallint
        END,
        p.baseline_reviews_count + v.n
      FROM products p,
        LATERAL (
          SELECT count(*)::integer AS n, coalesce(sum(r.rating), 0)::bigint AS stars
          FROM product_reviews r
          WHERE r.product_id = p.id AND r.hidden_at IS NULL AND is_verified_buyer(r.user_id, r.product_id)
        ) v
      WHERE p.id = p_product
    $$`.execute(db);

  await sql`
    CREATE FUNCTION refresh_review_figures_of_order() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      reviewed uuid;
    BEGIN
      FOR reviewed IN
        SELECT DISTINCT i.product_id FROM order_items i
        WHERE i.order_id = NEW.id
          AND EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = i.product_id AND r.user_id IN (OLD.user_id, NEW.user_id))
        ORDER BY 1
      LOOP
        -- Locked first, in id order as stock is: the figures below are then read after any review write to it commits.
        PERFORM 1 FROM products WHERE id = reviewed FOR UPDATE;
        UPDATE products p SET rating_tenths = f.rating_tenths, reviews_count = f.reviews_count
        FROM product_review_figures(reviewed) f
        WHERE p.id = reviewed AND (p.rating_tenths, p.reviews_count) IS DISTINCT FROM (f.rating_tenths, f.reviews_count);
      END LOOP;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_review_standing AFTER UPDATE OF status, refunded_at, user_id ON orders
    FOR EACH ROW WHEN (
      (OLD.status = 'completed' AND OLD.refunded_at IS NULL) IS DISTINCT FROM (NEW.status = 'completed' AND NEW.refunded_at IS NULL)
      OR OLD.user_id IS DISTINCT FROM NEW.user_id
    ) EXECUTE FUNCTION refresh_review_figures_of_order()`.execute(db);

  // As in 2026-11-25-0002, with the rating and review count beside the stock: `stock:<id>` now means
  // "only this product's figures changed", which drops the answers that show it and nothing else.
  await sql`
    CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_LEVEL = 'ROW'
        AND (to_jsonb(OLD) - 'stock_quantity' - 'rating_tenths' - 'reviews_count' - 'updated_at')
          = (to_jsonb(NEW) - 'stock_quantity' - 'rating_tenths' - 'reviews_count' - 'updated_at') THEN
        PERFORM pg_notify('catalog_changed', 'stock:' || NEW.id::text);
      ELSE
        PERFORM pg_notify('catalog_changed', 'product');
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
}
