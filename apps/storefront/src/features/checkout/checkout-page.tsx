import { Button, Container, Notice } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useOrderItems } from '../cart/cart-store.ts';
import { PriceNotices } from '../cart/price-notices.tsx';
import { useCartPriceRefresh } from '../cart/use-cart-price-refresh.ts';
import { useCartDiscount } from '../cart/discount.ts';
import { selectUser, useSession } from '../session/session-store.ts';
import * as styles from './checkout.css.ts';
import { EmptyCheckout } from './empty-checkout.tsx';
import { OrderPreview } from './order-preview.tsx';
import { FreeOrderNote, PaymentMethods } from './payment-methods.tsx';
import { TermsAgreement } from './terms-agreement.tsx';
import { isFreeCart, usePayPalCheckout } from './use-paypal-checkout.ts';

/** The signed-in checkout (spec section 2): order preview, account data, payment method, terms, pay. */
export function CheckoutPage() {
  const items = useOrderItems();
  const user = useSession(selectUser);
  const refresh = useCartPriceRefresh();
  const [agreed, setAgreed] = useState(false);
  const { pay, busy, error } = usePayPalCheckout();
  const discount = useCartDiscount();

  if (items.length === 0) return <EmptyCheckout />;
  // The server's preview says when a code brings the order to $0; the order is priced again when placed.
  const free = isFreeCart(items) || discount.preview?.total === 0;

  return (
    <Container className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>Checkout</h1>
        <p className={styles.subtitle}>{free ? 'Review your order and get it free.' : 'Review your order and pay securely with PayPal.'}</p>
      </div>
      <PriceNotices refresh={refresh} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={styles.card} aria-labelledby="account-data-title">
            <h2 id="account-data-title" className={styles.cardTitle}>
              Your details
            </h2>
            <dl className={styles.details}>
              <div>
                <dt>Name</dt>
                <dd>{user?.username}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{user?.email}</dd>
              </div>
            </dl>
            <p className={styles.muted}>Your licence keys and downloads appear on your account page and are sent to this email.</p>
          </section>
          <section className={styles.card} aria-label="Payment">
            {free ? <FreeOrderNote /> : <PaymentMethods />}
          </section>
        </div>
        <OrderPreview items={items} discount={discount} checking={refresh.checking}>
          <TermsAgreement checked={agreed} onChange={setAgreed} />
          {error && (
            <Notice tone="danger" live="alert">
              {error.message}
            </Notice>
          )}
          <Button
            size="lg"
            fullWidth
            // Spec section 5: the payment button is disabled until the terms are agreed.
            disabled={!agreed || refresh.checking}
            loading={busy}
            onClick={() => void pay({ items, discountCode: discount.code })}
          >
            {free ? 'Get it free' : 'Pay with PayPal'}
          </Button>
          <Link to="/cart" className={styles.link}>
            Back to cart
          </Link>
        </OrderPreview>
      </div>
    </Container>
  );
}
