import { sql, type Kysely } from 'kysely';

/**
 * Subscriptions' races and the way back to PayPal (docs/decisions/037-subscriptions.md).
 *
 * - `subscriptions.approve_url`: PayPal's approval address of a subscription awaiting approval, kept so a buyer
 *   who closed PayPal's tab can go back to it from the account.
 * - `subscriptions.paypal_create_claimed_at`: set while a subscribe asks PayPal to make the subscription and
 *   cleared when it has the answer; a claim left by a crash lapses, and the buyer's next subscribe asks
 *   PayPal again with the same request id, which answers the subscription the first one made.
 * - `subscription_payments.refund_due_at`: a payment PayPal took after the subscription's access ended here
 *   (cancelled or expired): it is refunded, once, by the store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscriptions
    ADD COLUMN approve_url text,
    ADD COLUMN paypal_create_claimed_at timestamptz`.execute(db);
  await sql`ALTER TABLE subscription_payments ADD COLUMN refund_due_at timestamptz`.execute(db);
  await sql`CREATE INDEX subscription_payments_refund_due_idx ON subscription_payments (refund_due_at)
    WHERE refund_due_at IS NOT NULL AND status = 'completed'`.execute(db);
}
