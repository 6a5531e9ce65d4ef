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
