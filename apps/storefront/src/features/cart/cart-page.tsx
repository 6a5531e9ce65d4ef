import { itemCount, selectItems, subscriptionLines, totalCents } from '@store/cart-core';
import type { CartItem } from '@store/contracts';
import { toDollars } from '@store/contracts';
import { Button, Container, MessagePage, Modal, Price, Skeleton, Spinner, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useShopper } from '../checkout/use-shopper.ts';
import { paths } from '../site/paths.ts';
import { CartLine } from './cart-line.tsx';
import { CartSubscriptions } from './cart-subscriptions.tsx';
import { DiscountCodeField } from './discount-code-field.tsx';
import { useCartDiscount } from './discount.ts';
import * as styles from './cart-page.css.ts';
import { cartStore, useCart, useOrderItems } from './cart-store.ts';
import { PriceNotices } from './price-notices.tsx';
import { useCartPriceRefresh } from './use-cart-price-refresh.ts';

/** The cart (spec section 2): lines with quantity controls, an order summary, and the way to checkout. */
export function CartPage() {
  const items = useCart(selectItems);
  const ordered = useOrderItems();
  const subscriptions = useMemo(() => subscriptionLines(items), [items]);
  const refresh = useCartPriceRefresh();

  if (items.length === 0) {
    return (
      <>
        {(refresh.dropped.length > 0 || refresh.repriced.length > 0) && (
          <Container className={styles.page}>
            <PriceNotices refresh={refresh} />
          </Container>
        )}
        <EmptyCart />
      </>
    );
  }

  return (
    <Container className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>Shopping Cart</h1>
        <Link to={paths.products} className={styles.textLink}>
          Continue Shopping
        </Link>
      </div>
      <PriceNotices refresh={refresh} />
      {subscriptions.length > 0 && <CartSubscriptions lines={subscriptions} withOrder={ordered.length > 0} />}
      {ordered.length > 0 ? (
        <div className={styles.layout}>
          <section aria-label="Items in your cart" className={styles.linesSection}>
            <ul className={styles.lines}>
              {ordered.map((line) => (
                <CartLine key={line.id} line={line} />
              ))}
            </ul>
            <div className={styles.footerRow}>
              <ClearCartButton />
            </div>
          </section>
          <OrderSummary lines={ordered} checking={refresh.checking} />
        </div>
      ) : (
        <div className={styles.footerRow}>
          <ClearCartButton />
        </div>
      )}
    </Container>
  );
}

export function EmptyCart() {
  return (
    <MessagePage
      title="Cart is empty"
      actions={
        <Link to={paths.products} className={buttonClassName({ size: 'lg' })}>
          Browse Products
        </Link>
      }
    >
      <p>Add some products to your cart to check out.</p>
    </MessagePage>
  );
}

/** The order's figures: the cart's lines but its subscriptions, which are subscribed to on their own. */
function OrderSummary({ lines, checking }: { lines: readonly CartItem[]; checking: boolean }) {
  const count = itemCount(lines);
  const total = totalCents(lines);
  const { status, user } = useShopper();
  const discount = useCartDiscount();
  const { preview } = discount;

  return (
    <aside className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.summaryTitle}>
        Order Summary
      </h2>
      <dl className={styles.summaryRows}>
        <div className={styles.summaryRow}>
          <dt>
            Subtotal ({count} {count === 1 ? 'item' : 'items'})
          </dt>
          <dd>
            <Price amount={toDollars(total)} />
          </dd>
        </div>
        {preview && (
          <div className={styles.summaryRow}>
            <dt>Discount ({preview.code})</dt>
            <dd data-testid="cart-discount" className={styles.amount}>
              −<Price amount={preview.amount} cents />
            </dd>
          </div>
        )}
        <div className={styles.summaryRow}>
          <dt>Delivery</dt>
          <dd>Instant digital download</dd>
        </div>
        <div className={styles.totalRow} aria-busy={checking || discount.checking || undefined}>
          <dt>Total</dt>
          <dd data-testid="cart-total">
            {/* The server's figure with a code: a discount may leave cents even on whole prices. */}
            {preview ? <Price amount={preview.total} cents /> : <Price amount={toDollars(total)} />}
          </dd>
        </div>
      </dl>
      <DiscountCodeField />
      {checking && (
        <p className={styles.checking}>
          <Spinner size="sm" decorative /> Checking current prices…
        </p>
      )}
      <div className={styles.actions}>
        {status === 'loading' ? (
          <Skeleton width="100%" height="48px" radius="10px" />
        ) : user ? (
          <Link to="/checkout" className={buttonClassName({ size: 'lg', fullWidth: true })}>
            Proceed to Checkout
          </Link>
        ) : (
          <>
            <Link to="/guest-checkout" className={buttonClassName({ size: 'lg', fullWidth: true })}>
              Guest Checkout
            </Link>
            <p className={styles.accountLinks}>
              <span>Have an account?</span>
              <Link to="/login" search={{ redirect: '/checkout' }} className={styles.textLink}>
                Login
              </Link>
              <span aria-hidden="true">·</span>
              <Link to={paths.register} className={styles.textLink}>
                Sign Up
              </Link>
            </p>
          </>
        )}
      </div>
    </aside>
  );
}

function ClearCartButton() {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        Clear cart
      </Button>
      <Modal open={confirming} title="Clear your cart?" onClose={() => setConfirming(false)}>
        <p>Every item will be removed from your cart.</p>
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep items
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              cartStore.getState().clear();
              setConfirming(false);
            }}
          >
            Clear cart
          </Button>
        </div>
      </Modal>
    </>
  );
}
