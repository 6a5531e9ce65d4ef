import type { CartItem } from '@store/contracts';
import { IconButton, Notice, TrashIcon } from '@store/ui';
import { SubscribeButton } from '../subscriptions/subscribe-button.tsx';
import { LineSummary } from './cart-line.tsx';
import * as styles from './cart-page.css.ts';
import { cartStore } from './cart-store.ts';

/**
 * The cart's subscriptions, apart from its order: PayPal bills a subscription on its own, so each one is
 * subscribed to by itself here (or from its product page), and checkout never orders it with the other lines.
 */
export function CartSubscriptions({ lines, withOrder }: { lines: readonly CartItem[]; withOrder: boolean }) {
  return (
    <section aria-labelledby="cart-subscriptions-title" className={styles.linesSection}>
      <h2 id="cart-subscriptions-title">Subscriptions</h2>
      <Notice tone="info" live="none">
        <p>
          {withOrder
            ? 'A subscription is billed by PayPal on its own, so it is not part of the checkout below: subscribe to it separately.'
            : 'A subscription is billed by PayPal on its own: subscribe to it here.'}
        </p>
      </Notice>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <LineSummary line={line} priceNote="per billing period" />
            <div className={styles.controls}>
              <SubscribeButton productId={line.id} title={line.title} returnTo="/cart" size="sm" />
              <IconButton
                label={`Remove ${line.title}`}
                icon={<TrashIcon size={18} />}
                onClick={() => cartStore.getState().remove(line.id)}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
