import { formatUsd } from '@store/contracts';
import { CartIcon, KeyIcon, Notice, StatCard, StatGrid, UserIcon } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { adminStatsQueryOptions } from './queries.ts';
import * as styles from './dashboard.css.ts';

/** The four figures of the dashboard (spec: admin dashboard); revenue is paid and completed orders, in USD. */
export function DashboardStats() {
  const stats = useQuery(adminStatsQueryOptions());
  const loading = stats.isPending;
  const count = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));
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
          value={stats.data ? formatUsd(stats.data.total_revenue) : '—'}
          loading={loading}
          icon={<span className={styles.dollar}>$</span>}
        />
      </StatGrid>
    </>
  );
}
