import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problems, isObject, readObject, readString } from './body-reader.ts';
import { invalidRequest, issue, malformedJson, unprocessable } from './errors.ts';
import { findCapture } from './orders.ts';
import type { SandboxState } from './state.ts';
import { deliverWebhook, disputeEvent } from './webhooks.ts';

const DISPUTE_EVENTS = ['CUSTOMER.DISPUTE.CREATED', 'CUSTOMER.DISPUTE.UPDATED', 'CUSTOMER.DISPUTE.RESOLVED'] as const;
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * POST /v1/notifications/simulate-event: PayPal's webhook simulator, for what a test cannot reach otherwise.
 * A sandbox mounted inside a store (the end-to-end tests' store) keeps its state in that process, so a test
 * running elsewhere cannot call `deliverWebhook` on it; it asks this route instead, which delivers the event
 * signed and recorded as `deliverWebhook` does, so the store's verification answers SUCCESS.
 *
 * Unlike PayPal's simulator, which sends a sample resource, the event is about one of the caller's captures
 * (`resource.capture_id`), and only dispute events are offered. The event goes only to the sandbox's own host
 * (the origin of its `publicUrl`): the store it is mounted in, never an address a caller picks elsewhere.
 */
export function registerSimulateEventRoute(app: FastifyInstance, state: SandboxState, clientOf: (request: FastifyRequest) => string): void {
  const ownOrigin = new URL(state.config.publicUrl).origin;

  app.post('/v1/notifications/simulate-event', async (request, reply) => {
    const body = request.body ?? {};
    if (!isObject(body)) throw malformedJson();
    const problems = new Problems();
    const url = readString(problems, body, 'url', '', { required: true, max: 2048, url: true });
    const webhookId = readString(problems, body, 'webhook_id', '', { required: true, min: 1, max: 50 });
    const eventType = readString(problems, body, 'event_type', '', { required: true, oneOf: DISPUTE_EVENTS });
    const resource = readObject(problems, body, 'resource', '', true);
    const captureId = resource ? readString(problems, resource, 'capture_id', '/resource', { required: true, min: 1, max: 36 }) : undefined;
    const disputeId = resource
      ? readString(problems, resource, 'dispute_id', '/resource', { min: 1, max: 64, pattern: /^[A-Za-z0-9-]+$/ })
      : undefined;
    const status = resource ? readString(problems, resource, 'status', '/resource', { pattern: CODE }) : undefined;
    const reason = resource ? readString(problems, resource, 'reason', '/resource', { pattern: CODE }) : undefined;
    const outcome = resource ? readString(problems, resource, 'outcome', '/resource', { pattern: CODE }) : undefined;
    if (problems.any || url === undefined || webhookId === undefined || eventType === undefined || captureId === undefined) {
      throw invalidRequest(problems.details);
    }
    if (new URL(url).origin !== ownOrigin) {
      throw unprocessable([
        issue('INVALID_PARAMETER_VALUE', { field: '/url', value: url, location: 'body' }, `Events go only to ${ownOrigin}.`),
      ]);
    }
    const capture = findCapture(state, clientOf(request), captureId);
    const stage = eventType.slice('CUSTOMER.DISPUTE.'.length) as 'CREATED' | 'UPDATED' | 'RESOLVED';
    const { disputeId: sentDisputeId, ...event } = disputeEvent(state, {
      captureId: capture.id,
      stage,
      ...(disputeId === undefined ? {} : { disputeId }),
      ...(status === undefined ? {} : { status }),
      ...(reason === undefined ? {} : { reason }),
      ...(outcome === undefined ? {} : { outcome }),
    });
    const delivery = await deliverWebhook(state, { url, webhookId, ...event });
    return reply.status(202).send({ ...delivery.event, dispute_id: sentDisputeId, delivery_status: delivery.status });
  });
}
