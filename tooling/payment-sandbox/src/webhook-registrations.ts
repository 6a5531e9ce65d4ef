import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SALE_EVENT_TYPES, SUBSCRIPTION_EVENT_TYPES } from './billing-events.ts';
import type { RegisteredWebhook } from './billing-types.ts';
import { Problems, isObject, readString } from './body-reader.ts';
import { PayPalApiError, invalidRequest, issue, malformedJson, resourceNotFound } from './errors.ts';
import { newWebhookId } from './ids.ts';
import type { SandboxState } from './state.ts';

/** PayPal's limit of webhooks per app. */
const MAX_WEBHOOKS = 10;

/** The event names a webhook may ask for: the ones this sandbox sends, its checkout ones, and '*'. */
const KNOWN_EVENTS: ReadonlySet<string> = new Set([
  '*',
  ...SUBSCRIPTION_EVENT_TYPES,
  ...SALE_EVENT_TYPES,
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.UPDATED',
  'CUSTOMER.DISPUTE.RESOLVED',
]);

function webhookView(state: SandboxState, webhook: RegisteredWebhook): Record<string, unknown> {
  const self = `${state.config.publicUrl}/v1/notifications/webhooks/${webhook.id}`;
  return {
    id: webhook.id,
    url: webhook.url,
    event_types: webhook.eventTypes.map((name) => ({ name, description: name === '*' ? 'ALL' : name })),
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: self, rel: 'update', method: 'PATCH' },
      { href: self, rel: 'delete', method: 'DELETE' },
    ],
  };
}

function parseWebhook(body: unknown): { url: string; eventTypes: string[] } {
  if (!isObject(body)) throw malformedJson();
  const problems = new Problems();
  // PayPal wants https; the sandbox also takes http, for a store on localhost.
  const url = readString(problems, body, 'url', '', { required: true, max: 2048, url: true });
  const eventTypes: string[] = [];
  const given = body.event_types;
  if (given === undefined || given === null) problems.add('MISSING_REQUIRED_PARAMETER', '/event_types');
  else if (!Array.isArray(given)) problems.add('INVALID_PARAMETER_SYNTAX', '/event_types');
  else if (given.length === 0) problems.add('INVALID_ARRAY_MIN_ITEMS', '/event_types');
  else {
    given.forEach((entry: unknown, index) => {
      const name = isObject(entry) ? readString(problems, entry, 'name', `/event_types/${index}`, { required: true }) : undefined;
      if (!isObject(entry)) problems.add('INVALID_PARAMETER_SYNTAX', `/event_types/${index}`);
      else if (name !== undefined && !KNOWN_EVENTS.has(name)) problems.add('INVALID_PARAMETER_VALUE', `/event_types/${index}/name`, name);
      else if (name !== undefined) eventTypes.push(name);
    });
  }
  if (problems.any || url === undefined) throw invalidRequest(problems.details);
  return { url, eventTypes };
}

/** The webhooks of the client: its own and the ones given in the options. */
const visibleTo = (webhook: RegisteredWebhook, clientId: string): boolean =>
  webhook.clientId === undefined || webhook.clientId === clientId;

/** Webhooks v1: register, list, delete; the sandbox sends its own events to what is registered here. */
export function registerWebhookRegistrationRoutes(
  app: FastifyInstance,
  state: SandboxState,
  clientOf: (request: FastifyRequest) => string,
): void {
  app.post('/v1/notifications/webhooks', async (request, reply) => {
    const clientId = clientOf(request);
    const { url, eventTypes } = parseWebhook(request.body);
    const mine = [...state.webhooks.values()].filter((webhook) => visibleTo(webhook, clientId));
    if (mine.some((webhook) => webhook.url === url)) {
      throw new PayPalApiError(400, 'WEBHOOK_URL_ALREADY_EXISTS', [
        issue('WEBHOOK_URL_ALREADY_EXISTS', { field: '/url', value: url, location: 'body' }, 'Webhook URL already exists.'),
      ]);
    }
    if (mine.length >= MAX_WEBHOOKS) {
      throw new PayPalApiError(400, 'WEBHOOK_NUMBER_LIMIT_EXCEEDED', [
        issue('WEBHOOK_NUMBER_LIMIT_EXCEEDED', {}, `No more than ${MAX_WEBHOOKS} webhooks can be registered.`),
      ]);
    }
    const webhook: RegisteredWebhook = { id: newWebhookId(), url, eventTypes, clientId };
    state.webhooks.set(webhook.id, webhook);
    return reply.status(201).send(webhookView(state, webhook));
  });

  app.get('/v1/notifications/webhooks', async (request) => {
    const clientId = clientOf(request);
    return {
      webhooks: [...state.webhooks.values()]
        .filter((webhook) => visibleTo(webhook, clientId))
        .map((webhook) => webhookView(state, webhook)),
    };
  });

  app.delete<{ Params: { id: string } }>('/v1/notifications/webhooks/:id', async (request, reply) => {
    const webhook = state.webhooks.get(request.params.id);
    if (!webhook || !visibleTo(webhook, clientOf(request))) throw resourceNotFound(request.params.id, 'webhook_id');
    state.webhooks.delete(webhook.id);
    return reply.status(204).send();
  });
}
