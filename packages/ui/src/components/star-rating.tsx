import * as styles from './star-rating.css.ts';
import { StarIcon } from './icons.tsx';

const MAX_STARS = 5;

export type StarFill = 'full' | 'half' | 'empty';

/**
 * The stars a rating shows: the rating rounded to the nearest half within 0 to 5 (4.7 → 4.5, 4.8 → 5, 4.2 → 4;
 * docs/decisions/053-half-stars.md). There is no default: a product without reviews shows no stars at all
 * (docs/decisions/013-storefront.md), so only real ratings come here.
 */
export function shownStars(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.round(rating * 2) / 2));
}

/** Each of the five stars drawn for a rating, first to last. */
export function starFills(rating: number): StarFill[] {
  const shown = shownStars(rating);
  return Array.from({ length: MAX_STARS }, (_, index) => (index + 1 <= shown ? 'full' : index + 0.5 === shown ? 'half' : 'empty'));
}

/** The figure a screen reader hears: the rating itself, one decimal at most as the API sends it, within 0 to 5. */
export function ratingFigure(rating: number): string {
  const figure = Number.isFinite(rating) ? Math.min(MAX_STARS, Math.max(0, rating)) : 0;
  return figure.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

export interface StarRatingProps {
  rating: number;
  size?: number;
  className?: string;
}

/** A rating to read, drawn in half stars and named with its exact figure; a review's own input is the storefront's StarPicker. */
export function StarRating({ rating, size = 16, className }: StarRatingProps) {
  return (
    <span
      role="img"
      aria-label={`Rated ${ratingFigure(rating)} out of ${MAX_STARS}`}
      className={[styles.rating, className].filter(Boolean).join(' ')}
    >
      {starFills(rating).map((fill, index) => (
        <StarIcon
          key={index}
          size={size}
          filled={fill === 'full' ? true : fill === 'half' ? 'half' : false}
          className={fill === 'empty' ? undefined : styles.filled}
        />
      ))}
    </span>
  );
}
