import type { Subscription } from '@store/contracts';
import { useId } from 'react';
import { FileRow, KeyRow, useRefreshSoon } from '../orders/delivered-goods.tsx';
import { formatOrderDate } from '../orders/order-format.ts';
import * as styles from '../orders/orders.css.ts';
import { subscriptionKeys } from './queries.ts';

type SubscriptionKey = Subscription['license_keys'][number];

/** A subscription's file at its limit: every paid period gives the limit again (docs/decisions/041-subscription-downloads.md). */
export const PERIOD_LIMIT_REACHED = 'Download limit for this billing period reached. It starts again when your subscription renews.';

/** What the buyer needs to know of a key: when it stops working, or why it does not work now. */
export function keyNote(key: SubscriptionKey): string | null {
  if (key.status === 'suspended') return 'Suspended until the payment goes through';
  if (key.status === 'expired') return 'Expired';
  if (key.status === 'revoked') return 'Revoked';
  return key.expires_at ? `Valid until ${formatOrderDate(key.expires_at)}` : null;
}

/**
 * A subscription's licence key (one, kept across renewals) with its Copy key button, and its product's current
 * files with their Download buttons and this billing period's count, as an order's delivered goods show them
 * (the API lists files only while the subscription gives access). A download asks for the subscriptions again
 * shortly after, for the new download count.
 */
export function SubscriptionGoods({ subscription }: { subscription: Subscription }) {
  const baseId = useId();
  const refreshSoon = useRefreshSoon(subscriptionKeys.all);
  const { license_keys: keys, downloads, product_title: title } = subscription;
  if (keys.length === 0 && downloads.length === 0) return null;
  return (
    <div className={styles.good}>
      {keys.length > 0 && (
        <>
          <ul className={styles.keys} aria-label={`Licence keys for ${title}`}>
            {keys.map((key, index) => (
              <KeyRow key={key.key} value={key.key} id={`${baseId}-key-${index}`} />
            ))}
          </ul>
          {keys.map((key) => {
            const note = keyNote(key);
            return (
              note && (
                <p key={key.key} className={styles.muted}>
                  {keys.length > 1 ? `${key.key}: ${note}` : `Key ${note.charAt(0).toLowerCase()}${note.slice(1)}`}
                </p>
              )
            );
          })}
        </>
      )}
      {downloads.length > 0 && (
        <ul className={styles.files} aria-label={`Files for ${title}`}>
          {downloads.map((file) => (
            <FileRow key={file.file_id} file={file} onDownload={refreshSoon} limitNote={PERIOD_LIMIT_REACHED} />
          ))}
        </ul>
      )}
    </div>
  );
}
