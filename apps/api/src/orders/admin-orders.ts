import type { AdminOrder, OrderDispute, OrderRefund } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { OrderRow } from '../db/schema.ts';
import type { OrderWithItems } from './order-repository.ts';
import { presentOrders } from './order-service.ts';

function refundOf(order: OrderRow): OrderRefund | null {
  if (order.status !== 'refunded' || !order.refunded_at) return null;
  return {
    at: order.refunded_at.toISOString(),
    origin: order.refund_origin ?? 'store',
    reason: order.refund_reason,
    refund_id: order.refund_id,
  };
}

function disputeOf(order: OrderRow): OrderDispute | null {
  if (!order.dispute_id || !order.dispute_opened_at) return null;
  return {
    id: order.dispute_id,
    status: order.dispute_status ?? 'OPEN',
    reason: order.dispute_reason,
    outcome: order.dispute_outcome,
    opened_at: order.dispute_opened_at.toISOString(),
    resolved_at: order.dispute_resolved_at?.toISOString() ?? null,
    open: order.dispute_resolved_at === null,
  };
}

/** Orders as staff see them: with their goods (no download links), refund and dispute. */
export async function presentAdminOrders(app: FastifyInstance, orders: OrderWithItems[]): Promise<AdminOrder[]> {
  const presented = await presentOrders(app, orders, { includeGoods: true, includeDownloads: false });
  return presented.map((order, index) => {
    const row = orders[index]!.order;
    return {
      ...order,
      refund: refundOf(row),
      refund_in_progress: row.status === 'completed' && row.refund_claimed_at !== null,
      dispute: disputeOf(row),
    };
  });
}
