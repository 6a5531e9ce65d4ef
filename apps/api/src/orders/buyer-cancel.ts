import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { conflict, notFound } from '../errors.ts';
import { lockOrder, statusLabel } from './order-service.ts';
import type { OrderWithItems } from './order-repository.ts';

/**
 * The buyer's own cancel of an unpaid order (docs/decisions/048-unpaid-orders-and-mail-notices.md): the order
 * becomes failed, as a lapsed one does, and its hold and its code's use go back the same way (the units were
 * never taken off the shelf; the trigger gives the code's use back). Its row is locked first, so a capture
 * that claimed it earlier wins (409 payment_in_progress) and a capture that comes later finds it failed and
 * takes no money (docs/decisions/015-trust.md).
 */
export async function cancelUnpaidOrder(app: FastifyInstance, orderId: string, ownerId: string): Promise<OrderWithItems> {
  return app.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, orderId);
    const { order } = locked;
    // Another account's order answers 404 like a missing one: its existence is not revealed.
    if (order.user_id !== ownerId) throw notFound('Order not found', 'order_not_found');
    if (order.status !== 'pending') {
      throw conflict(`This order is ${statusLabel(order.status)}, so it can no longer be cancelled.`, 'order_not_cancellable');
    }
    if (order.capture_claimed_at) {
      throw conflict(
        'Your payment for this order is being taken right now, so it cannot be cancelled. Reload the page in a moment.',
        'payment_in_progress',
      );
    }
    const cancelled = await trx
      .updateTable('orders')
      .set({ status: 'failed', stock_reserved: false, hold_expires_at: null, updated_at: sql`now()` })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: cancelled, items: locked.items };
  });
}
