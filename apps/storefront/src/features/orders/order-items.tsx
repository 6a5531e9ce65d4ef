import { type Order, toCents, toDollars } from '@store/contracts';
import { Price } from '@store/ui';
import * as styles from './orders.css.ts';

/** The lines of an order with their unit prices and totals, as the server priced them, and the order total. */
export function OrderItems({ order, cents = false }: { order: Order; cents?: boolean }) {
  return (
    <>
      <ul className={styles.items} aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id} className={styles.item}>
            <span className={styles.itemInfo}>
              <span className={styles.itemTitle}>{item.title}</span>
              <span className={styles.muted}>
                {item.quantity} × <Price amount={item.price} cents={cents} />
              </span>
            </span>
            <span className={styles.amount}>
              <Price amount={toDollars(toCents(item.price) * item.quantity)} cents={cents} />
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.totalRow}>
        <span>Total</span>
        <span data-testid="order-total">
          <Price amount={order.total_amount} cents={cents} />
        </span>
      </p>
    </>
  );
}
