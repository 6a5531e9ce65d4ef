import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  registerWebhooks,
  resendDelivery,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.ts';

type WebhookRoutes =
  | 'adminListWebhooks'
  | 'adminCreateWebhook'
  | 'adminUpdateWebhook'
  | 'adminDeleteWebhook'
  | 'adminListWebhookDeliveries'
  | 'adminResendWebhookDelivery'
  | 'adminTestWebhook';

/** What the audit trail keeps of an endpoint: where and what, never its secret. */
const audited = (endpoint: { url: string; description: string; events: readonly string[]; enabled: boolean }) => ({
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  enabled: endpoint.enabled,
});

/** Staff's webhook endpoints and their deliveries (docs/decisions/057-webhooks.md). */
export function webhookHandlers(app: FastifyInstance): Pick<RouteHandlers, WebhookRoutes> {
  registerWebhooks(app);
  return {
    adminListWebhooks: async () => ({ endpoints: await listEndpoints(app) }),

    adminCreateWebhook: async ({ body, caller, request }) => {
      const created = await createEndpoint(app, body, caller.id);
      recordAuditChange(request, { targetId: created.endpoint.id, targetLabel: created.endpoint.url, after: audited(created.endpoint) });
      return created;
    },

    adminUpdateWebhook: async ({ params, body, request }) => {
      const { before, after } = await updateEndpoint(app, params.id, body);
      recordAuditChange(request, { targetId: after.id, targetLabel: after.url, before: audited(before), after: audited(after) });
      return after;
    },

    adminDeleteWebhook: async ({ params, request }) => {
      const removed = await deleteEndpoint(app, params.id);
      recordAuditChange(request, { targetId: removed.id, targetLabel: removed.url, before: audited(removed) });
      return null;
    },

    adminListWebhookDeliveries: async ({ params }) => ({ deliveries: await listDeliveries(app, params.id) }),

    adminResendWebhookDelivery: async ({ params, request }) => {
      const delivery = await resendDelivery(app, params.id, params.deliveryId);
      recordAuditChange(request, { targetId: params.id, targetLabel: delivery.event_type, after: { delivery: delivery.id, status: delivery.status } });
      return delivery;
    },

    adminTestWebhook: async ({ params, request }) => {
      const delivery = await sendTestEvent(app, params.id);
      recordAuditChange(request, { targetId: params.id, after: { delivery: delivery.id, status: delivery.status } });
      return delivery;
    },
  };
}
