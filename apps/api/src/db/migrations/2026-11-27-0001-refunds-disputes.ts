import { sql, type Kysely } from 'kysely';

/**
 * Refunds of sold orders and PayPal disputes (docs/decisions/026-refunds-and-disputes.md).
 * `refund_origin` says who gave the money back (staff, PayPal directly, or the store for an order it could
 * not serve) and `refund_reason` is staff's reason; `refund_claimed_at` and `refund_requested_by` are set
 * while staff's refund waits for PayPal, so a second click or the reconciliation never asks twice with
 * another request id. `dispute_*` keep what PayPal's dispute webhooks last said.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refund_origin', 'text', (column) => column.check(sql`refund_origin IN ('staff', 'paypal', 'store')`))
    .addColumn('refund_reason', 'text')
    .addColumn('refund_requested_by', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('refund_claimed_at', 'timestamptz')
    .addColumn('dispute_id', 'text')
    .addColumn('dispute_status', 'text')
    .addColumn('dispute_reason', 'text')
    .addColumn('dispute_outcome', 'text')
    .addColumn('dispute_opened_at', 'timestamptz')
    .addColumn('dispute_resolved_at', 'timestamptz')
    .execute();
  // Refunds recorded before this migration were the store's own (orders it could not serve).
  await sql`UPDATE orders SET refund_origin = 'store' WHERE status = 'refunded'`.execute(db);
  await sql`CREATE INDEX orders_open_disputes ON orders (dispute_opened_at) WHERE dispute_id IS NOT NULL AND dispute_resolved_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX orders_refund_claims ON orders (refund_claimed_at) WHERE refund_claimed_at IS NOT NULL`.execute(db);
}
