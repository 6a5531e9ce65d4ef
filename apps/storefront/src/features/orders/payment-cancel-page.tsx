import { AlertIcon, Container, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useCartCount } from '../cart/cart-store.ts';
import { paths } from '../site/paths.ts';
import { OrderHero } from './order-hero.tsx';
import { shortOrderId } from './order-format.ts';
import * as styles from './orders.css.ts';

export const CANCELLED_MESSAGE = 'PayPal payment was cancelled.';

/**
 * PayPal's cancel address (/payment/cancel/{orderId}?token=...). Nothing was charged and the cart is
 * untouched (it is emptied only when a payment is captured), so Try Again leads straight back to it.
 * The unpaid order lapses on its own and returns its stock.
 */
export function PaymentCancelPage({ orderId }: { orderId: string }) {
  const count = useCartCount();

  useEffect(() => {
    // A fixed id: React's double effects and a reload show one message, not two.
    toast(CANCELLED_MESSAGE, { id: `cancelled-${orderId}` });
  }, [orderId]);

  return (
    <Container className={styles.page}>
      <OrderHero icon={<AlertIcon size={32} />} tone="warning" title="Payment Cancelled">
        <p>You cancelled the PayPal payment for order {shortOrderId(orderId)}. You have not been charged.</p>
        <p>
          {count > 0
            ? `Your cart is saved with ${count} ${count === 1 ? 'item' : 'items'}, ready when you are.`
            : 'Your cart is empty, but the products are still in the shop.'}
        </p>
      </OrderHero>
      <div className={styles.actions}>
        <Link to="/cart" className={buttonClassName({ size: 'lg' })}>
          Try Again
        </Link>
        <Link to={paths.products} className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
          Continue Shopping
        </Link>
        <Link to="/" className={buttonClassName({ size: 'lg', variant: 'ghost' })}>
          Go Home
        </Link>
      </div>
    </Container>
  );
}
