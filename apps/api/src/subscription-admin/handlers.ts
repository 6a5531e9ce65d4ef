import { toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { cancelSubscription } from '../subscriptions/subscription-service.ts';
import { presentAdminSubscription, presentSubscriptionSummaries } from './present.ts';
import { refundLastPayment } from './refund-last-payment.ts';
import { findSubscription, listSubscriptions, paymentsOf } from './subscription-repository.ts';

type SubscriptionAdminRoutes = 'adminListSubscriptions' | 'adminGetSubscription' | 'adminCancelSubscription' | 'adminRefundSubscriptionPayment';

/** A subscription as staff name it in the audit trail: 'Sub #' and the last 8 characters of its id. */
const subscriptionLabel = (id: string) => `Sub #${id.slice(-8)}`;

/** Staff's subscription routes (docs/decisions/040-subscription-admin.md); the route table's admin access guards them all. */
export function subscriptionAdminHandlers(app: FastifyInstance): Pick<RouteHandlers, SubscriptionAdminRoutes> {
  const details = async (id: string) => {
    const subscription = await findSubscription(app.db, id);
    if (!subscription) throw notFound('Subscription not found', 'subscription_not_found');
    return presentAdminSubscription(app, subscription, await paymentsOf(app.db, id));
  };

  return {
    adminListSubscriptions: async ({ query }) => {
      const { rows, total } = await listSubscriptions(app.db, query);
      return { items: await presentSubscriptionSummaries(app, rows), total };
    },

    adminGetSubscription: ({ params }) => details(params.id),

    adminCancelSubscription: async ({ params, body, caller, request }) => {
      const before = await details(params.id);
      await cancelSubscription(app, params.id, { at: body.at, actor: 'staff' });
      request.log.info({ subscriptionId: params.id, at: body.at, by: caller.id }, 'subscription cancelled by staff');
      const after = await details(params.id);
      recordAuditChange(request, {
        targetLabel: subscriptionLabel(params.id),
        before: { status: before.status, current_period_end: before.current_period_end },
        after: { status: after.status, current_period_end: after.current_period_end, at: body.at },
      });
      return after;
    },

    // The refund ends the subscription now: the period it paid for is no longer paid (docs/decisions/040).
    adminRefundSubscriptionPayment: async ({ params, body, caller, request }) => {
      const before = await details(params.id);
      const payment = await refundLastPayment(app, params.id, caller.id, body.reason);
      if (before.status !== 'expired') await cancelSubscription(app, params.id, { at: 'now', actor: 'staff' });
      const after = await details(params.id);
      recordAuditChange(request, {
        targetLabel: subscriptionLabel(params.id),
        before: { status: before.status, payment_status: 'completed' },
        after: {
          status: after.status,
          payment_status: payment.status,
          payment_id: payment.id,
          amount: toDollars(payment.amount_cents),
          refund_reason: body.reason.trim(),
        },
      });
      return after;
    },
  };
}
