import { REVENUE_PERIODS, formatUsd, type RevenuePeriod } from '@store/contracts';
import { Button, Skeleton } from '@store/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import * as styles from './dashboard.css.ts';
import { adminRevenueQueryOptions } from './queries.ts';

// Its own chunk: only the dashboard downloads the chart (docs/decisions/031-revenue-chart.md).
const RevenueChart = lazy(() => import('./revenue-chart.tsx').then((module) => ({ default: module.RevenueChart })));

const CHART_PLACEHOLDER = <Skeleton width="100%" height="12.5rem" />;

/**
 * Revenue and orders per day over the last 7, 30 or 90 days (UTC), paid and completed orders only, test
 * orders left out; the period is the card's own choice (30 days first), kept while the dashboard is open.
 */
export function RevenueCard() {
  const [days, setDays] = useState<RevenuePeriod>(30);
  const revenue = useQuery({ ...adminRevenueQueryOptions(days), placeholderData: keepPreviousData });
  const series = revenue.data;
  const orders = series ? `${series.total_orders.toLocaleString('en-US')} ${series.total_orders === 1 ? 'order' : 'orders'}` : '';

  return (
    <section className={layout.panel} aria-labelledby="revenue-title" aria-busy={revenue.isFetching}>
      <div className={layout.panelHeader}>
        <h2 id="revenue-title" className={layout.sectionTitle}>
          Revenue
        </h2>
        <div role="group" aria-label="Period" className={styles.periods}>
          {REVENUE_PERIODS.map((period) => (
            <Button
              key={period}
              size="sm"
              variant={period === days ? 'primary' : 'secondary'}
              aria-pressed={period === days}
              onClick={() => setDays(period)}
            >
              {period} days
            </Button>
          ))}
        </div>
      </div>
      {revenue.isPending ? (
        <div aria-label="Loading revenue">{CHART_PLACEHOLDER}</div>
      ) : revenue.isError || !series ? (
        <p className={styles.empty}>The revenue could not be loaded.</p>
      ) : (
        <>
          <p className={styles.revenueTotals} aria-live="polite">
            <strong className={styles.revenueTotal}>{formatUsd(series.total_revenue)}</strong> from {orders} in the last {series.days} days
          </p>
          {series.total_orders === 0 ? (
            <p className={styles.empty}>No sales in the last {series.days} days.</p>
          ) : (
            <Suspense fallback={CHART_PLACEHOLDER}>
              <RevenueChart series={series} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
