import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/reviews/reviews-page.tsx';
import { validateReviewsSearch } from '../../features/reviews/search.ts';

export const Route = createFileRoute('/_authed/reviews')({
  validateSearch: validateReviewsSearch,
  component: ReviewsPage,
});
