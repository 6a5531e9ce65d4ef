import { type GuestOrderView, isFullOrder } from '@store/contracts';
import { AlertIcon, Badge, Button, CheckIcon, Container, Notice, Price, Skeleton, buttonClassName, statusAppearance } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { cartStore } from '../cart/cart-store.ts';
import { clearPendingOrder, readOrderAccessToken, saveOrderAccessToken } from '../checkout/checkout-storage.ts';
import { paths } from '../site/paths.ts';
import { DeliveredGoods, orderHasGoods } from './delivered-goods.tsx';
import { OrderHero } from './order-hero.tsx';
import { OrderDate } from './order-date.tsx';
import { guestOrderTone, isSettled, paymentMethodLabel, shortOrderId } from './order-format.ts';
import { OrderItems } from './order-items.tsx';
import * as styles from './orders.css.ts';
import { guestOrderQueryOptions } from './queries.ts';
import { goodsByEmailLine, receiptLine } from './receipt-line.ts';
import { useRawSearchParam } from './search-param.ts';

export const ORDER_LOAD_FAILED = 'Error loading order details';

/**
 * The headline follows what is known of the order: placed (the spec's words) while it is pending or
 * delivered; otherwise it says what happened, and a page that could not load the order does not claim success.
 */
function heroOf(order: { isError: boolean; data: GuestOrderView | undefined }) {
  if (order.isError) return { title: 'Order Details Unavailable', tone: 'warning', icon: <AlertIcon size={32} /> } as const;
  const status = order.data?.status;
  if (status === 'failed' || status === 'rejected') return { title: 'Order Not Completed', tone: 'danger', icon: <AlertIcon size={32} /> } as const;
  if (status === 'refunded') return { title: 'Payment Refunded', tone: 'warning', icon: <AlertIcon size={32} /> } as const;
  return { title: 'Order Placed Successfully!', tone: 'success', icon: <CheckIcon size={32} /> } as const;
}

/**
 * The guest order page (spec section 2): the order's details with amounts in two decimals and, with the
 * order's access token (kept at checkout, or `?token=` from the receipt mail), the buyer's details and
 * the keys and downloads. Without the token the API answers only a summary: status, date, total and lines.
 */
export function OrderSuccessPage({ orderId }: { orderId: string }) {
  const linkToken = useRawSearchParam('token');
  const [token] = useState(() => linkToken ?? readOrderAccessToken(orderId));

  useEffect(() => {
    // The receipt link's token is kept, so this browser opens the goods later without the mail.
    if (linkToken) saveOrderAccessToken(orderId, linkToken);
  }, [linkToken, orderId]);

  const order = useQuery({ ...guestOrderQueryOptions(orderId, token), retry: false });

  useEffect(() => {
    if (order.isError) toast.error(ORDER_LOAD_FAILED, { id: `order-failed-${orderId}` });
  }, [order.isError, orderId]);

  return (
    <Container className={styles.page}>
      <OrderHero {...heroOf(order)}>
        <p>
          {order.data && isSettled(order.data)
            ? `Thank you for your order. ${receiptLine(order.data)}`
            : 'Thank you for your order. A receipt with your products is sent by email once the payment is confirmed.'}
        </p>
      </OrderHero>

      {order.isPending && (
        <div className={styles.card} aria-busy="true" aria-label="Loading order details">
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton width="100%" height="4rem" />
          <Skeleton width="100%" height="3rem" />
        </div>
      )}

      {order.isError && <p className={styles.subtitle}>The details of this order could not be loaded.</p>}

      {order.data && <GuestOrderDetails order={order.data} />}

      {/* Only an order still awaiting payment has a payment to mark as complete. */}
      {order.data?.status === 'pending' && <MarkPaymentComplete />}

      <div className={styles.actions}>
        <Link to={paths.products} className={buttonClassName({ variant: 'secondary' })}>
          Continue Shopping
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'ghost' })}>
          Go Home
        </Link>
      </div>
    </Container>
  );
}

function GuestOrderDetails({ order }: { order: GuestOrderView }) {
  return (
    <>
      <section className={styles.card} aria-labelledby="order-details-title">
        <div className={styles.cardHeader}>
          <h2 id="order-details-title" className={styles.cardTitle}>
            Order {shortOrderId(order.id)}
          </h2>
          <Badge tone={guestOrderTone(order.status)}>{statusAppearance(order.status).label}</Badge>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>Date</dt>
            <dd>
              <OrderDate iso={order.created_at} />
            </dd>
          </div>
          {isFullOrder(order) && (
            <div>
              <dt>Payment method</dt>
              <dd>{paymentMethodLabel(order.payment_method)}</dd>
            </div>
          )}
          <div>
            <dt>Total</dt>
            <dd>
              <Price amount={order.total_amount} cents />
            </dd>
          </div>
        </dl>
        {isFullOrder(order) && (
          <p className={styles.muted}>
            Billed to <strong>{order.invoice_data.name}</strong>, {order.invoice_data.email}
          </p>
        )}
        <OrderItems order={order} cents />
      </section>
      {order.status === 'pending' && (
        <Notice tone="warning" live="none" title="Awaiting payment">
          <p>
            This order is not paid yet.
            {order.expires_at && (
              <>
                {' '}
                It can be paid until <OrderDate iso={order.expires_at} />.
              </>
            )}
          </p>
        </Notice>
      )}
      {order.status === 'refunded' && (
        <Notice tone="info" live="none" title="Payment refunded">
          <p>This order was refunded: its payment went back to your PayPal account, and any keys or downloads it delivered no longer work.</p>
        </Notice>
      )}
      {orderHasGoods(order) && <DeliveredGoods order={order} />}
      {order.status === 'completed' && !order.goods_included && (
        <Notice tone="info" live="none">
          <p>{goodsByEmailLine(order)}</p>
        </Notice>
      )}
    </>
  );
}

/** Spec section 4: clears the cart and the saved pending order id and total, and says so. */
function MarkPaymentComplete() {
  const [done, setDone] = useState(false);
  return (
    <div className={styles.hero}>
      <Button
        disabled={done}
        onClick={() => {
          cartStore.getState().clearOrdered();
          clearPendingOrder();
          setDone(true);
        }}
      >
        Mark Payment as Complete
      </Button>
      <p role="status" className={styles.muted}>
        {done ? 'Payment marked as complete: your cart and the saved pending order were cleared.' : ''}
      </p>
    </div>
  );
}
