import { ApiError, type Order } from '@store/contracts';
import { Button, Modal } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { browser, isHttpUrl } from '../checkout/browser.ts';
import { savePendingOrder } from '../checkout/checkout-storage.ts';
import { CHECKOUT_MESSAGES } from '../checkout/use-paypal-checkout.ts';
import { shortOrderId } from './order-format.ts';
import * as styles from './orders.css.ts';
import { orderKeys } from './queries.ts';

export const UNPAID_ORDER_MESSAGES = {
  payFailed: 'The payment could not be started. Please try again.',
  badAddress: 'The payment service answered without a valid PayPal address. Please try again.',
  cancelFailed: 'The order could not be cancelled. Please try again.',
} as const;

/** The sentence of a failed call the shopper can act on: the server's for a refusal or a provider's outage, else `fallback`. */
function failureDetail(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.status < 500 || error.status === 502 || error.status === 503 ? error.detail : fallback;
}

/**
 * An unpaid order's two ways out (docs/decisions/048-unpaid-orders-and-mail-notices.md): "Complete payment"
 * sends the buyer back to PayPal for the same order (the server holds its units again, or says why it
 * cannot: lapsed, held by other checkouts, sold out), and "Cancel order" asks first, then cancels it.
 */
export function UnpaidOrderActions({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = shortOrderId(order.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.all });

  const completePayment = async () => {
    if (paying) return;
    setPaying(true);
    setProblem(null);
    try {
      const { payment_url: paymentUrl } = await api.createPayment({ query: { order_id: order.id } });
      if (!paymentUrl || !isHttpUrl(paymentUrl)) throw new Error(UNPAID_ORDER_MESSAGES.badAddress);
      // The return pages read the order they are about from here, as after the checkout.
      savePendingOrder({ orderId: order.id, total: order.total_amount });
      toast.success(CHECKOUT_MESSAGES.redirecting);
      browser.assign(paymentUrl);
      // The button stays busy while the browser leaves for PayPal.
    } catch (error) {
      setPaying(false);
      const detail = error instanceof Error && error.message === UNPAID_ORDER_MESSAGES.badAddress ? error.message : failureDetail(error, UNPAID_ORDER_MESSAGES.payFailed);
      setProblem(detail);
      toast.error(detail);
      // It lapsed, or was paid or cancelled elsewhere: the list shows it as it is now.
      if (error instanceof ApiError && (error.status === 404 || error.code === 'order_expired' || error.code === 'order_not_payable')) void refresh();
    }
  };

  const cancelOrder = async () => {
    if (cancelling) return;
    setCancelling(true);
    try {
      await api.cancelMyOrder({ params: { id: order.id } });
      toast.success(`Order ${label} is cancelled.`);
      setAsking(false);
    } catch (error) {
      const detail = failureDetail(error, UNPAID_ORDER_MESSAGES.cancelFailed);
      setProblem(detail);
      toast.error(detail);
      setAsking(false);
    } finally {
      setCancelling(false);
      void refresh();
    }
  };

  return (
    <div className={styles.unpaidActions}>
      <div className={styles.unpaidButtons}>
        <Button size="sm" loading={paying} disabled={cancelling} onClick={() => void completePayment()}>
          Complete payment
        </Button>
        <Button variant="secondary" size="sm" disabled={paying || cancelling} onClick={() => setAsking(true)}>
          Cancel order
        </Button>
      </div>
      {problem && (
        <p role="alert" className={styles.unpaidProblem}>
          {problem}
        </p>
      )}
      <Modal open={asking} title={`Cancel order ${label}?`} onClose={() => {
          if (!cancelling) setAsking(false);
        }} closeLabel="Close, keeping the order">
        <p>Nothing has been charged for it. Once cancelled it can no longer be paid; to buy these products later, place a new order.</p>
        <div className={styles.unpaidButtons}>
          <Button variant="danger" loading={cancelling} onClick={() => void cancelOrder()}>
            Yes, cancel the order
          </Button>
          <Button variant="secondary" disabled={cancelling} onClick={() => setAsking(false)}>
            Keep the order
          </Button>
        </div>
      </Modal>
    </div>
  );
}
