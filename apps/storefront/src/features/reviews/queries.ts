import { ApiError, ERROR_CODE, LIMITS, type MyReview, type ReviewInput } from '@store/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { catalogKeys } from '../catalog/queries.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (productId: string) => [...reviewKeys.all, 'list', productId] as const,
  mine: (productId: string) => [...reviewKeys.all, 'mine', productId] as const,
};

/** A product's reviews, newest first, ten at a time ('Show more reviews' fetches the next ones). */
export function productReviewsQueryOptions(productId: string) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.list(productId),
    queryFn: ({ pageParam, signal }) =>
      api.listProductReviews({ params: { id: productId }, query: { limit: LIMITS.reviewsPageSize, offset: pageParam } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      return loaded < lastPage.total && lastPage.reviews.length > 0 ? loaded : undefined;
    },
  });
}

/** Whether the signed-in shopper may review the product, and their review of it. */
export function myReviewQueryOptions(productId: string) {
  return queryOptions({
    queryKey: reviewKeys.mine(productId),
    queryFn: ({ signal }) => api.getMyReview({ params: { id: productId } }, { signal }),
  });
}

/**
 * Writes or edits the shopper's review. Once saved, their review is the answer, and the product's list and
 * figures (on this page, and on every card that shows the product) are asked again.
 */
export function useSaveReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api.saveMyReview({ params: { id: productId }, body: input }),
    onSuccess: (answer: MyReview) => {
      queryClient.setQueryData(reviewKeys.mine(productId), answer);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.list(productId) });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    // Refused because the purchase no longer stands (refunded meanwhile): the page asks again and says so.
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODE.review_not_allowed)
        void queryClient.invalidateQueries({ queryKey: reviewKeys.mine(productId) });
    },
  });
}
