import type { Review } from '@store/contracts';
import { Button, Notice, Skeleton, StarRating } from '@store/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { productReviewsQueryOptions } from './queries.ts';
import * as styles from './reviews.css.ts';
import { starsLabel } from './star-picker.tsx';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** `Nov 20, 2026`; an unreadable date is shown as it came. */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** The reviews of buyers, newest first, ten at a time with 'Show more reviews'. */
export function ReviewList({ productId }: { productId: string }) {
  const reviews = useInfiniteQuery(productReviewsQueryOptions(productId));

  if (reviews.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading reviews" className={styles.list}>
        <Skeleton width="40%" height="1rem" />
        <Skeleton width="100%" height="3rem" />
      </div>
    );
  }
  if (reviews.isError) {
    return (
      <Notice tone="danger" live="none" title="Reviews could not be loaded.">
        <p>
          <Button variant="secondary" size="sm" loading={reviews.isFetching} onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </p>
      </Notice>
    );
  }

  // A review written while the shopper pages may shift the pages by one: each review is shown once.
  const seen = new Set<string>();
  const shown = reviews.data.pages.flatMap((page) => page.reviews).filter((review) => !seen.has(review.id) && seen.add(review.id));
  const total = reviews.data.pages.at(-1)?.total ?? 0;
  // Every review counted is listed, with or without text: with none, the summary above already says "No reviews yet".
  if (total === 0) return null;

  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        Showing {shown.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {total === 1 ? 'review' : 'reviews'} by verified
        buyers
      </p>
      <ul className={styles.list} aria-label="Reviews by buyers" aria-busy={reviews.isFetching || undefined}>
        {shown.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage && (
        <div>
          <Button variant="secondary" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
            Show more reviews
          </Button>
        </div>
      )}
    </div>
  );
}

/** One review: stars, the author's username, the date, and the text as plain text (React escapes it; never HTML). */
export function ReviewItem({ review }: { review: Review }) {
  const edited = review.updated_at !== review.created_at;
  return (
    <article className={styles.review} aria-label={`Review by ${review.author}, ${starsLabel(review.rating)}`}>
      <div className={styles.reviewMeta}>
        <StarRating rating={review.rating} size={14} />
        <span className={styles.author}>{review.author}</span>
        <span>
          <time dateTime={review.created_at}>{formatReviewDate(review.created_at)}</time>
          {edited && ' (edited)'}
        </span>
      </div>
      {review.body && <p className={styles.body}>{review.body}</p>}
    </article>
  );
}
