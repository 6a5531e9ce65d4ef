import { type CartItem, toDollars } from '@store/contracts';
import { lineTotalCents, totalCents } from '@store/cart-core';
import { Price, Spinner } from '@store/ui';
import type { ReactNode } from 'react';
import * as styles from './checkout.css.ts';

export interface OrderPreviewProps {
  items: readonly CartItem[];
  /** Two decimals everywhere, as on the guest pages (spec section 9). */
  cents?: boolean;
  /** The server has not confirmed the prices yet. */
  checking?: boolean;
  /** Terms and the pay button, under the total they pay. */
  children?: ReactNode;
}

/** What the shopper is about to pay for: each line and the total, from the (refreshed) cart. */
export function OrderPreview({ items, cents = false, checking = false, children }: OrderPreviewProps) {
  return (
    <section className={styles.stickyCard} aria-labelledby="order-preview-title">
      <h2 id="order-preview-title" className={styles.cardTitle}>
        Order Summary
      </h2>
      <ul className={styles.previewList}>
        {items.map((item) => (
          <li key={item.id} className={styles.previewLine}>
            <span className={styles.previewInfo}>
              <span className={styles.previewTitle}>{item.title}</span>
              <span className={styles.muted}>
                {item.quantity} × <Price amount={item.price} cents={cents} />
              </span>
            </span>
            <span className={styles.amount}>
              <Price amount={toDollars(lineTotalCents(item))} cents={cents} />
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.totalRow} aria-busy={checking || undefined}>
        <span>Total</span>
        <span data-testid="checkout-total">
          <Price amount={toDollars(totalCents(items))} cents={cents} />
        </span>
      </p>
      {checking && (
        <p className={styles.checking}>
          <Spinner size="sm" decorative /> Checking current prices…
        </p>
      )}
      {children}
    </section>
  );
}
