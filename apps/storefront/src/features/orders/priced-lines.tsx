import { toCents, toDollars } from '@store/contracts';
import { Price } from '@store/ui';
import * as styles from './priced-lines.css.ts';

export interface PricedLine {
  id: string;
  title: string;
  quantity: number;
  /** Unit price in dollars. */
  price: number;
}

export interface PricedLinesProps {
  lines: readonly PricedLine[];
  /** Dollars; the order's own total, or the sum of the lines for a cart. */
  total: number;
  /** Two decimals everywhere, as on the guest pages (spec section 9). */
  cents?: boolean;
  /** The total's test id, for the pages' tests. */
  totalTestId: string;
  /** The total is not final yet (prices being checked). */
  busy?: boolean;
  /** A discount code's discount (docs/decisions/028): the lines' sum and the discount are shown above the total. */
  discount?: { code: string; amount: number } | null;
}

/** Lines with quantity × unit price and their totals, then the total: a cart about to be paid or an order. */
export function PricedLines({ lines, total, cents = false, totalTestId, busy = false, discount = null }: PricedLinesProps) {
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  return (
    <>
      <ul className={styles.list} aria-label="Items">
        {lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <span className={styles.info}>
              <span className={styles.title}>{line.title}</span>
              <span className={styles.unit}>
                {line.quantity} × <Price amount={line.price} cents={cents} />
              </span>
            </span>
            <span className={styles.amount}>
              <Price amount={toDollars(toCents(line.price) * line.quantity)} cents={cents} />
            </span>
          </li>
        ))}
      </ul>
      {discount && (
        <dl className={styles.discountRows}>
          <div className={styles.discountRow}>
            <dt>Subtotal</dt>
            <dd>
              <Price amount={toDollars(subtotalCents)} cents={cents} />
            </dd>
          </div>
          <div className={styles.discountRow}>
            <dt>Discount ({discount.code})</dt>
            <dd data-testid="discount-amount">
              −<Price amount={discount.amount} cents={cents} />
            </dd>
          </div>
        </dl>
      )}
      <p className={styles.totalRow} aria-busy={busy || undefined}>
        <span>Total</span>
        <span data-testid={totalTestId}>
          <Price amount={total} cents={cents} />
        </span>
      </p>
    </>
  );
}
