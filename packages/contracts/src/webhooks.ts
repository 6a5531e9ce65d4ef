import Type, { type Static } from 'typebox';
import { LIMITS } from './brand.ts';
import { WebhookDeliveryStatusSchema, WebhookEventTypeSchema } from './enum-schemas.ts';
import { IdSchema, TimestampSchema } from './entities.ts';
import { PlainLine } from './text.ts';

/*
 * Outgoing webhooks (docs/decisions/057-webhooks.md): staff register endpoints; the store sends each event as
 * JSON `{ id, type, created_at, data }`, signed as Standard Webhooks specifies (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), retried with backoff for 3 days.
 */

/** What every endpoint's signing secret starts with (Standard Webhooks' convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const NullableTimestamp = Type.Union([TimestampSchema, Type.Null()]);
const WebhookUrlSchema = PlainLine({
  minLength: 1,
  maxLength: LIMITS.webhookUrlMaxLength,
  pattern: '^https?://[^\\s/?#]+[^\\s]*$',
  description: 'Where events are POSTed: http(s), a public address (private ones only when the operator allows them)',
  errorMessage: 'Enter an http(s) address',
});

export const WebhookEndpointSchema = Type.Object({
  id: IdSchema,
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(WebhookEventTypeSchema),
  enabled: Type.Boolean(),
  /** Why the store turned it off (failing for 3 days); null when staff did, or it is on. */
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  /** The secret's first characters, to tell secrets apart (`whsec_AbCd`). */
  secret_prefix: Type.String(),
  created_at: TimestampSchema,
  /** Deliveries waiting for their next attempt, and the last delivery's time. */
  pending_deliveries: Type.Integer({ minimum: 0 }),
  last_delivery_at: NullableTimestamp,
});
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = Type.Object({ endpoints: Type.Array(WebhookEndpointSchema) });
export type WebhookEndpointList = Static<typeof WebhookEndpointListSchema>;

export const WebhookEndpointBodySchema = Type.Object(
  {
    url: WebhookUrlSchema,
    description: Type.Optional(PlainLine({ maxLength: 200, default: '' })),
    events: Type.Array(WebhookEventTypeSchema, { minItems: 1, uniqueItems: true, errorMessage: 'Choose at least one event' }),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false, examples: [{ url: 'https://crm.example.com/hooks/store', description: 'CRM', events: ['order.paid', 'order.refunded'], enabled: true }] },
);
export type WebhookEndpointBody = Static<typeof WebhookEndpointBodySchema>;

/** The answer to registering an endpoint: the endpoint, and its signing secret, shown this once. */
export const CreatedWebhookEndpointSchema = Type.Object({ endpoint: WebhookEndpointSchema, secret: Type.String() });
export type CreatedWebhookEndpoint = Static<typeof CreatedWebhookEndpointSchema>;

export const WebhookDeliverySchema = Type.Object({
  id: IdSchema,
  endpoint_id: IdSchema,
  /** The event's id (`webhook-id`): the same on every attempt and resend, for the receiver to drop repeats. */
  event_id: Type.String(),
  event_type: Type.String(),
  status: WebhookDeliveryStatusSchema,
  attempts: Type.Integer({ minimum: 0 }),
  next_attempt_at: NullableTimestamp,
  /** The receiver's last HTTP status; null when it did not answer (refused, timed out, not allowed). */
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  last_duration_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  created_at: TimestampSchema,
  delivered_at: NullableTimestamp,
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = Type.Object({ deliveries: Type.Array(WebhookDeliverySchema) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryListSchema>;

export const WebhookDeliveryParamsSchema = Type.Object({ id: IdSchema, deliveryId: IdSchema });

/** What every event's body is; `data` is the object as the staff API answers it (an order, a review …). */
export const WebhookEventSchema = Type.Object({
  id: Type.String({ description: 'The event id, also sent as `webhook-id`' }),
  type: Type.String(),
  created_at: TimestampSchema,
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type WebhookEvent = Static<typeof WebhookEventSchema>;
