import { LIMITS, type AdminReviewListQuery } from '@store/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin list of reviews: invalidated together after a review is hidden or shown. */
export const ADMIN_REVIEWS_KEY = ['admin', 'reviews'] as const;
export const REVIEWS_PAGE_SIZE = LIMITS.adminListSize;

export function adminReviewsQueryOptions(query: AdminReviewListQuery) {
  return queryOptions({
    queryKey: [...ADMIN_REVIEWS_KEY, query],
    queryFn: ({ signal }) => api.adminListReviews({ query }, { signal }),
    // A new page or filter keeps the rows on screen (marked busy) until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}
