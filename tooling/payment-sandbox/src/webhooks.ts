import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Problems, isObject, readObject, readString } from './body-reader.ts';
import { invalidRequest, malformedJson, resourceNotFound } from './errors.ts';
import { newEventId } from './ids.ts';
import { captureView, orderView, refundView } from './order-view.ts';
import { refundCapture } from './orders.ts';
import type { CaptureStatus, Refund, SandboxState, WebhookTransmission } from './state.ts';
import { AUTH_ALGO, SANDBOX_CERT_ID, certUrlOf, eventHash, signTransmission, signerOf } from './webhook-signing.ts';

/** A webhook event as PayPal posts it. */
export interface WebhookEvent {
  id: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  resource_version: string;
  event_version: string;
}

/** What an event is about; `orderApprovedEvent`, `captureEvent` and `refundEvent` build it from the state. */
export interface WebhookEventInput {
  eventType: string;
  resource: Record<string, unknown>;
  /** Default: from the event type (checkout-order, capture, refund). */
  resourceType?: string;
  summary?: string;
  /** The event's create_time; default now (the sandbox's own events carry its clock's time). */
  createTime?: string;
}

export interface DeliverWebhookOptions extends WebhookEventInput {
  /** The store's webhook endpoint. */
  url: string;
  /** The webhook id the store verifies with (PayPal's id of the subscription). */
  webhookId: string;
}

export interface WebhookDelivery {
  /** The HTTP status the endpoint answered. */
  status: number;
  event: WebhookEvent;
  transmission: WebhookTransmission;
}

/** A sandbox state, or a handle that holds one (what `startPaymentSandbox` returns). */
export type SandboxTarget = SandboxState | { state: SandboxState };

export const stateOf = (target: SandboxTarget): SandboxState => ('state' in target ? target.state : target);

function defaultResourceType(eventType: string): string {
  if (eventType.startsWith('CHECKOUT.ORDER.')) return 'checkout-order';
  if (eventType === 'PAYMENT.CAPTURE.REFUNDED') return 'refund';
  if (eventType.startsWith('PAYMENT.CAPTURE.')) return 'capture';
  return eventType.split('.').slice(0, -1).join('-').toLowerCase();
}

export async function post(transmission: WebhookTransmission): Promise<number> {
  const response = await fetch(transmission.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'PayPal/AUHD-214.0-sandbox',
      'PAYPAL-TRANSMISSION-ID': transmission.id,
      'PAYPAL-TRANSMISSION-TIME': transmission.time,
      'PAYPAL-TRANSMISSION-SIG': transmission.signature,
      'PAYPAL-CERT-URL': transmission.certUrl,
      'PAYPAL-AUTH-ALGO': transmission.authAlgo,
    },
    body: transmission.body,
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/**
 * The envelope of an event and its signed transmission, recorded so that verify-webhook-signature answers
 * SUCCESS for exactly this event and webhook id; `post` sends it.
 */
export async function signEvent(
  state: SandboxState,
  options: DeliverWebhookOptions,
): Promise<{ event: WebhookEvent; transmission: WebhookTransmission }> {
  const event: WebhookEvent = {
    id: newEventId(),
    create_time: options.createTime ?? new Date().toISOString(),
    resource_type: options.resourceType ?? defaultResourceType(options.eventType),
    event_type: options.eventType,
    summary: options.summary ?? options.eventType,
    resource: options.resource,
    resource_version: '2.0',
    event_version: '1.0',
  };
  const body = JSON.stringify(event);
  const id = randomUUID();
  const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const transmission: WebhookTransmission = {
    id,
    webhookId: options.webhookId,
    url: options.url,
    eventId: event.id,
    body,
    eventHash: eventHash(body),
    time,
    signature: await signTransmission(state, id, time, options.webhookId, body),
    certUrl: certUrlOf(state),
    authAlgo: AUTH_ALGO,
  };
  state.transmissions.set(id, transmission);
  return { event, transmission };
}

/**
 * Sends a webhook event to the store as PayPal would: the envelope, a signed transmission (recorded, so that
 * verify-webhook-signature answers SUCCESS for exactly this event and webhook id) and PayPal's headers.
 */
export async function deliverWebhook(target: SandboxTarget, options: DeliverWebhookOptions): Promise<WebhookDelivery> {
  const { event, transmission } = await signEvent(stateOf(target), options);
  return { status: await post(transmission), event, transmission };
}

/**
 * Sends a delivered event again with the same transmission (id, time, signature), as PayPal's retries do;
 * `url` sends it somewhere else.
 */
export async function replayWebhook(
  target: SandboxTarget,
  delivered: WebhookDelivery | WebhookTransmission | string,
  options: { url?: string } = {},
): Promise<{ status: number; event: WebhookEvent }> {
  const state = stateOf(target);
  const id = typeof delivered === 'string' ? delivered : 'transmission' in delivered ? delivered.transmission.id : delivered.id;
  const transmission = state.transmissions.get(id);
  if (!transmission) throw new Error(`No webhook transmission ${id} in this sandbox`);
  const status = await post(options.url === undefined ? transmission : { ...transmission, url: options.url });
  return { status, event: JSON.parse(transmission.body) as WebhookEvent };
}

/** CHECKOUT.ORDER.APPROVED: the resource is the order. */
export function orderApprovedEvent(target: SandboxTarget, orderId: string): WebhookEventInput {
  const state = stateOf(target);
  const order = state.orders.get(orderId);
  if (!order) throw new Error(`No sandbox order ${orderId}`);
  return {
    eventType: 'CHECKOUT.ORDER.APPROVED',
    resourceType: 'checkout-order',
    summary: 'An order has been approved by buyer',
    resource: orderView(state, order),
  };
}

const CAPTURE_EVENT_OF_STATUS: Record<CaptureStatus, string> = {
  COMPLETED: 'PAYMENT.CAPTURE.COMPLETED',
  PENDING: 'PAYMENT.CAPTURE.PENDING',
  DECLINED: 'PAYMENT.CAPTURE.DECLINED',
  FAILED: 'PAYMENT.CAPTURE.DECLINED',
  // The capture did complete; its refunds have their own event (refundEvent).
  REFUNDED: 'PAYMENT.CAPTURE.COMPLETED',
  PARTIALLY_REFUNDED: 'PAYMENT.CAPTURE.COMPLETED',
};

const CAPTURE_SUMMARIES: Record<string, string> = {
  'PAYMENT.CAPTURE.COMPLETED': 'Payment completed for',
  'PAYMENT.CAPTURE.PENDING': 'Payment pending for',
  'PAYMENT.CAPTURE.DECLINED': 'Payment declined for',
  'PAYMENT.CAPTURE.DENIED': 'Payment denied for',
  'PAYMENT.CAPTURE.REVERSED': 'Payment reversed for',
};

/**
 * PAYMENT.CAPTURE.COMPLETED (or PENDING / DECLINED after the capture's status, or the type given): the
 * resource is the capture, with its order at `supplementary_data.related_ids.order_id`.
 */
export function captureEvent(target: SandboxTarget, captureId: string, eventType?: string): WebhookEventInput {
  const state = stateOf(target);
  const capture = state.captures.get(captureId);
  if (!capture) throw new Error(`No sandbox capture ${captureId}`);
  const type = eventType ?? CAPTURE_EVENT_OF_STATUS[capture.status];
  const payee = state.orders.get(capture.orderId)?.purchaseUnits[0]?.payee;
  return {
    eventType: type,
    resourceType: 'capture',
    summary: `${CAPTURE_SUMMARIES[type] ?? 'Payment capture for'} ${capture.amount.value} ${capture.amount.currency_code}`,
    resource: {
      ...captureView(state, capture),
      ...(payee ? { payee: { email_address: payee.email_address, merchant_id: payee.merchant_id } } : {}),
      supplementary_data: { related_ids: { order_id: capture.orderId } },
    },
  };
}

/** PAYMENT.CAPTURE.REFUNDED: the resource is the refund, with its capture and order in `supplementary_data`. */
export function refundEvent(target: SandboxTarget, refundId: string): WebhookEventInput {
  const state = stateOf(target);
  const refund = state.refunds.get(refundId);
  const capture = refund ? state.captures.get(refund.captureId) : undefined;
  if (!refund || !capture) throw new Error(`No sandbox refund ${refundId}`);
  return {
    eventType: 'PAYMENT.CAPTURE.REFUNDED',
    resourceType: 'refund',
    summary: `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`,
    resource: { ...refundView(state, refund), supplementary_data: { related_ids: { order_id: capture.orderId, capture_id: capture.id } } },
  };
}

/**
 * Refunds a capture as a seller does in PayPal's own dashboard (not through the store): in full, or the amount
 * given. Answers the refund, whose PAYMENT.CAPTURE.REFUNDED event `refundEvent` builds.
 */
export function refundAtPayPal(target: SandboxTarget, captureId: string, amount?: string): Refund {
  const state = stateOf(target);
  const capture = state.captures.get(captureId);
  if (!capture) throw new Error(`No sandbox capture ${captureId}`);
  return refundCapture(
    state,
    capture,
    amount === undefined ? {} : { amount: { currency_code: capture.amount.currency_code, value: amount } },
  );
}

export interface DisputeEventOptions {
  /** The disputed payment: the capture id (PayPal's `seller_transaction_id`). */
  captureId: string;
  /** Default: a new PP-D- id. Give the same id to send later events of one dispute. */
  disputeId?: string;
  /** CREATED (default), UPDATED or RESOLVED. */
  stage?: 'CREATED' | 'UPDATED' | 'RESOLVED';
  /** PayPal's dispute status; default OPEN, or RESOLVED for the RESOLVED stage. */
  status?: string;
  /** Default MERCHANDISE_OR_SERVICE_NOT_RECEIVED. */
  reason?: string;
  /** The outcome of a resolved dispute, e.g. RESOLVED_BUYER_FAVOUR or RESOLVED_SELLER_FAVOUR. */
  outcome?: string;
}

let disputeCounter = 0;

/** CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED: the resource is the dispute, its payment in `disputed_transactions`. */
export function disputeEvent(target: SandboxTarget, options: DisputeEventOptions): WebhookEventInput & { disputeId: string } {
  const state = stateOf(target);
  const capture = state.captures.get(options.captureId);
  if (!capture) throw new Error(`No sandbox capture ${options.captureId}`);
  const stage = options.stage ?? 'CREATED';
  disputeCounter += 1;
  const disputeId = options.disputeId ?? `PP-D-${Date.now().toString(36).toUpperCase()}${disputeCounter}`;
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    disputeId,
    eventType: `CUSTOMER.DISPUTE.${stage}`,
    resourceType: 'dispute',
    summary: stage === 'RESOLVED' ? `Dispute ${disputeId} was resolved` : `A new dispute ${disputeId} was opened`,
    resource: {
      dispute_id: disputeId,
      create_time: capture.create_time,
      update_time: now,
      reason: options.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: options.status ?? (stage === 'RESOLVED' ? 'RESOLVED' : 'OPEN'),
      dispute_amount: capture.amount,
      disputed_transactions: [
        {
          seller_transaction_id: capture.id,
          seller: { merchant_id: 'SANDBOXMERCHANT' },
          gross_amount: capture.amount,
          create_time: capture.create_time,
        },
      ],
      dispute_life_cycle_stage: 'INQUIRY',
      dispute_channel: 'INTERNAL',
      ...(options.outcome ? { dispute_outcome: { outcome_code: options.outcome } } : {}),
      links: [{ href: `${state.config.publicUrl}/v1/customer/disputes/${disputeId}`, rel: 'self', method: 'GET' }],
    },
  };
}

const VERIFY_FIELDS = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;

/**
 * POST /v1/notifications/verify-webhook-signature: SUCCESS only for a transmission this sandbox sent, with
 * the same headers, the same webhook id and the same event; and the certificate of PAYPAL-CERT-URL.
 */
export function registerWebhookRoutes(app: FastifyInstance, state: SandboxState): void {
  app.post('/v1/notifications/verify-webhook-signature', async (request) => {
    const body = request.body ?? {};
    if (!isObject(body)) throw malformedJson();
    const problems = new Problems();
    const given = Object.fromEntries(VERIFY_FIELDS.map((field) => [field, readString(problems, body, field, '', { required: true })]));
    const event = readObject(problems, body, 'webhook_event', '', true);
    if (problems.any || !event) throw invalidRequest(problems.details);
    const transmission = state.transmissions.get(given.transmission_id ?? '');
    const verified =
      transmission !== undefined &&
      transmission.webhookId === given.webhook_id &&
      transmission.signature === given.transmission_sig &&
      transmission.time === given.transmission_time &&
      transmission.certUrl === given.cert_url &&
      transmission.authAlgo === given.auth_algo &&
      // The caller sends back the event it parsed: its JSON must be the JSON that was sent.
      transmission.eventHash === eventHash(JSON.stringify(event));
    return { verification_status: verified ? 'SUCCESS' : 'FAILURE' };
  });
}

/** The certificate PAYPAL-CERT-URL points to, for verifying a transmission's signature offline. */
export function registerCertificateRoute(app: FastifyInstance, state: SandboxState): void {
  app.get<{ Params: { certId: string } }>('/v1/notifications/certs/:certId', async (request, reply) => {
    if (request.params.certId !== SANDBOX_CERT_ID) throw resourceNotFound(request.params.certId, 'cert_id');
    const { certificatePem } = await signerOf(state);
    return reply.header('content-type', 'application/x-pem-file').send(certificatePem);
  });
}
