/*
 * How a product's figures read (docs/decisions/013-storefront.md, 027-reviews.md): only real reviews count,
 * so a product without any says so instead of showing stars.
 */

export const NO_REVIEWS_YET = 'No reviews yet';

/** "1 review", "12 reviews", "1,284 reviews". */
export function reviewsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;
}

/** A rating with one decimal: 4 reads "4.0", 4.66 (never sent, but safe) "4.7". */
export function ratingValue(rating: number): string {
  return rating.toFixed(1);
}
