import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { DOWNLOAD_LINK_REFRESH_MS } from '../orders/queries.ts';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

/** The signed-in shopper's subscriptions; asked on every visit and renewed like the orders, for their download links. */
export function mySubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ signal }) => api.listMySubscriptions(undefined, { signal }),
    staleTime: 0,
    refetchInterval: DOWNLOAD_LINK_REFRESH_MS,
  });
}
