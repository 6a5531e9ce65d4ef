import { LIMITS, type OrderListQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin order list (the orders screen's pages, the dashboard's latest): invalidated together after a change. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

/** The orders screen's page size and the dashboard's (spec section 9). */
export const ORDERS_PAGE_SIZE = LIMITS.adminListSize;
export const RECENT_ORDERS = LIMITS.dashboardRecent;

export function adminOrdersQueryOptions(query: OrderListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, query],
    queryFn: ({ signal }) => api.adminListOrders({ query }, { signal }),
    // A new page or filter keeps the rows on screen (marked busy) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
