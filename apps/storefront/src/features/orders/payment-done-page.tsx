import { CheckIcon, Container, Price, buttonClassName } from '@store/ui';
import { Link, useLocation } from '@tanstack/react-router';
import { paths } from '../site/paths.ts';
import { OrderHero } from './order-hero.tsx';
import { shortOrderId } from './order-format.ts';
import * as styles from './orders.css.ts';
import './payment-state.ts';

/**
 * /payment-success: a confirmation reached through navigation with the payment in the history state
 * (`navigate({ to: '/payment-success', state: { payment } })`). Opened directly (no state, e.g. a
 * bookmark), it says so in general words and points to the account and the products.
 */
export function PaymentDonePage() {
  const payment = useLocation({ select: (location) => location.state.payment });

  return (
    <Container className={styles.page}>
      <OrderHero icon={<CheckIcon size={32} />} tone="success" title="Payment Successful!">
        {payment ? (
          <p>
            Thank you! Your payment for order {shortOrderId(payment.orderId)}
            {payment.total !== undefined && (
              <>
                {' '}
                of <Price amount={payment.total} cents />
              </>
            )}{' '}
            was received and your products are ready.
          </p>
        ) : (
          <p>Thank you for your purchase. Your orders, licence keys and downloads are on your account page.</p>
        )}
      </OrderHero>
      {payment?.captureId && <p className={styles.muted}>PayPal transaction {payment.captureId}</p>}
      <div className={styles.actions}>
        {payment ? (
          payment.guest ? (
            <Link to="/order-success/$orderId" params={{ orderId: payment.orderId }} className={buttonClassName()}>
              View Order
            </Link>
          ) : (
            <Link to="/account" className={buttonClassName()}>
              View Order
            </Link>
          )
        ) : (
          <Link to="/account" className={buttonClassName()}>
            My Account
          </Link>
        )}
        <Link to={paths.products} className={buttonClassName({ variant: 'secondary' })}>
          Continue Shopping
        </Link>
      </div>
    </Container>
  );
}
