import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/*
 * PayPal disputes (docs/decisions/026-refunds-and-disputes.md): CUSTOMER.DISPUTE.CREATED, .UPDATED and
 * .RESOLVED set what the order's dispute columns say; nothing toggles, so a replay or a repeat writes the
 * same values. An event about a dispute already resolved that is not itself a resolution is an older one
 * arriving late and changes nothing. Staff answer the dispute at PayPal with the order's delivery log.
 */

const DISPUTE_ID = /^[A-Za-z0-9-]{1,64}$/;
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
const CAPTURE_ID = /^[A-Z0-9]{1,36}$/;

const codeOf = (value: unknown) => (typeof value === 'string' && CODE.test(value) ? value : null);
const timeOf = (value: unknown) => {
  const time = typeof value === 'string' ? new Date(value) : null;
  return time && !Number.isNaN(time.getTime()) && time.getTime() <= Date.now() + 60_000 ? time : null;
};

/** Answers the id of the order whose payment the dispute is about, or null when it is not about one of ours. */
export async function applyDisputeEvent(
  app: FastifyInstance,
  event: { event_type: string; resource: Record<string, unknown> },
): Promise<string | null> {
  const resource = event.resource;
  const disputeId = typeof resource.dispute_id === 'string' && DISPUTE_ID.test(resource.dispute_id) ? resource.dispute_id : null;
  if (!disputeId) return null;
  const transactions = Array.isArray(resource.disputed_transactions) ? (resource.disputed_transactions as Record<string, unknown>[]) : [];
  const captureIds = transactions
    .map((transaction) => transaction?.seller_transaction_id)
    .filter((id): id is string => typeof id === 'string' && CAPTURE_ID.test(id))
    .slice(0, 20);
  if (captureIds.length === 0) return null;

  const status = codeOf(resource.status) ?? 'OPEN';
  const resolved = event.event_type === 'CUSTOMER.DISPUTE.RESOLVED' || status === 'RESOLVED';
  const outcome = codeOf((resource.dispute_outcome as { outcome_code?: unknown } | undefined)?.outcome_code);
  const openedAt = timeOf(resource.create_time) ?? new Date();
  const resolvedAt = resolved ? (timeOf(resource.update_time) ?? new Date()) : null;

  return app.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'dispute_id', 'dispute_resolved_at', 'dispute_opened_at', 'dispute_reason'])
      .where('payment_id', 'in', captureIds)
      .orderBy('created_at')
      .forUpdate()
      .executeTakeFirst();
    if (!order) return null;
    const sameDispute = order.dispute_id === disputeId;
    if (sameDispute && order.dispute_resolved_at && !resolved) return order.id;
    await trx
      .updateTable('orders')
      .set({
        dispute_id: disputeId,
        dispute_status: resolved ? 'RESOLVED' : status,
        dispute_reason: codeOf(resource.reason) ?? (sameDispute ? order.dispute_reason : null),
        dispute_outcome: resolved ? outcome : null,
        dispute_opened_at: sameDispute && order.dispute_opened_at ? order.dispute_opened_at : openedAt,
        dispute_resolved_at: resolvedAt,
        updated_at: sql`now()`,
      })
      .where('id', '=', order.id)
      .execute();
    app.log.warn({ orderId: order.id, disputeId, status, resolved, outcome }, resolved ? 'paypal dispute resolved' : 'paypal dispute open');
    return order.id;
  });
}
