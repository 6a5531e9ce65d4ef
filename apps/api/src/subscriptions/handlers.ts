import type { FastifyInstance } from 'fastify';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { cancelSubscription, confirmSubscription, createSubscription, ownSubscription } from './subscription-service.ts';
import { presentSubscription, presentSubscriptions } from './subscription-view.ts';

type SubscriptionRoutes = 'createSubscription' | 'listMySubscriptions' | 'getMySubscription' | 'confirmSubscription' | 'cancelMySubscription';

/** A subscriber's routes (docs/decisions/037-subscriptions.md); staff's are in the admin's module. */
export function subscriptionHandlers(app: FastifyInstance): Pick<RouteHandlers, SubscriptionRoutes> {
  return {
    createSubscription: async ({ body, caller, request }) => {
      // The return and cancel addresses come from the shop's own origin, never from a forged Host (decision 034).
      const created = await createSubscription(app, caller.id, body.product_id, shopOrigin(app, request));
      return { id: created.id, paypal_subscription_id: created.paypalSubscriptionId, status: 'approval_pending', approve_url: created.approveUrl };
    },
    listMySubscriptions: async ({ caller }) => {
      const rows = await app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', caller.id).orderBy('created_at', 'desc').orderBy('id').limit(100).execute();
      return { subscriptions: await presentSubscriptions(app, rows) };
    },
    getMySubscription: async ({ params, caller }) => presentSubscription(app, await ownSubscription(app, caller.id, params.id)),
    confirmSubscription: async ({ params, caller }) => presentSubscription(app, await confirmSubscription(app, caller.id, params.id)),
    cancelMySubscription: async ({ params, caller }) => {
      await ownSubscription(app, caller.id, params.id);
      return presentSubscription(app, await cancelSubscription(app, params.id, { at: 'period_end', actor: 'buyer' }));
    },
  };
}
