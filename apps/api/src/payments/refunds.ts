import { formatUsd, toDollars, type RefundOrigin } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database, OrderRow } from '../db/schema.ts';
import { AppError, conflict } from '../errors.ts';
import { composeMail } from '../mail/layout.ts';
import { sendQueuedMailSoon } from '../mail/outbox.ts';
import { findOrder, type OrderWithItems } from '../orders/order-repository.ts';
import { lockOrder, statusLabel } from '../orders/order-service.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { endpointOf, toAppError } from './payment-service.ts';
import { PayPalError, type PayPalRefund } from './paypal-client.ts';

/*
 * Refunds of sold orders (docs/decisions/026-refunds-and-disputes.md). Staff refund a completed order in
 * full: the order is claimed for the refund in our database first, then PayPal is asked with a request id
 * of the order's own (`refund-order-<id>`), so a second click, a retry after a crash or the reconciliation
 * always answers the same refund and the buyer is never paid twice. Once PayPal answers, one transaction
 * makes the order refunded, revokes its keys and queues the buyer's mail; its downloads stop because only
 * a completed order serves them. A refund made at PayPal directly arrives by webhook and records the same.
 */

/** A refund claim older than this is taken to be from a request that died: the reconciliation asks PayPal again. */
export const STALE_REFUND_CLAIM_MS = 60_000;
/** Refund claims the reconciliation finishes per run, at most. */
const REFUNDS_PER_RUN = 20;

/** PayPal's request id of an order's refund: the same for every attempt, so PayPal refunds once. */
export const refundRequestId = (orderId: string) => `refund-order-${orderId}`;

const isClaimLive = (order: OrderRow, now: number) =>
  order.refund_claimed_at !== null && now - order.refund_claimed_at.getTime() < STALE_REFUND_CLAIM_MS;

/** Why an order cannot be refunded by staff, or null when it can. */
function refusal(order: OrderRow): string | null {
  if (order.status === 'refunded') return 'This order is already refunded';
  if (order.status !== 'completed') return `Only a completed order can be refunded; this one is ${statusLabel(order.status)}`;
  if (order.total_cents > 0 && (order.payment_method !== 'paypal' || !order.payment_id)) {
    return 'This order was not paid through PayPal (staff confirmed it), so there is no payment to give back here. Refund it where it was paid.';
  }
  return null;
}

/**
 * Staff's full refund of a completed order. Answers the refunded order; a second request while PayPal has
 * not answered the first is refused (refund_in_progress), and PayPal failing to answer leaves the claim for
 * the reconciliation, which asks again with the same request id.
 */
export async function refundOrder(app: FastifyInstance, orderId: string, staffId: string, reason: string): Promise<OrderWithItems> {
  const claimed = await app.db.transaction().execute(async (trx) => {
    const { order } = await lockOrder(trx, orderId);
    if (order.status === 'completed' && isClaimLive(order, Date.now())) {
      throw conflict('A refund of this order is already under way; PayPal has not answered it yet.', 'refund_in_progress');
    }
    const refused = refusal(order);
    if (refused) throw conflict(refused, 'order_not_refundable');
    return trx
      .updateTable('orders')
      .set({ refund_claimed_at: sql`now()`, refund_reason: reason.trim(), refund_requested_by: staffId, updated_at: sql`now()` })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  app.log.info({ orderId, by: staffId, amount: toDollars(claimed.total_cents) }, 'refund requested by staff');
  await refundAtPayPal(app, claimed);
  return (await findOrder(app.db, orderId))!;
}

/**
 * Asks PayPal to refund a claimed order's capture and records the answer. PayPal refusing for certain (a
 * 4xx other than "already refunded in full") drops the claim and says why; no answer keeps it, to be
 * asked again with the same request id.
 */
async function refundAtPayPal(app: FastifyInstance, order: OrderRow): Promise<void> {
  let refund: PayPalRefund | null = null;
  if (order.total_cents > 0) {
    const { endpoint } = await endpointOf(app);
    try {
      refund = await app.paypal.refundCapture(endpoint, order.payment_id!, refundRequestId(order.id));
    } catch (error) {
      const alreadyRefunded = error instanceof PayPalError && error.issue === 'CAPTURE_FULLY_REFUNDED';
      if (!alreadyRefunded) {
        if (error instanceof PayPalError && error.status >= 400 && error.status < 500) {
          await dropRefundClaim(app, order.id);
          app.log.warn({ orderId: order.id, issue: error.issue, debugId: error.debugId }, 'paypal refused the refund');
          throw new AppError(
            'bad_gateway',
            `PayPal refused the refund${error.issue ? ` (${error.issue})` : ''}: ${error.message}`,
            'paypal_error',
          );
        }
        app.log.error({ orderId: order.id, err: error }, 'refund not answered by PayPal; the reconciliation asks again');
        throw toAppError(
          app,
          error,
          'PayPal did not answer the refund; it is asked again in a minute with the same request, so the buyer is refunded once',
        );
      }
    }
  }
  await recordSaleRefund(app, order.id, { origin: 'staff', refundId: refund?.id ?? null });
}

async function dropRefundClaim(app: FastifyInstance, orderId: string): Promise<void> {
  await app.db
    .updateTable('orders')
    .set({ refund_claimed_at: null, refund_reason: null, refund_requested_by: null, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .where('status', '=', 'completed')
    .execute();
}

/**
 * Records the refund of a sold order once: it becomes refunded, its keys are revoked (never sold again),
 * the buyer is mailed. An order already refunded changes nothing, so a webhook replayed or racing staff's
 * own answer records one refund. A refund staff asked for stays staff's even when PayPal's webhook lands first.
 */
export async function recordSaleRefund(
  app: FastifyInstance,
  orderId: string,
  { origin, refundId }: { origin: Exclude<RefundOrigin, 'store'>; refundId: string | null },
): Promise<boolean> {
  const recorded = await app.db.transaction().execute(async (trx) => {
    const { order, items } = await lockOrder(trx, orderId);
    if (order.status !== 'completed') return false;
    const byStaff = origin === 'staff' || order.refund_claimed_at !== null;
    await trx
      .updateTable('orders')
      .set({
        status: 'refunded',
        refunded_at: sql`now()`,
        refund_id: refundId ?? order.refund_id,
        refund_origin: byStaff ? 'staff' : 'paypal',
        refund_reason: byStaff ? order.refund_reason : null,
        refund_claimed_at: null,
        payment_settled_at: sql`coalesce(payment_settled_at, now())`,
        updated_at: sql`now()`,
      })
      .where('id', '=', orderId)
      .execute();
    if (items.length > 0) {
      await trx
        .updateTable('license_keys')
        .set({ revoked_at: sql`now()` })
        .where(
          'order_item_id',
          'in',
          items.map((item) => item.id),
        )
        .where('revoked_at', 'is', null)
        .execute();
    }
    await enqueueSaleRefundMail(
      app,
      trx,
      order,
      items.some((item) => item.delivery === 'license_key'),
    );
    return true;
  });
  if (recorded) {
    app.log.warn({ orderId, origin, refundId }, 'order refunded: its keys are revoked and its downloads stopped');
    sendQueuedMailSoon(app, orderId);
  }
  return recorded;
}

async function enqueueSaleRefundMail(app: FastifyInstance, trx: Transaction<Database>, order: OrderRow, hadKeys: boolean): Promise<void> {
  const settings = await readSettings(trx, app.dataCipher);
  const shortId = order.id.slice(-8);
  const amount = formatUsd(toDollars(order.total_cents));
  const mail = composeMail({
    subject: `Your order #${shortId} was refunded — ${settings.site_name}`,
    heading: 'Your order was refunded',
    intro: [
      order.total_cents > 0
        ? `Your order #${shortId} at ${settings.site_name} was refunded in full: ${amount} goes back to your PayPal account. PayPal usually shows it within a few days.`
        : `Your order #${shortId} at ${settings.site_name} was cancelled.`,
      hadKeys ? 'Its licence keys have been deactivated and its downloads no longer work.' : 'Its downloads no longer work.',
    ],
    outro: ['If you did not expect this, reply to this mail or contact us with your order number.'],
  });
  await trx
    .insertInto('mail_outbox')
    .values({ kind: 'refund', order_id: order.id, recipient: order.invoice_email, ...mail, last_error: null, sent_at: null })
    .execute();
}

/**
 * Finishes staff refunds left by a request that died or PayPal not answering: each claim older than a
 * minute is asked again with the same request id. SKIP LOCKED, so several instances share the work.
 */
export async function finishStaleRefunds(app: FastifyInstance, now = new Date()): Promise<number> {
  // Taken under the row lock with a fresh claim, so two instances never ask PayPal for the same order at once.
  const taken = await app.db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('orders')
      .select('id')
      .where('refund_claimed_at', '<', new Date(now.getTime() - STALE_REFUND_CLAIM_MS))
      .where('status', '=', 'completed')
      .orderBy('refund_claimed_at')
      .limit(REFUNDS_PER_RUN)
      .forUpdate()
      .skipLocked()
      .execute();
    if (stale.length === 0) return [];
    return trx
      .updateTable('orders')
      .set({ refund_claimed_at: sql`now()` })
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .returningAll()
      .execute();
  });
  let finished = 0;
  for (const order of taken) {
    try {
      await refundAtPayPal(app, order);
      finished += 1;
    } catch (error) {
      app.log.warn({ orderId: order.id, err: error }, 'a refund still waits for PayPal');
    }
  }
  return finished;
}

const CAPTURE_ID = /^[A-Z0-9]{1,36}$/;
const CAPTURE_LINK = /\/v2\/payments\/captures\/([A-Z0-9]{1,36})$/;

/** The capture a refund or reversal event is about: its related ids, its `up` link, or the resource itself for a capture. */
function captureIdOf(resource: Record<string, unknown>, resourceType: string | undefined): string | null {
  const related = (resource.supplementary_data as { related_ids?: { capture_id?: unknown } } | undefined)?.related_ids?.capture_id;
  if (typeof related === 'string' && CAPTURE_ID.test(related)) return related;
  const links = Array.isArray(resource.links) ? (resource.links as { rel?: unknown; href?: unknown }[]) : [];
  for (const link of links) {
    if (link?.rel !== 'up' || typeof link.href !== 'string') continue;
    const match = CAPTURE_LINK.exec(link.href);
    if (match) return match[1]!;
  }
  if (resourceType === 'capture' && typeof resource.id === 'string' && CAPTURE_ID.test(resource.id)) return resource.id;
  return null;
}

/**
 * PAYMENT.CAPTURE.REFUNDED or PAYMENT.CAPTURE.REVERSED (a chargeback) about the payment of a sold order.
 * A refund counts once PayPal says the capture is refunded in full (asked, not taken from the event); a
 * part refund leaves the order as it is. Answers the order's id, or null when the event is not about one.
 */
export async function applyCaptureRefundEvent(
  app: FastifyInstance,
  event: { event_type: string; resource_type?: string; resource: Record<string, unknown> },
): Promise<string | null> {
  const captureId = captureIdOf(event.resource, event.resource_type);
  if (!captureId) return null;
  const order = await app.db.selectFrom('orders').select(['id', 'status']).where('payment_id', '=', captureId).executeTakeFirst();
  if (!order) return null;
  // Refunds of an order the store could not serve are recorded by the store's own flow (payment-service.ts).
  if (order.status !== 'completed') return order.id;
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
    const { endpoint } = await endpointOf(app);
    const capture = await app.paypal.getCapture(endpoint, captureId);
    if (capture.status !== 'REFUNDED') {
      app.log.warn(
        { orderId: order.id, captureId, status: capture.status },
        'part of a sale refunded at PayPal; the order keeps its goods',
      );
      return order.id;
    }
  }
  const refundId =
    event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && typeof event.resource.id === 'string' ? event.resource.id.slice(0, 64) : null;
  await recordSaleRefund(app, order.id, { origin: 'paypal', refundId });
  return order.id;
}
