import type { Kysely } from 'kysely';
import type { Database, ProductReviewRow } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { isVerifiedBuyer, lockProduct, normaliseReviewText, refreshReviewFigures, upsertReview } from './review-repository.ts';

export const productNotFound = () => notFound('Product not found', 'product_not_found');

/**
 * Writes (or edits) a buyer's review of a product and moves the product's figures, with the rules every review
 * follows (docs/decisions/027-reviews.md): the product on sale, the author a verified buyer, both checked under
 * the product's lock. The one path for a buyer's `PUT` and for the demo's reviews.
 */
export function saveReview(
  db: Kysely<Database>,
  review: { productId: string; userId: string; rating: number; body: string },
): Promise<ProductReviewRow> {
  const text = normaliseReviewText(review.body);
  return db.transaction().execute(async (trx) => {
    // The product's lock orders every change to its reviews, so two buyers reviewing at once both count.
    if (!(await lockProduct(trx, review.productId))) throw productNotFound();
    // Checked under the lock: a refund committed before it is seen here.
    if (!(await isVerifiedBuyer(trx, review.userId, review.productId))) {
      throw new AppError(
        'forbidden',
        'Only buyers of a completed order of this product can review it (a refunded order does not count).',
        'review_not_allowed',
      );
    }
    const saved = await upsertReview(trx, { ...review, body: text });
    await refreshReviewFigures(trx, review.productId);
    return saved;
  });
}
