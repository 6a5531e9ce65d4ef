import type { AdminReview } from '@store/contracts';
import { Pagination, SelectField } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '@store/shell';
import * as layout from '../layout/admin-layout.css.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { REVIEWS_PAGE_SIZE, adminReviewsQueryOptions } from './queries.ts';
import { ReviewsTable } from './reviews-table.tsx';
import { hiddenFilter, type ReviewFilter } from './search.ts';
import { useSetReviewHidden } from './use-set-review-hidden.ts';

const route = getRouteApi('/_authed/reviews');

const SHOW_OPTIONS = [
  { value: '', label: 'All reviews' },
  { value: 'shown', label: 'Shown in the shop' },
  { value: 'hidden', label: 'Hidden' },
];

export const REVIEWS_LOAD_FAILED = 'Error loading reviews';

/**
 * /admin/reviews: every buyer's review, newest first, 100 at a time, with Hide and Show. A hidden review
 * leaves the product page and its rating and review count (docs/decisions/027-reviews.md).
 */
export function ReviewsPage() {
  usePageTitle('Reviews');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const hidden = hiddenFilter(search.show);

  const reviews = useQuery(
    adminReviewsQueryOptions({
      ...(hidden === undefined ? {} : { hidden }),
      limit: REVIEWS_PAGE_SIZE,
      offset: (page - 1) * REVIEWS_PAGE_SIZE,
    }),
  );
  useErrorToast(reviews.isError, reviews.errorUpdatedAt, REVIEWS_LOAD_FAILED);
  const list = reviews.isError ? [] : (reviews.data?.reviews ?? []);
  const total = reviews.isError ? 0 : (reviews.data?.total ?? 0);

  const setHidden = useSetReviewHidden();
  const changing = setHidden.isPending ? (setHidden.variables?.id ?? null) : null;

  const setShow = (show: string) =>
    void navigate({
      search: (previous) => ({ ...previous, show: (show || undefined) as ReviewFilter | undefined, page: undefined }),
      replace: true,
    });
  const setPage = (next: number) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Reviews</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {reviews.data && !reviews.isError ? `${total} ${total === 1 ? 'review' : 'reviews'}` : '\u00a0'}
          </p>
        </div>
      </div>

      <form role="search" aria-label="Filter reviews" className={layout.filters} onSubmit={(event) => event.preventDefault()}>
        <SelectField label="Show" options={SHOW_OPTIONS} value={search.show ?? ''} onChange={(event) => setShow(event.target.value)} />
      </form>

      <div>
        <ReviewsTable
          reviews={list}
          loading={reviews.isPending}
          busy={reviews.isPlaceholderData}
          changing={changing}
          onSetHidden={(review: AdminReview, hide: boolean) => setHidden.mutate({ id: review.id, hidden: hide })}
        />
        <Pagination
          page={page}
          pageSize={REVIEWS_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          labels={{ navigation: 'Reviews pages' }}
        />
      </div>
    </div>
  );
}
