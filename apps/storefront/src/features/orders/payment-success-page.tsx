import { ApiError, ERROR_CODE, type GuestOrderView, isFullOrder } from '@store/contracts';
import { AlertIcon, Badge, Button, CheckIcon, ClockIcon, Container, PagePending, Price, StatusBadge, buttonClassName } from '@store/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { cartStore } from '../cart/cart-store.ts';
import { clearPendingOrder, readPendingOrder } from '../checkout/checkout-storage.ts';
import { useShopper } from '../checkout/use-shopper.ts';
import { paths } from '../site/paths.ts';
import { captureOnce } from './capture.ts';
import { DeliveredGoods, orderHasGoods } from './delivered-goods.tsx';
import { OrderHero } from './order-hero.tsx';
import { OrderDate } from './order-date.tsx';
import { isSettled, shortOrderId } from './order-format.ts';
import { OrderItems } from './order-items.tsx';
import * as styles from './orders.css.ts';
import { buyerOrderQueryOptions } from './queries.ts';
import { goodsByEmailLine, receiptLine } from './receipt-line.ts';
import { useRawSearchParam } from './search-param.ts';

export const PAYMENT_MESSAGES = {
  completed: 'PayPal payment completed! Your products are available for download.',
  captureFailed: 'Payment capture failed',
  paymentFailed: 'PayPal payment failed. Please try again.',
  orderLoadFailed: 'Error loading order details',
} as const;

/**
 * True when the capture was answered and refused (a 4xx with PayPal's reason, or `success: false`);
 * false when it failed on the way (a 5xx, or fetch's TypeError for a network failure).
 */
function isRefusal(error: Error): boolean {
  if (error instanceof ApiError) return error.status < 500;
  return !(error instanceof TypeError);
}

/** PayPal has the buyer's approval but the money has not cleared: the capture is worth trying again later. */
function isPendingCapture(error: Error): boolean {
  return error instanceof ApiError && error.code === ERROR_CODE.payment_pending;
}

/** The key of the capture mutation (tests count its runs in the mutation cache). */
export const CAPTURE_MUTATION_KEY = ['payments', 'capture'] as const;


/**
 * PayPal's return page (/payment/success/{orderId}?token=<PayPal order id>&PayerID=...): captures the
 * approved payment once, then shows the order and its goods. The cart is emptied only here, once the
 * paid order has loaded, so a cancelled or failed payment leaves it as it was.
 */
export function PaymentSuccessPage({ orderId }: { orderId: string }) {
  const paypalOrderId = useRawSearchParam('token');
  const { status: sessionStatus, user } = useShopper();

  // PayPal's sentence while the payment is still processing: the page keeps saying it while it checks again.
  const [processing, setProcessing] = useState<string | null>(null);
  const capture = useMutation({
    mutationKey: CAPTURE_MUTATION_KEY,
    mutationFn: captureOnce,
    onSuccess: () => setProcessing(null),
    onError: (error) => setProcessing(isPendingCapture(error) ? error.message : null),
  });
  const { mutate: startCapture } = capture;

  // A write, fired once on arrival: the ref keeps React's development double effects and any re-render
  // from sending it twice (captureOnce also shares one request per PayPal order and skips it after a reload).
  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (paypalOrderId === null || fired.current === paypalOrderId) return;
    fired.current = paypalOrderId;
    startCapture(paypalOrderId);
  }, [paypalOrderId, startCapture]);
  const captured = paypalOrderId === null || capture.isSuccess;

  const order = useQuery({
    ...buyerOrderQueryOptions(orderId, user),
    enabled: captured && sessionStatus === 'ready',
    retry: false,
  });

  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || !order.data || !isSettled(order.data)) return;
    // A reload after the payment was settled must not empty a cart filled since.
    if (!capture.data?.fresh && readPendingOrder()?.orderId !== orderId) return;
    settled.current = true;
    cartStore.getState().clearOrdered();
    clearPendingOrder();
    toast.success(PAYMENT_MESSAGES.completed, { id: `paid-${orderId}` });
  }, [order.data, capture.data, orderId]);

  const pendingCapture = processing !== null && (capture.isError || capture.isPending);
  const refused = capture.isError && isRefusal(capture.error);
  useEffect(() => {
    if (!capture.isError || pendingCapture) return;
    toast.error(refused ? PAYMENT_MESSAGES.captureFailed : PAYMENT_MESSAGES.paymentFailed, { id: `capture-failed-${orderId}` });
  }, [capture.isError, pendingCapture, refused, orderId]);
  useEffect(() => {
    if (order.isError) toast.error(PAYMENT_MESSAGES.orderLoadFailed, { id: `order-failed-${orderId}` });
  }, [order.isError, orderId]);

  if (pendingCapture) {
    return (
      <Container className={styles.page}>
        <OrderHero icon={<ClockIcon size={32} />} tone="warning" title="Payment processing">
          <p>{processing}</p>
        </OrderHero>
        <div className={styles.actions}>
          <Button onClick={() => paypalOrderId && startCapture(paypalOrderId)} loading={capture.isPending}>
            Check again
          </Button>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Go Home
          </Link>
        </div>
      </Container>
    );
  }

  if (capture.isError) {
    // A 5xx says nothing useful to the buyer; any other failure (a 4xx detail, a refused capture) does.
    const detail =
      capture.error instanceof ApiError && capture.error.status >= 500 ? 'PayPal could not complete the payment.' : capture.error.message;
    return (
      <Container className={styles.page}>
        <OrderHero icon={<AlertIcon size={32} />} tone="danger" title="Payment not completed">
          <p>{detail}</p>
          <p>You have not been charged for this order, and your cart is kept so you can try again.</p>
        </OrderHero>
        <div className={styles.actions}>
          <Link to="/cart" className={buttonClassName()}>
            Try Again
          </Link>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Go Home
          </Link>
        </div>
      </Container>
    );
  }

  if (!captured || sessionStatus === 'loading' || order.isPending) {
    return <PagePending label={paypalOrderId && !captured ? 'Confirming your payment…' : 'Loading your order…'} />;
  }

  if (order.isError) {
    return (
      <Container className={styles.page}>
        <OrderHero
          icon={<CheckIcon size={32} />}
          tone="success"
          title={paypalOrderId ? 'Payment Successful!' : 'Order details unavailable'}
        >
          <p>We could not load the details of order {shortOrderId(orderId)} right now. Your products are also sent to you by email.</p>
        </OrderHero>
        <div className={styles.actions}>
          <Button onClick={() => void order.refetch()} loading={order.isFetching}>
            Try again
          </Button>
          <Link to={paths.products} className={buttonClassName({ variant: 'secondary' })}>
            Continue Shopping
          </Link>
        </div>
      </Container>
    );
  }

  const data = order.data;
  if (!isSettled(data)) return <UnpaidOrder order={data} />;
  return <PaidOrder order={data} />;
}

function OrderPageLink({ order }: { order: GuestOrderView }) {
  return isFullOrder(order) && order.user_id ? (
    <Link to="/account" className={buttonClassName()}>
      View My Orders
    </Link>
  ) : (
    <Link to="/order-success/$orderId" params={{ orderId: order.id }} className={buttonClassName()}>
      View Order Page
    </Link>
  );
}

function PaidOrder({ order }: { order: GuestOrderView }) {
  // A $0 order was never paid: it completed when it was placed, so the page says so rather than 'Payment Successful!'.
  const free = isFullOrder(order) && order.payment_method === 'free';
  return (
    <Container className={styles.page}>
      <OrderHero icon={<CheckIcon size={32} />} tone="success" title={free ? 'Order Complete!' : 'Payment Successful!'}>
        <p>
          {free ? 'Your free products are ready.' : 'Thank you for your purchase.'} {receiptLine(order)}
        </p>
      </OrderHero>
      <section className={styles.card} aria-labelledby="payment-details-title">
        <h2 id="payment-details-title" className={styles.cardTitle}>
          Order details
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Order ID</dt>
            <dd title={order.id}>{shortOrderId(order.id)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {/* Spec section 2: this page always says Paid (the API moves a paid order on to completed at once); a free order paid nothing. */}
              {free ? <StatusBadge status={order.status} /> : <Badge tone="green">Paid</Badge>}
            </dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>
              <Price amount={order.total_amount} cents />
            </dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <OrderDate iso={order.created_at} />
            </dd>
          </div>
        </dl>
        <OrderItems order={order} cents />
      </section>
      {orderHasGoods(order) ? (
        <DeliveredGoods order={order} />
      ) : (
        <p className={styles.muted}>
          {order.status === 'completed'
            ? goodsByEmailLine(order)
            : 'Your products are being prepared and will appear here and in your email shortly.'}
        </p>
      )}
      <div className={styles.actions}>
        <OrderPageLink order={order} />
        <Link to={paths.products} className={buttonClassName({ variant: 'secondary' })}>
          Continue Shopping
        </Link>
      </div>
    </Container>
  );
}

function UnpaidOrder({ order }: { order: GuestOrderView }) {
  const pending = order.status === 'pending';
  const refunded = order.status === 'refunded';
  return (
    <Container className={styles.page}>
      <OrderHero
        icon={pending ? <ClockIcon size={32} /> : <AlertIcon size={32} />}
        tone={pending ? 'warning' : 'danger'}
        title={pending ? 'Awaiting payment' : refunded ? 'Payment refunded' : 'Order not paid'}
      >
        <p>
          {pending
            ? `We have not received the payment for order ${shortOrderId(order.id)} yet.`
            : refunded
              ? `Order ${shortOrderId(order.id)} was refunded: its payment went back to your PayPal account.`
              : `Order ${shortOrderId(order.id)} was not paid and is closed.`}
        </p>
        {pending && order.expires_at && <p>
            It can be paid until <OrderDate iso={order.expires_at} />.
          </p>}
      </OrderHero>
      <div className={styles.actions}>
        <Link to="/cart" className={buttonClassName()}>
          Back to Cart
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          Go Home
        </Link>
      </div>
    </Container>
  );
}
