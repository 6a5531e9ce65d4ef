import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  WEBHOOK_SECRET_PREFIX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { composeMail } from '../mail/layout.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { isNonPublicAddress, vetSmtpHost } from '../mail/smtp-host-guard.ts';
import { openLicenseKey } from '../orders/license-keys.ts';
import { findOrder } from '../orders/order-repository.ts';
import { presentOrders } from '../orders/order-service.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { postWebhook, signWebhook } from './delivery.ts';

/*
 * Outgoing webhooks (docs/decisions/057-webhooks.md). Events are written by the database's triggers in the
 * transaction of the change (migration 2026-12-04-0002); this module keeps the endpoints, writes each event's
 * body once, and delivers: claimed with SKIP LOCKED under a lease (several instances share the work, none sends
 * a delivery another holds), retried with backoff until 3 days after the event, then the endpoint is turned
 * off and staff are mailed.
 */

/** Waits after the 1st, 2nd … failed attempt; then every 10 hours, until RETRY_FOR_HOURS after the event. */
const BACKOFF_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
export const RETRY_FOR_HOURS = 72;
/** A claimed delivery is not taken by another sweep for this long, even if its sender dies mid-way. */
const LEASE_SECONDS = 60;
const SWEEP_BATCH = 50;
/** Deliveries sent at once by one sweep. */
const PARALLEL = 4;
/** Deliveries listed per endpoint. */
const LISTED = 100;

const SECRET_CONTEXT = 'webhook_endpoints.secret';

type EndpointRow = Selectable<WebhookEndpointsTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

function toDelivery(row: DeliveryRow & { event_type: string }): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: `evt_${row.event_id}`,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_duration_ms: row.last_duration_ms,
    created_at: row.created_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? null,
  };
}

/* Endpoints ---------------------------------------------------------------------------------------------------- */

/**
 * Refuses an address the store will not send to: not http(s), credentials in it, or (unless private hosts are
 * allowed) a host that is an IP address outside the public internet, or `localhost`. Names are resolved again
 * at every delivery, where a private answer is refused too (a name may change what it points to).
 */
function checkUrl(app: FastifyInstance, text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw badRequest('url must be an http(s) address', 'validation_error');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('url must be an http(s) address', 'validation_error');
  if (url.username || url.password) throw badRequest('url must not carry a user name or password: put a token in its path or query', 'validation_error');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isNonPublicAddress(host));
  if (local && !app.config.webhookAllowPrivateHosts) throw urlNotAllowed(host);
  return url.toString();
}

const urlNotAllowed = (host: string) =>
  new AppError(
    'bad_request',
    `The webhook address ${host} is private, loopback or link-local; events are only sent to public addresses unless the server is started with WEBHOOK_ALLOW_PRIVATE_HOSTS=true.`,
    'webhook_url_not_allowed',
  );

async function presentEndpoints(app: FastifyInstance, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  if (rows.length === 0) return [];
  const figures = await app.db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', sql<number>`count(*) FILTER (WHERE status = 'pending')::int`.as('pending'), sql<Date | null>`max(delivered_at)`.as('last')])
    .where(
      'endpoint_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy('endpoint_id')
    .execute();
  const byEndpoint = new Map(figures.map((figure) => [figure.endpoint_id, figure]));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    secret_prefix: row.secret_prefix,
    created_at: row.created_at.toISOString(),
    pending_deliveries: byEndpoint.get(row.id)?.pending ?? 0,
    last_delivery_at: byEndpoint.get(row.id)?.last?.toISOString() ?? null,
  }));
}

export async function listEndpoints(app: FastifyInstance): Promise<WebhookEndpoint[]> {
  return presentEndpoints(app, await app.db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
}

async function endpointRow(app: FastifyInstance, id: string): Promise<EndpointRow> {
  const row = await app.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Webhook endpoint not found', 'webhook_not_found');
  return row;
}

export async function findEndpoint(app: FastifyInstance, id: string): Promise<WebhookEndpoint> {
  return (await presentEndpoints(app, [await endpointRow(app, id)]))[0]!;
}

export async function createEndpoint(app: FastifyInstance, body: WebhookEndpointBody, createdBy: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = checkUrl(app, body.url);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  const { id } = await app.db
    .insertInto('webhook_endpoints')
    .values({
      url,
      description: (body.description ?? '').trim(),
      events: [...new Set(body.events)],
      enabled: body.enabled ?? true,
      secret: app.dataCipher.encrypt(secret, SECRET_CONTEXT),
      secret_prefix: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { endpoint: await findEndpoint(app, id), secret };
}

/** Changes an endpoint; turning it on again clears why the store turned it off. Answers it before and after. */
export async function updateEndpoint(app: FastifyInstance, id: string, body: WebhookEndpointBody): Promise<{ before: WebhookEndpoint; after: WebhookEndpoint }> {
  const before = await findEndpoint(app, id);
  const url = checkUrl(app, body.url);
  const enabled = body.enabled ?? true;
  await app.db
    .updateTable('webhook_endpoints')
    .set({ url, description: (body.description ?? '').trim(), events: [...new Set(body.events)], enabled, ...(enabled ? { disabled_reason: null } : {}) })
    .where('id', '=', id)
    .execute();
  return { before, after: await findEndpoint(app, id) };
}

export async function deleteEndpoint(app: FastifyInstance, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(app, id);
  await app.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  return endpoint;
}

export async function listDeliveries(app: FastifyInstance, endpointId: string): Promise<WebhookDelivery[]> {
  await endpointRow(app, endpointId);
  const rows = await app.db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .selectAll('webhook_deliveries')
    .select('webhook_events.type as event_type')
    .where('webhook_deliveries.endpoint_id', '=', endpointId)
    .orderBy('webhook_deliveries.created_at', 'desc')
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(LISTED)
    .execute();
  return rows.map(toDelivery);
}

async function deliveryOf(app: FastifyInstance, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await app.db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .selectAll('webhook_deliveries')
    .select('webhook_events.type as event_type')
    .where('webhook_deliveries.id', '=', deliveryId)
    .where('webhook_deliveries.endpoint_id', '=', endpointId)
    .executeTakeFirst();
  if (!row) throw notFound('Webhook delivery not found', 'webhook_not_found');
  return toDelivery(row);
}

/**
 * Sends a delivery again now (same event id and body), whatever its state; answers how it went. It is taken with a
 * lease, so the sweep leaves it alone while this request sends it.
 */
export async function resendDelivery(app: FastifyInstance, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  await deliveryOf(app, endpointId, deliveryId);
  const claimed = await app.db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where('id', '=', deliveryId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await track(app, deliverOne(app, claimed, new Date()));
  return deliveryOf(app, endpointId, deliveryId);
}

/** Sends a `webhook.test` event to one endpoint now (on or off) and answers its delivery. */
export async function sendTestEvent(app: FastifyInstance, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await endpointRow(app, endpointId);
  const delivery = await app.db.transaction().execute(async (trx) => {
    const event = await trx.insertInto('webhook_events').values({ type: 'webhook.test', subject_id: endpoint.id }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    const payload = eventBody(event.id, 'webhook.test', event.created_at, { endpoint_id: endpoint.id, message: 'A test event from the store.' });
    await trx.updateTable('webhook_events').set({ payload }).where('id', '=', event.id).execute();
    // Leased from the start: this request sends it, not the sweep.
    return trx
      .insertInto('webhook_deliveries')
      .values({ event_id: event.id, endpoint_id: endpoint.id, next_attempt_at: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await track(app, deliverOne(app, delivery, new Date()));
  return deliveryOf(app, endpointId, delivery.id);
}

/* Event bodies ------------------------------------------------------------------------------------------------- */

const eventBody = (id: string, type: string, createdAt: Date, data: Record<string, unknown>) =>
  JSON.stringify({ id: `evt_${id}`, type, created_at: createdAt.toISOString(), data });

/** The object an event is about, as it is when the event is first delivered; null when it is gone. */
async function eventData(app: FastifyInstance, type: string, subjectId: string): Promise<Record<string, unknown> | null> {
  if (type.startsWith('order.')) {
    const order = await findOrder(app.db, subjectId);
    if (!order) return null;
    // The order without its goods: keys and links stay with the buyer (a licence event carries its own key).
    const [presented] = await presentOrders(app, [order], { includeGoods: false, includeDownloads: false });
    return presented ?? null;
  }
  if (type.startsWith('license.')) {
    const [keyId, ...rest] = subjectId.split(' ');
    const instance = rest.join(' ');
    const key = await app.db
      .selectFrom('license_keys')
      .innerJoin('products', 'products.id', 'license_keys.product_id')
      .leftJoin('order_items', 'order_items.id', 'license_keys.order_item_id')
      .select(['license_keys.id', 'license_keys.product_id', 'license_keys.key_value', 'order_items.order_id', 'products.max_activations'])
      .select((eb) => eb.selectFrom('license_activations').select(sql<number>`count(*)::int`.as('n')).whereRef('license_activations.license_key_id', '=', 'license_keys.id').as('activations'))
      .where('license_keys.id', '=', keyId!)
      .executeTakeFirst();
    if (!key) return null;
    return {
      key_id: key.id,
      key: openLicenseKey(app.dataCipher, key),
      product_id: key.product_id,
      order_id: key.order_id,
      instance,
      activations: key.activations ?? 0,
      max_activations: key.max_activations,
    };
  }
  if (type === 'review.created') {
    const review = await app.db.selectFrom('product_reviews').select(['id', 'product_id', 'user_id', 'rating', 'body', 'created_at']).where('id', '=', subjectId).executeTakeFirst();
    return review ? { ...review, created_at: review.created_at.toISOString() } : null;
  }
  if (type.startsWith('subscription.')) {
    const row = await app.db
      .selectFrom('subscriptions')
      .select(['id', 'user_id', 'product_id', 'paypal_subscription_id', 'status', 'title', 'price_cents', 'billing_interval', 'current_period_end', 'cancel_at_period_end'])
      .where('id', '=', subjectId)
      .executeTakeFirst();
    if (!row) return null;
    const { price_cents: cents, current_period_end: end, ...rest } = row;
    return { ...rest, price: cents / 100, current_period_end: end?.toISOString() ?? null };
  }
  return null;
}

/** The event's body, written once (the first delivery's read), so every attempt and endpoint sends the same bytes. */
async function bodyOf(app: FastifyInstance, event: { id: string; type: string; subject_id: string; created_at: Date; payload: string | null }): Promise<string> {
  if (event.payload !== null) return event.payload;
  const data = (await eventData(app, event.type, event.subject_id)) ?? { id: event.subject_id, deleted: true };
  const payload = eventBody(event.id, event.type, event.created_at, data);
  await app.db.updateTable('webhook_events').set({ payload }).where('id', '=', event.id).where('payload', 'is', null).execute();
  const stored = await app.db.selectFrom('webhook_events').select('payload').where('id', '=', event.id).executeTakeFirstOrThrow();
  return stored.payload ?? payload;
}

/* Delivering --------------------------------------------------------------------------------------------------- */

const running = new WeakMap<FastifyInstance, Set<Promise<unknown>>>();

/** Ties delivery to the app's life: closing waits for the deliveries under way (each ends within its timeout). */
export function registerWebhooks(app: FastifyInstance): void {
  const under = new Set<Promise<unknown>>();
  running.set(app, under);
  app.addHook('onClose', async () => {
    await Promise.allSettled([...under]);
  });
}

/** Delivers what is due (or the one delivery named), PARALLEL at a time. Answers how many were delivered and failed. */
export function sendDueWebhooks(app: FastifyInstance, only: { deliveryId?: string } = {}, now?: Date): Promise<{ delivered: number; failed: number }> {
  return track(app, deliverDue(app, only, now));
}

/** Work closing the app waits for. */
function track<T>(app: FastifyInstance, work: Promise<T>): Promise<T> {
  const under = running.get(app);
  under?.add(work);
  void work.finally(() => under?.delete(work)).catch(() => {});
  return work;
}

async function deliverDue(app: FastifyInstance, only: { deliveryId?: string }, now: Date | undefined): Promise<{ delivered: number; failed: number }> {
  const clock = now ? sql<Date>`${now}::timestamptz` : sql<Date>`now()`;
  const claimed = await app.db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: sql<Date>`${clock} + make_interval(secs => ${LEASE_SECONDS})` })
    .where('id', 'in', (eb) => {
      let due = eb.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').where('next_attempt_at', '<=', clock);
      if (only.deliveryId) due = due.where('id', '=', only.deliveryId);
      return due.orderBy('next_attempt_at').limit(SWEEP_BATCH).forUpdate().skipLocked();
    })
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
  let delivered = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next]!;
      next += 1;
      if (await deliverOne(app, delivery, now ?? new Date())) delivered += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
  return { delivered, failed };
}

/** The log field of an event's subject: `order.paid` is about an order, `license.activated` a licence key. */
function subjectLogKey(type: string): string {
  const kind = type.split('.')[0];
  return kind === 'order' ? 'orderId' : kind === 'subscription' ? 'subscriptionId' : kind === 'license' ? 'licenseKeyId' : kind === 'review' ? 'reviewId' : 'subjectId';
}

async function deliverOne(app: FastifyInstance, delivery: DeliveryRow, now: Date): Promise<boolean> {
  const endpoint = await app.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', delivery.endpoint_id).executeTakeFirst();
  const event = await app.db.selectFrom('webhook_events').selectAll().where('id', '=', delivery.event_id).executeTakeFirst();
  if (!endpoint || !event) return false;
  const body = await bodyOf(app, event);
  // What the event is about, named as the other lines of the log name it (orderId, subscriptionId, ...).
  const subject = { [subjectLogKey(event.type)]: event.subject_id };
  const timestamp = Math.floor(now.getTime() / 1000);
  const id = `evt_${event.id}`;
  const url = new URL(endpoint.url);
  let attempt;
  try {
    const vetted = await vetSmtpHost(url.hostname.replace(/^\[|\]$/g, ''), app.config.webhookAllowPrivateHosts);
    const secret = app.dataCipher.decrypt(endpoint.secret, SECRET_CONTEXT);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
    attempt = await postWebhook(url, vetted.address, headers, body, app.config.webhookTimeoutMs);
  } catch (error) {
    const reason =
      error instanceof AppError
        ? `the address ${url.hostname} is private, loopback or link-local (WEBHOOK_ALLOW_PRIVATE_HOSTS is off)`
        : `${url.hostname} could not be resolved`;
    attempt = { status: null, error: reason, durationMs: 0 };
  }
  const attempts = delivery.attempts + 1;
  if (attempt.error === null) {
    await app.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered', attempts, delivered_at: now, last_status_code: attempt.status, last_error: null, last_duration_ms: attempt.durationMs })
      .where('id', '=', delivery.id)
      .execute();
    app.log.info({ deliveryId: delivery.id, eventId: id, type: event.type, ...subject, status: attempt.status }, 'webhook delivered');
    return true;
  }
  const wait = BACKOFF_SECONDS[Math.min(attempts - 1, BACKOFF_SECONDS.length - 1)]!;
  const giveUp = now.getTime() + wait * 1000 > event.created_at.getTime() + RETRY_FOR_HOURS * 3600_000 || event.type === 'webhook.test';
  await app.db
    .updateTable('webhook_deliveries')
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts,
      next_attempt_at: new Date(now.getTime() + wait * 1000),
      last_status_code: attempt.status,
      last_error: attempt.error.slice(0, 500),
      last_duration_ms: attempt.durationMs,
    })
    .where('id', '=', delivery.id)
    .execute();
  app.log.warn(
    { deliveryId: delivery.id, eventId: id, type: event.type, ...subject, attempts, status: attempt.status, reason: attempt.error },
    'webhook not delivered',
  );
  if (giveUp && event.type !== 'webhook.test') await turnOff(app, endpoint, attempt.error);
  return false;
}

/** An endpoint whose delivery failed for RETRY_FOR_HOURS is turned off, and staff are told by mail. */
async function turnOff(app: FastifyInstance, endpoint: EndpointRow, lastError: string): Promise<void> {
  const reason = `Deliveries failed for ${RETRY_FOR_HOURS / 24} days; the last: ${lastError}`.slice(0, 500);
  const changed = await app.db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason })
    .where('id', '=', endpoint.id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return;
  app.log.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint turned off');
  const settings = await readSettings(app.db, app.dataCipher);
  const staff = await app.db.selectFrom('users').select('email').where('role', '=', 'admin').where('is_active', '=', true).execute();
  for (const { email } of staff) {
    const mail = composeMail({
      subject: `A webhook endpoint was turned off — ${settings.site_name}`,
      heading: 'A webhook endpoint was turned off',
      intro: [
        `The store could not deliver events to ${endpoint.url} for ${RETRY_FOR_HOURS / 24} days, so it stopped sending to it.`,
        `The last attempt: ${lastError}`,
        'Fix the receiver, then turn the endpoint on again under Webhooks in the admin app and resend the deliveries it missed.',
      ],
    });
    const queued = await app.db
      .insertInto('mail_outbox')
      .values({ kind: 'webhook_disabled', order_id: null, recipient: email, ...mail, last_error: null, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    sendMailSoon(app, queued.id);
  }
}
