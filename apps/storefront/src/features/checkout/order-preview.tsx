import { type CartItem, toDollars } from '@store/contracts';
import { totalCents } from '@store/cart-core';
import { Spinner } from '@store/ui';
import type { ReactNode } from 'react';
import { DiscountCodeField } from '../cart/discount-code-field.tsx';
import type { CartDiscount } from '../cart/discount.ts';
import { PricedLines } from '../orders/priced-lines.tsx';
import * as styles from './checkout.css.ts';

export interface OrderPreviewProps {
  items: readonly CartItem[];
  /** The cart's discount code and the server's preview of it (`useCartDiscount`). */
  discount: CartDiscount;
  /** Two decimals everywhere, as on the guest pages (spec section 9). */
  cents?: boolean;
  /** The server has not confirmed the prices yet. */
  checking?: boolean;
  /** Terms and the pay button, under the total they pay. */
  children?: ReactNode;
}

/**
 * What the shopper is about to pay for: each line, the discount code's discount as the server previewed it,
 * and the total, from the (refreshed) cart. The order is priced again by the server when it is placed.
 */
export function OrderPreview({ items, discount, cents = false, checking = false, children }: OrderPreviewProps) {
  const { preview } = discount;
  return (
    <section className={styles.stickyCard} aria-labelledby="order-preview-title">
      <h2 id="order-preview-title" className={styles.cardTitle}>
        Order Summary
      </h2>
      <PricedLines
        lines={items}
        total={preview ? preview.total : toDollars(totalCents(items))}
        discount={preview ? { code: preview.code, amount: preview.amount } : null}
        cents={cents}
        totalTestId="checkout-total"
        busy={checking || discount.checking}
      />
      {checking && (
        <p className={styles.checking}>
          <Spinner size="sm" decorative /> Checking current prices…
        </p>
      )}
      <DiscountCodeField />
      {children}
    </section>
  );
}
