import { Price, Skeleton } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as layout from '../layout/admin-layout.css.ts';
import { OrderStatusBadges } from '../orders/order-status-badges.tsx';
import { RECENT_ORDERS, adminOrdersQueryOptions } from '../orders/queries.ts';
import { formatAdminDate, orderRef } from '../site/format.ts';
import * as styles from './dashboard.css.ts';

/** The 5 latest orders (spec: admin dashboard), each a link to it on the orders screen. */
export function RecentOrders() {
  const orders = useQuery(adminOrdersQueryOptions({ limit: RECENT_ORDERS }));

  return (
    <section className={layout.panel} aria-labelledby="recent-orders-title">
      <div className={layout.panelHeader}>
        <h2 id="recent-orders-title" className={layout.sectionTitle}>
          Recent orders
        </h2>
        <Link to="/orders" className={styles.viewAll}>
          View all orders
        </Link>
      </div>
      {orders.isPending ? (
        <ul className={styles.orderList} aria-busy="true" aria-label="Loading recent orders">
          {Array.from({ length: RECENT_ORDERS }, (_, index) => (
            <li key={index} className={styles.orderItem}>
              <span className={styles.orderMain}>
                <Skeleton width="6rem" height="1rem" />
                <Skeleton width="9rem" height="0.85rem" />
              </span>
              <span className={styles.orderSide}>
                <Skeleton width="4rem" height="1rem" />
                <Skeleton width="4.5rem" height="1.25rem" radius="999px" />
              </span>
            </li>
          ))}
        </ul>
      ) : orders.isError ? (
        <p className={styles.empty}>The latest orders could not be loaded.</p>
      ) : orders.data.orders.length === 0 ? (
        <p className={styles.empty}>No orders yet</p>
      ) : (
        <ul className={styles.orderList}>
          {orders.data.orders.map((order) => (
            <li key={order.id} className={styles.orderItem}>
              <span className={styles.orderMain}>
                <Link to="/orders" search={{ search: order.id }} className={styles.orderRefLink} aria-label={`Order ${orderRef(order.id)}`}>
                  {orderRef(order.id)}
                </Link>
                <time dateTime={order.created_at} className={styles.orderDate}>
                  {formatAdminDate(order.created_at)}
                </time>
              </span>
              <span className={styles.orderSide}>
                <Price amount={order.total_amount} cents className={styles.amount} />
                <OrderStatusBadges order={order} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
