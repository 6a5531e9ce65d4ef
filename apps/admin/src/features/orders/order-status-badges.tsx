import type { Order } from '@store/contracts';
import { Badge, StatusBadge } from '@store/ui';
import * as styles from './orders.css.ts';

export const TEST_ORDER_HINT = 'Paid through the payment sandbox: no real money';

/**
 * An order's status badge, with a small Test badge beside it for an order paid through the local payment
 * sandbox: it moved no money, so it is left out of the revenue and nothing should be sent against it.
 */
export function OrderStatusBadges({ order }: { order: Pick<Order, 'status' | 'test'> }) {
  return (
    <span className={styles.statusBadges}>
      <StatusBadge status={order.status} />
      {order.test && (
        <Badge tone="orange" title={TEST_ORDER_HINT}>
          Test
        </Badge>
      )}
    </span>
  );
}
