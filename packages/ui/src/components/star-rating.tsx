import { LIMITS } from '@store/contracts';
import * as styles from './star-rating.css.ts';
import { StarIcon } from './icons.tsx';

const MAX_STARS = 5;

/** Whole stars shown for a rating: the floor of it, out of 5, with 4 when the product has none (spec section 2). */
export function filledStars(rating: number | null | undefined): number {
  const value = rating ?? LIMITS.defaultRating;
  if (!Number.isFinite(value)) return LIMITS.defaultRating;
  return Math.min(MAX_STARS, Math.max(0, Math.floor(value)));
}

export interface StarRatingProps {
  rating: number | null | undefined;
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
