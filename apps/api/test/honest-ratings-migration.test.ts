import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from './helpers/migrated-to.ts';
import { migrateToLatest, type DatabaseHandle } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';

/*
 * Migration 2026-12-01-0002-honest-ratings (issue 25, item 4; docs/decisions/027-reviews.md) on a store that had
 * the seeded baseline: the real reviews stay as they were, and each product's figures become its counted
 * reviews' alone (none: no rating and a count of 0).
 */

const BEFORE_HONEST_RATINGS = '2026-11-30-0003-subscription-admin';

// The old schema's columns are not in today's types: the rows are written in SQL.
async function addUser(db: Kysely<Database>, username: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO users (username, email, password_hash, role) VALUES (${username}, ${`${username}@example.com`}, 'x', 'user')
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** A product with the demo's seeded figures as its baseline, showing them as the old seed did. */
async function addProduct(db: Kysely<Database>, title: string, baseline: { tenths: number; count: number }): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO products (title, description, detailed_description, price_cents, category, product_type, stock_quantity,
      rating_tenths, reviews_count, baseline_rating_tenths, baseline_reviews_count)
    VALUES (${title}, 'A product', 'A product', 1000, 'software', 'single', 10,
      ${baseline.tenths}, ${baseline.count}, ${baseline.tenths}, ${baseline.count})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** A completed order of the product by the user (refunded when asked). */
async function addOrder(db: Kysely<Database>, userId: string, productId: string, refunded = false): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO orders (user_id, status, total_cents, payment_method, invoice_email, invoice_name, refunded_at)
    VALUES (${userId}, ${refunded ? 'refunded' : 'completed'}, 1000, 'paypal', 'buyer@example.com', 'Buyer',
      ${refunded ? sql`now()` : null})
    RETURNING id`.execute(db);
  await sql`
    INSERT INTO order_items (order_id, product_id, position, title, unit_price_cents, quantity, delivery)
    VALUES (${rows[0]!.id}, ${productId}, 0, 'A product', 1000, 1, 'files')`.execute(db);
}

/** A review as the old API wrote it, and the figures it moved (the baseline and the reviews that count). */
async function addReview(db: Kysely<Database>, productId: string, userId: string, rating: number, hidden = false): Promise<void> {
  await sql`
    INSERT INTO product_reviews (product_id, user_id, rating, body, hidden_at)
    VALUES (${productId}, ${userId}, ${rating}, ${`${rating} stars`}, ${hidden ? sql`now()` : null})`.execute(db);
  await sql`
    UPDATE products p SET rating_tenths = f.rating_tenths, reviews_count = f.reviews_count
    FROM product_review_figures(${productId}) f WHERE p.id = ${productId}`.execute(db);
}

const reviewsOf = (db: Kysely<Database>) =>
  sql<{ id: string; product_id: string; user_id: string; rating: number; body: string; hidden: boolean }>`
    SELECT id, product_id, user_id, rating, body, hidden_at IS NOT NULL AS hidden FROM product_reviews ORDER BY id`.execute(db);

const figuresOf = async (db: Kysely<Database>, id: string) =>
  await db.selectFrom('products').select(['rating_tenths', 'reviews_count']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the honest-ratings migration on a store with the seeded baseline', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const ids: Record<'reviewed' | 'unreviewed' | 'mixed', string> = { reviewed: '', unreviewed: '', mixed: '' };
  let before: Awaited<ReturnType<typeof reviewsOf>>['rows'];

  beforeAll(async () => {
    ({ handle, drop } = await databaseMigratedTo(BEFORE_HONEST_RATINGS));
    const db = handle.db;
    const [ana, ben, cho, dev] = [await addUser(db, 'ana'), await addUser(db, 'ben'), await addUser(db, 'cho'), await addUser(db, 'dev')];
    // "4.5 (618 reviews)" with 3 real reviews; "4.7 (1,284 reviews)" with none (issue 25).
    ids.reviewed = await addProduct(db, 'Reviewed', { tenths: 45, count: 615 });
    ids.unreviewed = await addProduct(db, 'Unreviewed', { tenths: 47, count: 1284 });
    ids.mixed = await addProduct(db, 'Mixed', { tenths: 40, count: 250 });
    for (const user of [ana, ben, cho]) await addOrder(db, user, ids.reviewed);
    await addReview(db, ids.reviewed, ana, 5);
    await addReview(db, ids.reviewed, ben, 4);
    await addReview(db, ids.reviewed, cho, 2);
    // One counted, one hidden by staff, one whose order was refunded.
    await addOrder(db, ana, ids.mixed);
    await addOrder(db, ben, ids.mixed);
    await addOrder(db, dev, ids.mixed, true);
    await addReview(db, ids.mixed, ana, 3);
    await addReview(db, ids.mixed, ben, 5, true);
    await addReview(db, ids.mixed, dev, 1);
    before = (await reviewsOf(db)).rows;
    expect(await figuresOf(db, ids.reviewed)).toEqual({ rating_tenths: 45, reviews_count: 618 });
    expect(await figuresOf(db, ids.unreviewed)).toEqual({ rating_tenths: 47, reviews_count: 1284 });

    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('keeps every real review as it was', async () => {
    expect(before).toHaveLength(6);
    expect((await reviewsOf(handle.db)).rows).toEqual(before);
  });

  it("sets each product's figures from its counted reviews alone: none gives no rating", async () => {
    // (5 + 4 + 2) / 3 = 3.67
    expect(await figuresOf(handle.db, ids.reviewed)).toEqual({ rating_tenths: 37, reviews_count: 3 });
    expect(await figuresOf(handle.db, ids.unreviewed)).toEqual({ rating_tenths: null, reviews_count: 0 });
    // The hidden review and the refunded buyer's are left out, as before.
    expect(await figuresOf(handle.db, ids.mixed)).toEqual({ rating_tenths: 30, reviews_count: 1 });
  });

  it('drops the baseline columns, and a new product starts without a rating', async () => {
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name LIKE 'baseline%'`.execute(handle.db);
    expect(rows).toEqual([]);
    const { rows: added } = await sql<{ rating_tenths: number | null; reviews_count: number }>`
      INSERT INTO products (title, description, detailed_description, price_cents, category, product_type)
      VALUES ('New', 'A product', 'A product', 100, 'software', 'single') RETURNING rating_tenths, reviews_count`.execute(handle.db);
    expect(added).toEqual([{ rating_tenths: null, reviews_count: 0 }]);
  });
});
