import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** How often the System screen asks again while it is open and its tab is visible. */
export const SYSTEM_REFRESH_MS = 15_000;

export const systemKeys = {
  status: ['admin', 'system'] as const,
};

/**
 * The store's health as the instance that answered sees it. Always fresh (it is read during incidents), and
 * asked again every 15 s; TanStack Query pauses the interval while the tab is hidden (`refetchIntervalInBackground`
 * is false), so a forgotten tab does not keep calling.
 */
export function adminSystemStatusQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.status,
    queryFn: ({ signal }) => api.adminSystemStatus(undefined, { signal }),
    staleTime: 0,
    refetchInterval: SYSTEM_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
