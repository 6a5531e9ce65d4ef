import { sql, type Kysely } from 'kysely';

/**
 * Holds at the payment start (docs/decisions/036-holds-at-payment.md).
 *
 * - `products.stock_quantity` becomes the units not yet sold: a hold no longer takes units off it, a sale does.
 *   What live checkouts hold is read from the orders that hold (`status = 'pending' AND stock_reserved`).
 * - `orders.stock_reserved` now means "holds its units and its code's use": false when an order is created,
 *   true from its payment start until `hold_expires_at`, its payment, or its end.
 * - The trigger that gives a code's use back also fires when a pending order's hold ends, whichever path
 *   ends it (the sweep, a newer payment start of the same buyer).
 * - `discount_code_uses` counts each code's paid uses (a trigger adds one when an order with the code is
 *   delivered; a delivered order keeps its use), so a code's answer reads one row however often it was used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN hold_expires_at timestamptz`.execute(db);
  await sql`ALTER TABLE orders ALTER COLUMN stock_reserved SET DEFAULT false`.execute(db);

  // The units unpaid orders hold go back to the count of unsold units (as the release did: lines of the product's delivery only).
  await sql`UPDATE products AS p SET stock_quantity = p.stock_quantity + held.units
    FROM (SELECT oi.product_id, sum(oi.quantity)::int AS units
          FROM orders o
          JOIN order_items oi ON oi.order_id = o.id
          JOIN products q ON q.id = oi.product_id AND q.delivery = oi.delivery
          WHERE o.status = 'pending' AND o.stock_reserved
          GROUP BY oi.product_id) AS held
    WHERE p.id = held.product_id`.execute(db);

  await sql`DROP TRIGGER orders_release_discount_use ON orders`.execute(db);
  await sql`CREATE TRIGGER orders_release_discount_use
    AFTER UPDATE OF status, stock_reserved ON orders
    FOR EACH ROW
    WHEN (NEW.discount_code_id IS NOT NULL AND NEW.delivered_at IS NULL AND (
      (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('failed', 'rejected', 'refunded'))
      OR (NEW.status = 'pending' AND OLD.stock_reserved AND NOT NEW.stock_reserved)))
    EXECUTE FUNCTION release_discount_use()`.execute(db);

  // Orders not sent to pay yet hold nothing any more; those at PayPal keep a hold of at most 10 minutes.
  await sql`UPDATE orders SET stock_reserved = false WHERE status = 'pending' AND stock_reserved AND payment_started_at IS NULL`.execute(
    db,
  );
  await sql`UPDATE orders SET hold_expires_at = least(expires_at, now() + make_interval(mins => 10))
    WHERE status = 'pending' AND stock_reserved`.execute(db);

  await sql`CREATE TABLE discount_code_uses (
    code_id uuid PRIMARY KEY REFERENCES discount_codes (id),
    paid integer NOT NULL CHECK (paid >= 0)
  )`.execute(db);
  await sql`INSERT INTO discount_code_uses (code_id, paid)
    SELECT r.code_id, count(*)::int FROM discount_redemptions r JOIN orders o ON o.id = r.order_id
    WHERE o.delivered_at IS NOT NULL GROUP BY r.code_id`.execute(db);
  // Delivered with a code means its use was taken (deliver takes it first); the counter row is the last lock of that transaction.
  await sql`CREATE FUNCTION count_paid_discount_use() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO discount_code_uses (code_id, paid) VALUES (NEW.discount_code_id, 1)
        ON CONFLICT (code_id) DO UPDATE SET paid = discount_code_uses.paid + 1;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER orders_count_paid_discount_use
    AFTER UPDATE OF delivered_at ON orders
    FOR EACH ROW
    WHEN (OLD.delivered_at IS NULL AND NEW.delivered_at IS NOT NULL AND NEW.discount_code_id IS NOT NULL)
    EXECUTE FUNCTION count_paid_discount_use()`.execute(db);

  await sql`DROP INDEX orders_pending_expiry_idx`.execute(db);
  // The sweep's two scans: unpaid orders by their end, live holds by theirs (also what a payment start sums).
  await sql`CREATE INDEX orders_pending_expiry_idx ON orders (expires_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX orders_live_holds_idx ON orders (hold_expires_at) WHERE status = 'pending' AND stock_reserved`.execute(db);
}
