import { CATEGORIES, LIMITS, type CartItem, labelOf, toDollars } from '@store/contracts';
import { IconButton, MinusIcon, PlusIcon, Price, TrashIcon } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { lineTotalCents } from '@store/cart-core';
import * as styles from './cart-page.css.ts';
import { cartStore, useCartCount } from './cart-store.ts';
import { LineImage } from './line-image.tsx';
import { productPath } from './product-path.ts';

/** A cart line's picture, title linking to the product, category and price (`priceNote` after it: "each"). */
export function LineSummary({ line, priceNote }: { line: CartItem; priceNote: string }) {
  return (
    <>
      <LineImage src={line.image} />
      <div className={styles.info}>
        <Link to={productPath(line.id)} className={styles.lineTitle}>
          {line.title}
        </Link>
        <span className={styles.muted}>{labelOf(CATEGORIES, line.category)}</span>
        <span className={styles.muted}>
          <Price amount={line.price} /> {priceNote}
        </span>
      </div>
    </>
  );
}

/** One cart line: picture, title linking to the product, unit price, quantity controls, line total, remove. */
export function CartLine({ line }: { line: CartItem }) {
  const { increment, decrement, remove } = cartStore.getState();
  const units = useCartCount();
  const quantityId = `quantity-${line.id}`;
  return (
    <li className={styles.line}>
      <LineSummary line={line} priceNote="each" />
      <div className={styles.controls}>
        <div className={styles.stepper} role="group" aria-label={`Quantity of ${line.title}`}>
          <IconButton
            label={`Decrease quantity of ${line.title}`}
            icon={<MinusIcon size={16} />}
            size="sm"
            // The minimum from these controls is 1 (spec section 5); removing is its own control.
            disabled={line.quantity <= LIMITS.cartMinQuantity}
            onClick={() => decrement(line.id)}
          />
          <output id={quantityId} className={styles.quantity} aria-live="polite" aria-label={`Quantity of ${line.title}`}>
            {line.quantity}
          </output>
          <IconButton
            label={`Increase quantity of ${line.title}`}
            icon={<PlusIcon size={16} />}
            size="sm"
            // The API takes at most this many of one product, and of all products, per order.
            disabled={line.quantity >= LIMITS.orderMaxQuantity || units >= LIMITS.orderMaxUnits}
            onClick={() => increment(line.id)}
          />
        </div>
        <span className={styles.lineTotal}>
          <Price amount={toDollars(lineTotalCents(line))} />
        </span>
        <IconButton label={`Remove ${line.title}`} icon={<TrashIcon size={18} />} onClick={() => remove(line.id)} />
      </div>
    </li>
  );
}
