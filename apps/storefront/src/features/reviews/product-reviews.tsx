import type { OwnReview, Product } from '@store/contracts';
import { Button, Notice, Skeleton, StarRating } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { NO_REVIEWS_YET, ratingValue, reviewsLabel } from './rating-text.ts';
import { REVIEWS_ANCHOR } from './reviews-anchor.ts';
import { useSessionSnapshot } from '../session/session-store.ts';
import { myReviewQueryOptions } from './queries.ts';
import { ReviewForm } from './review-form.tsx';
import { ReviewList, formatReviewDate } from './review-list.tsx';
import * as styles from './reviews.css.ts';

/**
 * The product page's reviews (docs/decisions/027-reviews.md): the product's rating, the shopper's own review
 * (or the form to write one, for a buyer of a completed order), and the reviews of buyers.
 */
export function ProductReviews({ product }: { product: Pick<Product, 'id' | 'rating' | 'reviews_count'> }) {
  return (
    <section id={REVIEWS_ANCHOR} className={styles.section} aria-labelledby="product-reviews">
      <div className={styles.header}>
        <h2 id="product-reviews" className={styles.title}>
          Reviews
        </h2>
        <p className={styles.summary}>
          {product.rating === null ? (
            NO_REVIEWS_YET
          ) : (
            <>
              <StarRating rating={product.rating} size={16} />
              <span className={styles.summaryValue}>{ratingValue(product.rating)} out of 5</span>
              <span>({reviewsLabel(product.reviews_count)})</span>
            </>
          )}
        </p>
      </div>
      <MyReviewPanel productId={product.id} />
      <ReviewList productId={product.id} />
    </section>
  );
}

/** What the shopper may do here: sign in, write a review, see and edit theirs, or nothing (not a buyer). */
function MyReviewPanel({ productId }: { productId: string }) {
  const { status, user } = useSessionSnapshot();
  if (status === 'loading') return null;
  if (!user) {
    return (
      <p className={styles.muted}>
        Bought this product?{' '}
        <Link to="/login" search={{ redirect: `/products/${productId}#${REVIEWS_ANCHOR}` }}>
          Sign in
        </Link>{' '}
        to review it.
      </p>
    );
  }
  return <SignedInReview productId={productId} />;
}

function SignedInReview({ productId }: { productId: string }) {
  const mine = useQuery(myReviewQueryOptions(productId));
  const [editing, setEditing] = useState(false);

  if (mine.isPending) return <Skeleton width="60%" height="1.25rem" />;
  if (mine.isError) {
    return (
      <Notice tone="danger" live="none" title="Your review could not be loaded.">
        <p>
          <Button variant="secondary" size="sm" loading={mine.isFetching} onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </p>
      </Notice>
    );
  }

  const { can_review: canReview, review } = mine.data;
  if (!review) {
    if (!canReview) return <p className={styles.muted}>Only buyers of a completed order of this product can review it.</p>;
    return (
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>Write a review</h3>
        <ReviewForm productId={productId} />
      </div>
    );
  }

  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>{editing ? 'Edit your review' : 'Your review'}</h3>
      {editing ? (
        <ReviewForm productId={productId} review={review} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : (
        <OwnReviewView review={review} canEdit={canReview} onEdit={() => setEditing(true)} />
      )}
    </div>
  );
}

function OwnReviewView({ review, canEdit, onEdit }: { review: OwnReview; canEdit: boolean; onEdit: () => void }) {
  return (
    <>
      <div className={styles.reviewMeta}>
        <StarRating rating={review.rating} size={14} />
        <time dateTime={review.updated_at}>{formatReviewDate(review.updated_at)}</time>
      </div>
      {review.body && <p className={styles.body}>{review.body}</p>}
      {review.hidden && (
        <p className={styles.muted}>The shop has hidden this review: other shoppers do not see it, and it does not count in the rating.</p>
      )}
      {!canEdit && (
        <p className={styles.muted}>Your order of this product was refunded, so your review no longer counts and cannot be edited.</p>
      )}
      {canEdit && (
        <div>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit your review
          </Button>
        </div>
      )}
    </>
  );
}
