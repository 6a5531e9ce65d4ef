import { sql, type Kysely } from 'kysely';

/**
 * Staff's refund of a subscription's last payment (docs/decisions/040-subscription-admin.md).
 *
 * - `subscription_payments.refund_claimed_at`: set under the payment's row lock before PayPal is asked, so a
 *   second click or a parallel request is refused while the first waits; a claim a minute old is taken again.
 * - `refund_id`, `refund_reason`, `refund_requested_by`: PayPal's refund and staff's reason, kept for staff.
 * - An index for the revenue chart, the dashboard's total and the export: payments by the time they were paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscription_payments
    ADD COLUMN refund_claimed_at timestamptz,
    ADD COLUMN refund_id text,
    ADD COLUMN refund_reason text,
    ADD COLUMN refund_requested_by uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX subscription_payments_paid_idx ON subscription_payments (paid_at DESC, id DESC)`.execute(db);
}
