import { sql, type Kysely } from 'kysely';

/**
 * Discount codes (docs/decisions/028-discount-codes.md).
 *
 * - `discount_codes`: one row per code, the text stored upper-cased (so unique without case); `value` is a whole
 *   percentage (1-100) or a fixed amount in cents; the scope (`product_ids`, `categories`) is empty for every line.
 * - `discount_redemptions`: one row per order that holds one of a code's uses; the order's transaction inserts it
 *   under the code's row lock, after counting, so a code is never used more often than it allows.
 * - `orders.discount_code` / `discount_cents`: what the order was given; `total_cents` stays what is paid, the
 *   lines' sum is `total_cents + discount_cents`.
 * - A trigger gives a use back when its order ends without being delivered (lapsed, rejected, or refunded
 *   before delivery), whoever records that; a late payment takes it again in `deliver`, if one is left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE discount_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code text NOT NULL CONSTRAINT discount_codes_code_key UNIQUE
      CONSTRAINT discount_codes_code_format CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
    kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
    value integer NOT NULL,
    min_order_cents integer CHECK (min_order_cents >= 0),
    starts_at timestamptz,
    ends_at timestamptz,
    max_uses integer CHECK (max_uses >= 1),
    max_uses_per_buyer integer CHECK (max_uses_per_buyer >= 1),
    product_ids jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(product_ids) = 'array'),
    categories jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(categories) = 'array'),
    disabled_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT discount_codes_value_range CHECK (
      (kind = 'percent' AND value BETWEEN 1 AND 100) OR (kind = 'fixed' AND value BETWEEN 1 AND 100000000)
    ),
    CONSTRAINT discount_codes_dates CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
  )`.execute(db);
  await sql`CREATE INDEX discount_codes_newest_idx ON discount_codes (created_at DESC, id DESC)`.execute(db);

  // total_cents >= 0 (the orders migration) keeps a discount within the lines' sum.
  await sql`ALTER TABLE orders
    ADD COLUMN discount_code_id uuid REFERENCES discount_codes (id),
    ADD COLUMN discount_code text,
    ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
    ADD CONSTRAINT orders_discount_has_code CHECK ((discount_code IS NULL) = (discount_code_id IS NULL) AND (discount_code IS NOT NULL OR discount_cents = 0))`.execute(
    db,
  );
  await sql`CREATE INDEX orders_discount_code_idx ON orders (discount_code_id, created_at DESC) WHERE discount_code_id IS NOT NULL`.execute(
    db,
  );

  await sql`CREATE TABLE discount_redemptions (
    order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    code_id uuid NOT NULL REFERENCES discount_codes (id),
    buyer_key text NOT NULL,
    buyer_email text NOT NULL,
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX discount_redemptions_code_idx ON discount_redemptions (code_id, buyer_key)`.execute(db);
  await sql`CREATE INDEX discount_redemptions_code_email_idx ON discount_redemptions (code_id, buyer_email)`.execute(db);

  // An order that ends without its goods gives its code's use back, whichever path records the end.
  await sql`CREATE FUNCTION release_discount_use() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM discount_redemptions WHERE order_id = NEW.id;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER orders_release_discount_use
    AFTER UPDATE OF status ON orders
    FOR EACH ROW
    WHEN (NEW.discount_code_id IS NOT NULL AND NEW.status IS DISTINCT FROM OLD.status AND NEW.delivered_at IS NULL
          AND NEW.status IN ('failed', 'rejected', 'refunded'))
    EXECUTE FUNCTION release_discount_use()`.execute(db);
}
