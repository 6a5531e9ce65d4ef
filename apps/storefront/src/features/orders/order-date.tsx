import { formatOrderDate } from './order-format.ts';
import * as styles from './orders.css.ts';

/**
 * An order's date and time as one unbreakable piece ("Nov 22, 2026, 9:39 AM"): Chromium's formatter puts a
 * plain space before AM/PM, so a narrow column used to wrap the time as "9:39 / AM".
 */
export function OrderDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className={styles.dateTime}>
      {formatOrderDate(iso)}
    </time>
  );
}
