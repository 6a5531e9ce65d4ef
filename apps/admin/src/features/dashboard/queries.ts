import type { RevenuePeriod } from '@store/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The dashboard's figures; a change of an order's status invalidates them (revenue counts paid orders). */
export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_STATS_KEY,
    queryFn: ({ signal }) => api.adminStats(undefined, { signal }),
  });
}

/** Revenue per day over a period; under the stats key, so what invalidates the figures refreshes the chart too. */
export function adminRevenueQueryOptions(days: RevenuePeriod) {
  return queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'revenue', days] as const,
    queryFn: ({ signal }) => api.adminRevenue({ query: { days } }, { signal }),
  });
}
