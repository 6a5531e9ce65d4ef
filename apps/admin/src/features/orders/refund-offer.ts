import { toCents, type AdminOrder } from '@store/contracts';

/**
 * What an order's details offer about a refund:
 * - `refund`: the Refund button (a completed order paid through PayPal, or a free one);
 * - `waiting`: staff asked already and PayPal has not answered; the API asks again by itself;
 * - `paid-elsewhere`: a completed order staff confirmed without a PayPal payment, which the API refuses
 *   (order_not_refundable) as there is no payment of ours to give back;
 * - null: nothing (not completed: refunded already, or never delivered).
 * The same rule as the API's refund (docs/decisions/026-refunds-and-disputes.md), so the button is never a dead end.
 */
export type RefundOffer = 'refund' | 'waiting' | 'paid-elsewhere' | null;

export function refundOffer(
  order: Pick<AdminOrder, 'status' | 'refund_in_progress' | 'total_amount' | 'payment_method' | 'payment_id'>,
): RefundOffer {
  if (order.status !== 'completed') return null;
  if (order.refund_in_progress) return 'waiting';
  const paidThroughPayPal = order.payment_method === 'paypal' && order.payment_id !== null;
  if (toCents(order.total_amount) > 0 && !paidThroughPayPal) return 'paid-elsewhere';
  return 'refund';
}
