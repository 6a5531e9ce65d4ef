import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import {
  findOwnReview,
  findReviewForStaff,
  isVerifiedBuyer,
  listProductReviews,
  listReviewsForStaff,
  lockProduct,
  refreshReviewFigures,
  toOwnReview,
} from './review-repository.ts';
import { productNotFound, saveReview } from './review-service.ts';

/** Reviews by verified buyers: the product page's list, a buyer's own review, and staff hiding one (docs/decisions/027-reviews.md). */
export function reviewHandlers(
  app: FastifyInstance,
): Pick<RouteHandlers, 'listProductReviews' | 'getMyReview' | 'saveMyReview' | 'adminListReviews' | 'adminSetReviewHidden'> {
  const productOnSale = (id: string) =>
    app.db.selectFrom('products').select('id').where('id', '=', id).where('archived_at', 'is', null).executeTakeFirst();

  return {
    listProductReviews: async ({ params, query }) => {
      if (!(await productOnSale(params.id))) throw productNotFound();
      return listProductReviews(app.db, params.id, query);
    },

    getMyReview: async ({ params, caller }) => {
      if (!(await productOnSale(params.id))) throw productNotFound();
      const [canReview, review] = await Promise.all([
        isVerifiedBuyer(app.db, caller.id, params.id),
        findOwnReview(app.db, caller.id, params.id),
      ]);
      return { can_review: canReview, review: review ? toOwnReview(review) : null };
    },

    saveMyReview: async ({ params, body, caller, request }) => {
      const saved = await saveReview(app.db, { productId: params.id, userId: caller.id, rating: body.rating, body: body.body ?? '' });
      request.log.info({ productId: params.id, reviewId: saved.id, rating: saved.rating }, 'review saved');
      return { can_review: true, review: toOwnReview(saved) };
    },

    adminListReviews: ({ query }) => listReviewsForStaff(app.db, query),

    adminSetReviewHidden: async ({ params, body, caller, request }) => {
      const found = await app.db.selectFrom('product_reviews').select('product_id').where('id', '=', params.id).executeTakeFirst();
      if (!found) throw notFound('Review not found', 'review_not_found');
      const wasHidden = await app.db.transaction().execute(async (trx) => {
        // Archived products keep their reviews: staff may still hide one.
        await lockProduct(trx, found.product_id, { archived: true });
        const current = await trx.selectFrom('product_reviews').select('hidden_at').where('id', '=', params.id).executeTakeFirst();
        const changed = await trx
          .updateTable('product_reviews')
          .set({ hidden_at: body.hidden ? sql<Date>`coalesce(hidden_at, now())` : null })
          .where('id', '=', params.id)
          .executeTakeFirst();
        if (changed.numUpdatedRows === 0n) throw notFound('Review not found', 'review_not_found');
        await refreshReviewFigures(trx, found.product_id);
        return current?.hidden_at != null;
      });
      request.log.info({ reviewId: params.id, hidden: body.hidden, by: caller.id }, 'review hidden flag set by staff');
      const review = await findReviewForStaff(app.db, params.id);
      if (!review) throw notFound('Review not found', 'review_not_found');
      recordAuditChange(request, {
        targetLabel: `${review.username} on ${review.product_title}`,
        before: { hidden: wasHidden },
        after: { hidden: review.hidden },
      });
      return review;
    },
  };
}
