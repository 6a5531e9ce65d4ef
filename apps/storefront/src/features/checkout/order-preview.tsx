import { type CartItem, toDollars } from '@store/contracts';
import { totalCents } from '@store/cart-core';
import { Spinner } from '@store/ui';
import type { ReactNode } from 'react';
import { PricedLines } from '../orders/priced-lines.tsx';
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
      <PricedLines lines={items} total={toDollars(totalCents(items))} cents={cents} totalTestId="checkout-total" busy={checking} />
      {checking && (
        <p className={styles.checking}>
          <Spinner size="sm" decorative /> Checking current prices…
        </p>
      )}
      {children}
    </section>
  );
}
