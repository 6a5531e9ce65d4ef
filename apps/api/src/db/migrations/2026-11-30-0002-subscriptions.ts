import { sql, type Kysely } from 'kysely';

/**
 * Subscriptions through PayPal Subscriptions (docs/decisions/037-subscriptions.md).
 *
 * - `products.billing_interval` (month | year) is set exactly for subscription products, `trial_days` 0..90.
 * - `site_settings.subscription_grace_days` (0..30, default 3): how long a key keeps working past its paid period.
 * - `paypal_catalog_products` and `paypal_plans`: the PayPal catalog product of each store product, and one plan per
 *   (product, price, currency, interval, trial days). A price change makes a new plan; subscribers keep theirs. Both
 *   are kept per PayPal account (`paypal_account`: its API address and client id): ids made at one account (the
 *   sandbox) mean nothing at another (live PayPal), so switching accounts makes new ones there.
 * - `subscriptions`: one per subscribe; at most one live (awaiting approval, active, past due, suspended) per account and product.
 * - `subscription_payments`: one row per PayPal sale (`paypal_sale_id` unique): a sale recorded twice is recorded once.
 * - `license_keys.subscription_id` links a subscription's one key (unique); `expires_at` is when it stops working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products
    ADD COLUMN billing_interval text CHECK (billing_interval IN ('month', 'year')),
    ADD COLUMN trial_days integer NOT NULL DEFAULT 0 CHECK (trial_days BETWEEN 0 AND 90)`.execute(db);
  // A product typed subscription before this change (the demo's) bills monthly.
  await sql`UPDATE products SET billing_interval = 'month' WHERE product_type = 'subscription'`.execute(db);
  await sql`ALTER TABLE products ADD CONSTRAINT products_billing_interval_subscription
    CHECK ((product_type = 'subscription') = (billing_interval IS NOT NULL) AND (product_type = 'subscription' OR trial_days = 0))`.execute(db);

  await sql`ALTER TABLE site_settings
    ADD COLUMN subscription_grace_days integer NOT NULL DEFAULT 3 CHECK (subscription_grace_days BETWEEN 0 AND 30)`.execute(db);

  await sql`CREATE TABLE paypal_catalog_products (
    paypal_account text NOT NULL,
    product_id uuid NOT NULL REFERENCES products (id),
    paypal_product_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (paypal_account, product_id)
  )`.execute(db);

  await sql`CREATE TABLE paypal_plans (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    paypal_account text NOT NULL,
    product_id uuid NOT NULL REFERENCES products (id),
    price_cents integer NOT NULL CHECK (price_cents > 0),
    currency text NOT NULL,
    billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
    trial_days integer NOT NULL CHECK (trial_days BETWEEN 0 AND 90),
    paypal_plan_id text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT paypal_plans_terms_key UNIQUE (paypal_account, product_id, price_cents, currency, billing_interval, trial_days)
  )`.execute(db);

  await sql`CREATE TABLE subscriptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id),
    product_id uuid NOT NULL REFERENCES products (id),
    plan_id uuid NOT NULL REFERENCES paypal_plans (id),
    paypal_subscription_id text UNIQUE,
    status text NOT NULL DEFAULT 'approval_pending'
      CHECK (status IN ('approval_pending', 'active', 'past_due', 'suspended', 'cancelled', 'expired')),
    title text NOT NULL,
    price_cents integer NOT NULL,
    currency text NOT NULL,
    billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
    trial_days integer NOT NULL,
    current_period_end timestamptz,
    trial_ends_at timestamptz,
    cancel_at_period_end boolean NOT NULL DEFAULT false,
    failed_payments_count integer NOT NULL DEFAULT 0,
    activated_at timestamptz,
    suspended_at timestamptz,
    cancelled_at timestamptz,
    expired_at timestamptz,
    paypal_checked_at timestamptz,
    is_test boolean NOT NULL DEFAULT false,
    origin text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // One live subscription per account and product: two parallel subscribes make one row, the other a conflict.
  await sql`CREATE UNIQUE INDEX subscriptions_one_live_idx ON subscriptions (user_id, product_id)
    WHERE status IN ('approval_pending', 'active', 'past_due', 'suspended')`.execute(db);
  await sql`CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC)`.execute(db);
  // The sweeps' scan: subscriptions that give access, by the end of what they paid for.
  await sql`CREATE INDEX subscriptions_period_end_idx ON subscriptions (current_period_end)
    WHERE status IN ('active', 'past_due', 'cancelled')`.execute(db);

  await sql`CREATE TABLE subscription_payments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    subscription_id uuid NOT NULL REFERENCES subscriptions (id),
    paypal_sale_id text NOT NULL UNIQUE,
    amount_cents integer NOT NULL CHECK (amount_cents >= 0),
    currency text NOT NULL,
    status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'refunded', 'reversed')),
    paid_at timestamptz NOT NULL,
    refunded_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX subscription_payments_subscription_idx ON subscription_payments (subscription_id, paid_at DESC)`.execute(db);

  await sql`ALTER TABLE license_keys
    ADD COLUMN subscription_id uuid REFERENCES subscriptions (id),
    ADD COLUMN expires_at timestamptz,
    ADD CONSTRAINT license_keys_one_owner CHECK (order_item_id IS NULL OR subscription_id IS NULL)`.execute(db);
  await sql`CREATE UNIQUE INDEX license_keys_subscription_key ON license_keys (subscription_id) WHERE subscription_id IS NOT NULL`.execute(db);
  // A subscription's key is sold too: revocable, found by the licence check, never in the pool again.
  await sql`ALTER TABLE license_keys DROP CONSTRAINT license_keys_revoked_sold`.execute(db);
  await sql`ALTER TABLE license_keys ADD CONSTRAINT license_keys_revoked_sold
    CHECK (revoked_at IS NULL OR order_item_id IS NOT NULL OR subscription_id IS NOT NULL)`.execute(db);
  await sql`DROP INDEX license_keys_sold_digest_idx`.execute(db);
  await sql`CREATE INDEX license_keys_sold_digest_idx ON license_keys (key_digest)
    WHERE order_item_id IS NOT NULL OR subscription_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX license_keys_available_idx`.execute(db);
  await sql`CREATE INDEX license_keys_available_idx ON license_keys (product_id, created_at)
    WHERE order_item_id IS NULL AND subscription_id IS NULL`.execute(db);
}
