import type { AdminOrder } from '@store/contracts';
import { Badge, StatusBadge } from '@store/ui';
import * as styles from './orders.css.ts';

export const TEST_ORDER_HINT = 'Paid through the payment sandbox: no real money';
export const DISPUTED_ORDER_HINT = 'The buyer opened a PayPal dispute that is not resolved yet';

/**
 * An order's status badge, with a small Test badge beside it for an order paid through the local payment
 * sandbox: it moved no money, so it is left out of the revenue and nothing should be sent against it; and a
 * Disputed badge while a PayPal dispute over its payment is open, which staff answer with its delivery log.
 */
export function OrderStatusBadges({ order }: { order: Pick<AdminOrder, 'status' | 'test' | 'dispute'> }) {
  return (
    <span className={styles.statusBadges}>
      <StatusBadge status={order.status} />
      {order.dispute?.open && (
        <Badge tone="red" title={DISPUTED_ORDER_HINT}>
          Disputed
        </Badge>
      )}
      {order.test && (
        <Badge tone="orange" title={TEST_ORDER_HINT}>
          Test
        </Badge>
      )}
    </span>
  );
}
