import { ApiError } from '@store/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { ADMIN_REVIEWS_KEY } from './queries.ts';

export const REVIEW_HIDDEN_MESSAGES = {
  hidden: 'Review hidden: it no longer shows in the shop or counts in the rating',
  shown: 'Review shown in the shop again',
  failed: 'The review could not be changed. Please try again.',
} as const;

/**
 * Hides or shows a review (PATCH /admin/reviews/{id}); the API recomputes the product's rating and review
 * count in the same step. A refusal shows the server's reason. The lists reload either way.
 */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => api.adminSetReviewHidden({ params: { id }, body: { hidden } }),
    onSuccess: (review) => {
      toast.success(review.hidden ? REVIEW_HIDDEN_MESSAGES.hidden : REVIEW_HIDDEN_MESSAGES.shown);
    },
    onError: (error) => {
      toast.error(error instanceof ApiError && error.detail.trim() ? error.detail : REVIEW_HIDDEN_MESSAGES.failed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY }),
  });
}
