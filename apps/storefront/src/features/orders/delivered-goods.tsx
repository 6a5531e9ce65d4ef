import { type GuestOrderView, type Order, type OrderItem, isFullOrder } from '@store/contracts';
import { CopyButton, DownloadIcon, KeyIcon, buttonClassName, resolveAssetUrl } from '@store/ui';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { env } from '../../env.ts';
import * as styles from './orders.css.ts';

function hasGoods(item: OrderItem): boolean {
  return (item.keys?.length ?? 0) > 0 || Boolean(item.download_url);
}

/** Whether an order answer carries anything to hand over; a summary (no access token) never does. */
export function orderHasGoods(order: GuestOrderView): order is Order {
  return isFullOrder(order) && order.goods_included && order.items.some(hasGoods);
}

/**
 * The delivered goods of an order: per line its licence keys (each with a Copy key button) and its
 * download link. Download links are signed for 15 minutes; the pages refetch the order before that.
 */
export function DeliveredGoods({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 4 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  const delivered = order.items.filter(hasGoods);
  if (!order.goods_included || delivered.length === 0) return null;
  return (
    <section className={headingLevel === 2 ? styles.card : styles.nestedGoods} aria-labelledby={`goods-${order.id}`}>
      <Heading id={`goods-${order.id}`} className={styles.cardTitle}>
        Your products
      </Heading>
      <ul className={styles.goods}>
        {delivered.map((item) => (
          <DeliveredLine key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function DeliveredLine({ item }: { item: OrderItem }) {
  const titleId = useId();
  const href = resolveAssetUrl(item.download_url, env.apiBase);
  return (
    <li className={styles.good}>
      <p id={titleId} className={styles.goodTitle}>
        {item.title}
        {item.quantity > 1 && <span className={styles.muted}>× {item.quantity}</span>}
      </p>
      {item.keys && item.keys.length > 0 && (
        <ul className={styles.keys} aria-label={`Licence keys for ${item.title}`}>
          {item.keys.map((key, index) => (
            <KeyRow key={key} value={key} id={`${titleId}-key-${index}`} />
          ))}
        </ul>
      )}
      {href && (
        <a
          href={href}
          download
          className={`${buttonClassName({ variant: 'secondary', size: 'sm' })} ${styles.download}`}
          aria-describedby={titleId}
        >
          <DownloadIcon size={16} />
          Download
        </a>
      )}
    </li>
  );
}

function KeyRow({ value, id }: { value: string; id: string }) {
  return (
    <li className={styles.keyRow}>
      <KeyIcon size={16} />
      <code id={id} className={styles.key}>
        {value}
      </code>
      <CopyButton
        text={value}
        label="Copy key"
        aria-describedby={id}
        onError={() => toast.error('Could not copy the key. Select it and copy it by hand.')}
      />
    </li>
  );
}
