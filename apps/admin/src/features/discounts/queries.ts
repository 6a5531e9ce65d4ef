import { LIMITS, type DiscountCodeListQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin query about discount codes: invalidated together after a code is saved or disabled. */
export const ADMIN_DISCOUNTS_KEY = ['admin', 'discounts'] as const;
export const DISCOUNTS_PAGE_SIZE = LIMITS.adminListSize;

export function adminDiscountsQueryOptions(query: DiscountCodeListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_DISCOUNTS_KEY, 'list', query],
    queryFn: ({ signal }) => api.adminListDiscounts({ query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function discountUsesQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_DISCOUNTS_KEY, 'uses', id],
    queryFn: ({ signal }) => api.adminListDiscountUses({ params: { id }, query: { limit: LIMITS.adminListSize } }, { signal }),
  });
}

/** The products a code can be limited to: the first page of the staff catalogue, by name. */
export function scopeProductsQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_DISCOUNTS_KEY, 'products'],
    queryFn: ({ signal }) => api.adminListProducts({ query: { sort: 'name', limit: LIMITS.maxPageSize } }, { signal }),
    staleTime: 60_000,
  });
}
