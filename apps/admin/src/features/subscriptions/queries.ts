import { LIMITS, type AdminSubscriptionListQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin subscription query (the list's pages, a subscription's details): invalidated together after a change. */
export const ADMIN_SUBSCRIPTIONS_KEY = ['admin', 'subscriptions'] as const;

/** The subscriptions screen's page size: the orders screen's. */
export const SUBSCRIPTIONS_PAGE_SIZE = LIMITS.adminListSize;

export function adminSubscriptionsQueryOptions(query: AdminSubscriptionListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_SUBSCRIPTIONS_KEY, 'list', query],
    queryFn: ({ signal }) => api.adminListSubscriptions({ query }, { signal }),
    // A new page or filter keeps the rows on screen (marked busy) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** One subscription with its buyer, key and every payment. */
export function adminSubscriptionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_SUBSCRIPTIONS_KEY, 'details', id],
    queryFn: ({ signal }) => api.adminGetSubscription({ params: { id } }, { signal }),
  });
}

/** The subscription products, for the list's product filter (the catalogue for staff, first page). */
export function subscriptionProductsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'products', 'subscription-products'],
    queryFn: async ({ signal }) => {
      const list = await api.adminListProducts({ query: { limit: LIMITS.adminListSize } }, { signal });
      return list.products.filter((product) => product.product_type === 'subscription');
    },
  });
}
