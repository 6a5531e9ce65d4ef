import { AlertIcon, CartIcon, ClockIcon, KeyIcon, Notice, StatCard, StatFigure, StatGrid, UserIcon } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { adminStatsQueryOptions } from './queries.ts';
import * as styles from './dashboard.css.ts';

/**
 * The figures of the dashboard: the spec's four (revenue is paid and completed orders and subscription
 * payments, in USD), the orders with an open PayPal dispute, which lead to those orders and stand out
 * while there are any, and the subscriptions: how many are active (leading to them) and their monthly
 * recurring revenue (docs/decisions/040-subscription-admin.md). Test orders (paid through the sandbox)
 * are left out of the orders, revenue and subscription figures (apps/api's adminStats), so a line under
 * the cards always says so: the list of orders below does show them (docs/decisions/051-admin-layout.md).
 */
export function DashboardStats() {
  const stats = useQuery(adminStatsQueryOptions());
  const loading = stats.isPending;
  const count = (value: number | undefined) => (value === undefined ? '—' : <StatFigure value={value} kind="count" />);
  const usd = (value: number | undefined) => (value === undefined ? '—' : <StatFigure value={value} kind="usd" />);
  return (
    <>
      {stats.isError && (
        <Notice tone="danger" live="alert">
          The store figures could not be loaded.
        </Notice>
      )}
      <StatGrid>
        <StatCard label="Total products" value={count(stats.data?.total_products)} loading={loading} icon={<KeyIcon />} />
        <StatCard label="Total orders" value={count(stats.data?.total_orders)} loading={loading} icon={<CartIcon />} />
        <StatCard label="Total users" value={count(stats.data?.total_users)} loading={loading} icon={<UserIcon />} />
        <StatCard
          label="Total revenue"
          value={usd(stats.data?.total_revenue)}
          loading={loading}
          icon={<span className={styles.dollar} />}
        />
        <StatCard
          label={
            <Link to="/orders" search={{ dispute: 'open' }} className={styles.statLink}>
              Open disputes
            </Link>
          }
          value={count(stats.data?.open_disputes)}
          loading={loading}
          icon={<AlertIcon />}
          tone={stats.data && stats.data.open_disputes > 0 ? 'warning' : 'default'}
        />
        <StatCard
          label={
            <Link to="/subscriptions" search={{ status: 'active' }} className={styles.statLink}>
              Active subscriptions
            </Link>
          }
          value={count(stats.data?.active_subscriptions)}
          loading={loading}
          icon={<ClockIcon />}
        />
        <StatCard
          label="MRR"
          value={usd(stats.data?.mrr)}
          loading={loading}
          icon={<span className={styles.dollar} />}
        />
      </StatGrid>
      <p className={styles.statsNote}>
        Test orders and subscriptions (paid through the payment sandbox) are not counted in Total orders, Total revenue, Active
        subscriptions or MRR.
      </p>
    </>
  );
}
