import * as styles from './star-rating.css.ts';
import { StarIcon } from './icons.tsx';

const MAX_STARS = 5;

/**
 * Whole stars shown for a rating: the floor of it, out of 5 (spec section 2). There is no default: a product
 * without reviews shows no stars at all (docs/decisions/013-storefront.md), so only real ratings come here.
 */
export function filledStars(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.floor(rating)));
}

export interface StarRatingProps {
  rating: number;
  size?: number;
  className?: string;
}

export function StarRating({ rating, size = 16, className }: StarRatingProps) {
  const stars = filledStars(rating);
  return (
    <span role="img" aria-label={`Rated ${stars} out of ${MAX_STARS}`} className={[styles.rating, className].filter(Boolean).join(' ')}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarIcon key={index} size={size} filled={index < stars} className={index < stars ? styles.filled : undefined} />
      ))}
    </span>
  );
}
