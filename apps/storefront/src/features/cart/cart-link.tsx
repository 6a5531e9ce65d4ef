import { CartIcon } from '@store/ui';
import { Link } from '@tanstack/react-router';
import * as styles from './cart-link.css.ts';

export function cartLabel(count: number): string {
  if (count <= 0) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The cart icon in the header; the count badge shows only when something is in the cart. */
export function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" aria-label={cartLabel(count)} title="Cart" className={styles.link}>
      <CartIcon size={22} />
      {count > 0 && (
        <span className={styles.count} aria-hidden="true" data-testid="cart-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
