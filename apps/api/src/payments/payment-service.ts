import { ERROR_CODE } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, conflict, notFound } from '../errors.ts';
import { sendQueuedMailSoon } from '../mail/outbox.ts';
import type { Caller } from '../plugins/auth.ts';
import { HOLD_MINUTES } from '../orders/hold-times.ts';
import { findOrder, isGuestOrder, type OrderWithItems } from '../orders/order-repository.ts';
import { holdForPayment, releaseHold, retakeHold } from '../orders/holds.ts';
import { completeDelivery, deliver, lockOrder, UNSERVABLE } from '../orders/order-service.ts';
import { claimHeldForCapture, sellHeldOrder, wantsGeneralPath, type CaptureClaim } from '../orders/purchase-functions.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { approvalLink, firstCapture, PayPalError, type PayPalCapture, type PayPalOrder } from './paypal-client.ts';
import { resolvePayPalEndpoint, type PayPalEndpoint } from './paypal-endpoint.ts';
import { claimDueForPayPalCheck } from './claim-due.ts';
import { applyDisputeEvent } from './disputes.ts';
import { enqueueRefundNotice, type RefundReason } from './refund-notice.ts';
import { applyCaptureRefundEvent } from './refunds.ts';
import { applySubscriptionEvent, isSubscriptionEvent } from '../subscriptions/subscription-service.ts';

/*
 * Money taken always means goods delivered or money returned (docs/decisions/015-trust.md):
 * 1. Before PayPal is asked to capture, the order is claimed in our database; the expiry sweep and the
 *    admin's reject leave a claimed order alone.
 * 2. A completed capture is settled: the order is delivered while its goods can be served, and otherwise
 *    the capture is refunded in full through PayPal and the buyer is mailed.
 * 3. Whatever is left unknown (a crash between PayPal's answer and our commit, a lost webhook, a timeout)
 *    is found by `reconcilePayments`, which asks PayPal and settles the same way.
 */

/** PayPal money: a string with two decimals, from integer cents. */
const money = (cents: number) => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });

/** PayPal's order and capture ids: anything else in a webhook is not looked up. */
const PAYPAL_ID = /^[A-Z0-9]{1,36}$/;

/** A claim older than this is taken to be from a capture that died: the reconciliation looks at it. */
const STALE_CLAIM_MS = 60_000;
/** How often an unsettled order is asked about, at most. */
const RECHECK_MS = 2 * 60_000;
/** A buyer who has not come back this long after being sent to PayPal may have approved and lost the way. */
const UNRETURNED_MS = 3 * 60_000;

export async function endpointOf(app: FastifyInstance): Promise<{ endpoint: PayPalEndpoint; siteName: string; webhookId: string }> {
  const settings = await readSettings(app.db, app.dataCipher);
  const endpoint = resolvePayPalEndpoint(app.config, settings);
  if (!endpoint) throw new AppError('service_unavailable', 'PayPal payments are not configured yet', 'payments_not_configured');
  return { endpoint, siteName: settings.site_name, webhookId: settings.paypal_webhook_id || (endpoint.local ? LOCAL_WEBHOOK_ID : '') };
}

/** The webhook id the local sandbox signs its events with when none is configured. */
export const LOCAL_WEBHOOK_ID = 'LOCAL-SANDBOX-WEBHOOK';

/** An order the caller may pay: a guest order by its unguessable id, an account's order only by its owner. */
async function payableOrder(app: FastifyInstance, orderId: string, caller: Caller | null): Promise<OrderWithItems> {
  const found = await findOrder(app.db, orderId);
  if (!found || (!isGuestOrder(found.order) && found.order.user_id !== caller?.id)) throw notFound('Order not found', 'order_not_found');
  if (found.order.status !== 'pending') throw conflict('This order is not awaiting payment', 'order_not_payable');
  if (found.order.expires_at && found.order.expires_at.getTime() < Date.now()) {
    throw conflict('This order has expired. Please place it again.', 'order_expired');
  }
  return found;
}

/**
 * Creates the PayPal order of one of ours, amounts and items from our stored order only, and answers
 * the buyer's approval address. The request id makes a repeated click return the same PayPal order.
 * First the order's units and its code's use are held for the few minutes the buyer needs at PayPal
 * (docs/decisions/036-holds-at-payment.md): when other checkouts hold them, or they are gone, the
 * answer is a 409 saying so and PayPal is not asked.
 */
export async function startPayPalPayment(
  app: FastifyInstance,
  orderId: string,
  caller: Caller | null,
  origin: string,
): Promise<{ paypalOrderId: string; approvalUrl: string }> {
  const { order, items } = await payableOrder(app, orderId, caller);
  const { endpoint, siteName } = await endpointOf(app);
  const took = await holdForPayment(app, order.id, order);
  const payload = {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: order.id,
        custom_id: order.id,
        invoice_id: order.id,
        description: `${siteName} order #${order.id.slice(-8)}`.slice(0, 127),
        // PayPal checks value = item_total - discount: the lines at their prices, the code's discount apart.
        amount: {
          ...money(order.total_cents),
          breakdown: {
            item_total: money(order.total_cents + order.discount_cents),
            ...(order.discount_cents > 0 ? { discount: money(order.discount_cents) } : {}),
          },
        },
        items: items.map((item) => ({
          name: item.title.slice(0, 127),
          quantity: String(item.quantity),
          unit_amount: money(item.unit_price_cents),
          category: 'DIGITAL_GOODS',
        })),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: siteName.slice(0, 127),
          return_url: `${origin}/payment/success/${order.id}`,
          cancel_url: `${origin}/payment/cancel/${order.id}`,
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
        },
      },
    },
  };
  let created: PayPalOrder;
  let approvalUrl: string | undefined;
  try {
    created = await app.paypal.createOrder(endpoint, payload, `create-${order.id}`);
    approvalUrl = approvalLink(created);
    if (!approvalUrl) throw new AppError('bad_gateway', 'PayPal answered without an approval link', 'paypal_error');
  } catch (error) {
    // Nobody was sent to PayPal: a hold this start took goes back at once rather than in minutes.
    if (took) await releaseHold(app, order.id);
    throw toAppError(app, error, 'PayPal order creation failed');
  }
  const started = await app.db
    .updateTable('orders')
    .set({ paypal_order_id: created.id, is_test: endpoint.local })
    .where('id', '=', order.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  // Staff rejected the order while PayPal answered: the buyer must not be sent to pay for it.
  if (started.numUpdatedRows === 0n) throw conflict('This order is not awaiting payment', 'order_not_payable');
  app.log.info({ orderId: order.id, paypalOrderId: created.id, test: endpoint.local }, 'paypal order created');
  return { paypalOrderId: created.id, approvalUrl };
}

export function toAppError(app: FastifyInstance, error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof PayPalError) {
    app.log.warn({ status: error.status, name: error.errorName, issue: error.issue, debugId: error.debugId }, 'paypal call failed');
    if (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'TRANSACTION_REFUSED') {
      return new AppError('conflict', 'PayPal declined the payment. Please try again with another funding source.', 'payment_declined');
    }
    if (error.issue === 'ORDER_NOT_APPROVED' || error.issue === 'PAYER_ACTION_REQUIRED') {
      return new AppError('conflict', 'The payment has not been approved at PayPal yet', 'payment_not_approved');
    }
    return new AppError('bad_gateway', fallback, 'paypal_error');
  }
  app.log.error({ err: error }, 'paypal unreachable');
  return new AppError('bad_gateway', fallback, 'paypal_unreachable');
}

/** PayPal said no for certain (4xx): nothing was captured, so the claim can go. A 5xx or no answer leaves it unknown. */
const refusedForCertain = (error: unknown) => error instanceof PayPalError && error.status >= 400 && error.status < 500;

/**
 * Claims the pending order of a PayPal order for a capture, in one transaction; when nothing was claimed,
 * answers the order as it is (completed already, or not payable), or undefined for an unknown PayPal order.
 * An order whose hold ended (decision 036) takes its code's use and its units again first: when they are
 * gone, or held by other checkouts, the 409 says so and nothing is captured.
 */
async function claimForCapture(app: FastifyInstance, paypalOrderId: string, endpoint: PayPalEndpoint): Promise<CaptureClaim | undefined> {
  // An order that still holds its units is claimed in one statement (docs/decisions/045-purchase-round-trips.md).
  const claim = await claimHeldForCapture(app.db, paypalOrderId, HOLD_MINUTES);
  if (claim !== 'retake') return claim;
  // Its hold ended: its units are taken again only for a payment PayPal says the buyer approved, so a capture
  // PayPal would refuse takes nothing (a refused request changes nothing; the units stay free for others).
  const atPayPal = await app.paypal.getOrder(endpoint, paypalOrderId).catch((error: unknown) => {
    throw toAppError(app, error, 'Payment capture failed');
  });
  if (atPayPal.status !== 'APPROVED' && atPayPal.status !== 'COMPLETED') {
    throw new AppError('conflict', 'The payment has not been approved at PayPal yet', 'payment_not_approved');
  }
  return app.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('orders').select('id').where('paypal_order_id', '=', paypalOrderId).executeTakeFirst();
    if (!found) return undefined;
    const locked = await lockOrder(trx, found.id);
    const { order } = locked;
    if (order.status !== 'pending') return { claimed: false, id: order.id, status: order.status, payment_id: order.payment_id };
    if (!order.stock_reserved) {
      await retakeHold(trx, locked).catch((error: unknown) => {
        if (!(error instanceof AppError) || error.status !== 409) throw error;
        const sentence = error.detail.endsWith('.') ? error.detail : `${error.detail}.`;
        throw new AppError('conflict', `${sentence} Nothing was charged: your PayPal payment was not taken.`, error.code, error.headers);
      });
    }
    await trx
      .updateTable('orders')
      .set({
        capture_claimed_at: sql`now()`,
        stock_reserved: true,
        hold_expires_at: sql`coalesce(hold_expires_at, now() + make_interval(mins => ${HOLD_MINUTES}))`,
      })
      .where('id', '=', order.id)
      .execute();
    return { claimed: true, id: order.id };
  });
}

async function releaseClaim(app: FastifyInstance, orderId: string): Promise<void> {
  await app.db.updateTable('orders').set({ capture_claimed_at: null }).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

/**
 * Captures an approved PayPal order on the buyer's return (or for a webhook, or the reconciliation).
 * Idempotent: the same request id never charges twice, an already captured order is read back, and
 * delivery happens once.
 */
export async function capturePayPalPayment(app: FastifyInstance, paypalOrderId: string): Promise<{ captureId: string; orderId: string }> {
  const { endpoint } = await endpointOf(app);
  const claim = await claimForCapture(app, paypalOrderId, endpoint);
  if (!claim) throw notFound('No order is waiting for this PayPal payment', 'order_not_found');
  if (!claim.claimed) {
    // Captured and delivered already (a repeated return, or the webhook came first): the same answer again.
    if (claim.payment_id && claim.status === 'completed') return { captureId: claim.payment_id, orderId: claim.id };
    throw conflict('This order is not awaiting payment', 'order_not_payable');
  }
  const orderId = claim.id;
  let captured: PayPalOrder;
  try {
    captured = await app.paypal.captureOrder(endpoint, paypalOrderId, `capture-${orderId}`);
  } catch (error) {
    if (!(error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED')) {
      if (refusedForCertain(error)) await releaseClaim(app, orderId);
      throw toAppError(app, error, 'Payment capture failed');
    }
    captured = await app.paypal.getOrder(endpoint, paypalOrderId).catch((readError: unknown) => {
      throw toAppError(app, readError, 'Payment capture failed');
    });
  }
  const capture = firstCapture(captured);
  if (!capture) throw new AppError('bad_gateway', 'PayPal answered without a capture', 'paypal_error');
  return settleCapture(app, orderId, capture, endpoint);
}

/**
 * What PayPal's capture means for our order. A completed capture of the right amount delivers the
 * order if its goods can still be served (a lapsed order takes its stock again); otherwise, or when the
 * order was rejected, refunded or already paid with another capture, the capture is refunded in full.
 * A pending capture keeps the claim until it clears; a declined one releases it.
 */
export async function settleCapture(
  app: FastifyInstance,
  orderId: string,
  capture: PayPalCapture,
  endpoint: PayPalEndpoint,
): Promise<{ captureId: string; orderId: string }> {
  if (capture.custom_id !== undefined && capture.custom_id !== orderId) {
    app.log.error({ orderId, captureId: capture.id, customId: capture.custom_id }, 'paypal capture names another order');
    throw new AppError('conflict', 'The capture belongs to another order', 'order_mismatch');
  }
  if (capture.status === 'PENDING') {
    throw new AppError('conflict', 'PayPal is still processing this payment; the order completes as soon as it clears.', 'payment_pending');
  }
  if (capture.status === 'REFUNDED' || capture.status === 'PARTIALLY_REFUNDED') {
    await recordRefund(app, orderId, capture, null, 'not_payable');
    throw new AppError('conflict', 'This payment was refunded', 'payment_refunded');
  }
  if (capture.status !== 'COMPLETED') {
    await releaseClaim(app, orderId);
    throw new AppError('conflict', 'PayPal did not complete the payment', 'payment_declined');
  }

  let refundFor: RefundReason | null = null;
  // A held, plain order is sold by one database function (docs/decisions/045-purchase-round-trips.md); when a
  // key pool falls short it rolls back, and the general path below decides (generated keys, or a refund).
  const settle = (plainFirst: boolean) =>
    app.db.transaction().execute(async (trx) => {
      const plain = plainFirst ? await sellHeldOrder(trx, orderId, capture.amount) : undefined;
      if (plain) {
        // The function took the units off the shelf where the watcher of product writes cannot see it.
        app.productWrites.announce({ kind: 'stock', productIds: [...new Set(plain.items.map((item) => item.product_id))] });
        await completeDelivery(app, trx, plain, plain.keys, { captureId: capture.id }, true);
        return 'delivered';
      }
      const locked = await lockOrder(trx, orderId);
      const { order } = locked;
      if (order.payment_id === capture.id) return 'already';
      const expected = money(order.total_cents);
      if (capture.amount.currency_code !== expected.currency_code || capture.amount.value !== expected.value) return 'amount_mismatch';
      // Staff confirmed it by hand before the money arrived: the goods are out, the payment is recorded.
      if ((order.status === 'completed' || order.status === 'confirmed') && order.payment_id === null) {
        await trx
          .updateTable('orders')
          .set({ payment_id: capture.id, capture_claimed_at: null, payment_settled_at: sql`now()`, paid_at: sql`now()` })
          .where('id', '=', orderId)
          .execute();
        return 'recorded';
      }
      if (order.status !== 'pending' && order.status !== 'failed') return order.status === 'rejected' ? 'not_payable' : 'duplicate';
      // Paid and delivered by one update: no one sees the order between the two.
      await deliver(app, trx, locked, { captureId: capture.id });
      return 'delivered';
    });
  try {
    const outcome = await settle(true).catch((error: unknown) => {
      if (!wantsGeneralPath(error)) throw error;
      return settle(false);
    });
    if (outcome === 'delivered') {
      app.log.info({ orderId, captureId: capture.id, total: capture.amount.value }, 'order paid and delivered');
      sendQueuedMailSoon(app, orderId);
    } else if (outcome !== 'already' && outcome !== 'recorded') {
      refundFor = outcome;
    }
  } catch (error) {
    // The goods are gone (an order that lapsed and was sold out meanwhile), or its discount code was used up
    // by other orders meanwhile (docs/decisions/028-discount-codes.md): the money goes back.
    if (!(error instanceof AppError && UNSERVABLE.has(error.code))) throw error;
    refundFor = error.code === 'discount_code_used_up' ? 'discount_used_up' : 'unavailable';
  }
  if (refundFor) {
    await refundCapture(app, orderId, capture, endpoint, refundFor);
    throw new AppError('conflict', 'This order could not be completed, so your payment was refunded in full.', 'payment_refunded');
  }
  return { captureId: capture.id, orderId };
}

/**
 * Gives a capture back in full through PayPal (the request id makes a retry answer the same refund),
 * then records it and mails the buyer. If PayPal cannot be reached the order stays unsettled and the
 * reconciliation tries again.
 */
async function refundCapture(
  app: FastifyInstance,
  orderId: string,
  capture: PayPalCapture,
  endpoint: PayPalEndpoint,
  reason: RefundReason,
): Promise<void> {
  let refundId: string | null = null;
  try {
    const refund = await app.paypal.refundCapture(endpoint, capture.id, `refund-${capture.id}`);
    refundId = refund.id;
  } catch (error) {
    if (!(error instanceof PayPalError && error.issue === 'CAPTURE_FULLY_REFUNDED')) {
      app.log.error({ orderId, captureId: capture.id, err: error }, 'refund failed; the reconciliation will retry');
      throw toAppError(app, error, 'The payment could not be refunded yet');
    }
  }
  await recordRefund(app, orderId, capture, refundId, reason);
}

/** Records a refunded capture once: an unserved order becomes refunded (its stock returned) and the buyer is mailed. */
async function recordRefund(
  app: FastifyInstance,
  orderId: string,
  capture: PayPalCapture,
  refundId: string | null,
  reason: RefundReason,
): Promise<void> {
  const recorded = await app.db.transaction().execute(async (trx) => {
    const { order } = await lockOrder(trx, orderId);
    // The order's own payment refunded after delivery is a refund of a sale, not an unserved order (not handled here).
    if (order.payment_id === capture.id && (order.status === 'completed' || order.status === 'confirmed')) return false;
    const eventId = `refund:${capture.id}`;
    const seen = await trx
      .selectFrom('payment_events')
      .select('id')
      .where('provider', '=', 'paypal')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (seen) return false;
    await trx
      .insertInto('payment_events')
      .values({ provider: 'paypal', event_id: eventId, event_type: 'STORE.CAPTURE.REFUNDED', order_id: orderId })
      .execute();
    // An order delivered with another capture keeps its status: only the extra payment went back.
    if (order.status === 'pending' || order.status === 'failed' || order.status === 'rejected' || order.status === 'paid') {
      // Its hold ends with it (nothing to put back on the shelf: a hold never took units off it).
      await trx
        .updateTable('orders')
        .set({
          status: 'refunded',
          stock_reserved: false,
          hold_expires_at: null,
          payment_id: order.payment_id ?? capture.id,
          refund_id: refundId,
          refunded_at: sql`now()`,
          refund_origin: 'store',
          capture_claimed_at: null,
          payment_settled_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('id', '=', orderId)
        .execute();
    }
    await enqueueRefundNotice(trx, app.dataCipher, order, Math.round(Number(capture.amount.value) * 100), reason);
    return true;
  });
  if (recorded) {
    app.log.warn(
      { orderId, captureId: capture.id, refundId, reason, amount: capture.amount.value },
      'payment refunded: the order could not be served',
    );
    sendQueuedMailSoon(app, orderId);
  }
}

export interface WebhookHeaders {
  transmissionId?: string;
  transmissionTime?: string;
  transmissionSig?: string;
  certUrl?: string;
  authAlgo?: string;
}

const MAX_EVENT_DEPTH = 32;

/** Whether a JSON value nests objects or arrays deeper than `max`, walked without recursion. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

const isPayPalId = (value: unknown): value is string => typeof value === 'string' && PAYPAL_ID.test(value);

/** Our decision about an event that is final (an order no longer payable, a declined card): answered 200 so PayPal stops retrying. */
const isFinalDecision = (error: unknown) => error instanceof AppError && error.status >= 400 && error.status < 500;

/**
 * Applies a PayPal webhook event once: verified with PayPal, then an approved order is captured (the
 * buyer never came back) or a completed capture settles its order; the event id is recorded so a
 * replay changes nothing. A decision about the event (the order lapsed, the payment was refunded) is
 * answered 200: only a failure on our side asks PayPal to retry.
 */
export async function handlePayPalWebhook(
  app: FastifyInstance,
  event: { id: string; event_type: string; resource_type?: string; resource: Record<string, unknown> },
  headers: WebhookHeaders,
): Promise<void> {
  // PayPal's events nest a few levels; a body nested thousands deep could not even be passed on for verification.
  if (nestedDeeperThan(event, MAX_EVENT_DEPTH))
    throw new AppError('bad_request', 'The webhook body is nested too deeply', 'webhook_unverified');
  const seen = await app.db
    .selectFrom('payment_events')
    .select('id')
    .where('provider', '=', 'paypal')
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  if (seen) return;
  const { endpoint, webhookId } = await endpointOf(app);
  const unverified = () => new AppError('bad_request', 'The webhook could not be verified', 'webhook_unverified');
  const { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo } = headers;
  if (!webhookId || !transmissionId || !transmissionTime || !transmissionSig || !certUrl || !authAlgo) throw unverified();
  const verified = await app.paypal
    .verifyWebhookSignature(endpoint, {
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: webhookId,
      webhook_event: event,
    })
    .catch((error: unknown) => {
      // PayPal refusing the verification request itself (4xx) means the event cannot be trusted.
      if (error instanceof PayPalError && error.status < 500) throw unverified();
      throw toAppError(app, error, 'The webhook could not be verified');
    });
  if (!verified) throw unverified();

  let orderId: string | null = null;
  try {
    if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && isPayPalId(event.resource.id)) {
      orderId = (await orderIdOf(app, event.resource.id)) ?? null;
      if (orderId) await capturePayPalPayment(app, event.resource.id);
    } else if (
      event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ||
      event.event_type === 'PAYMENT.CAPTURE.DENIED' ||
      event.event_type === 'PAYMENT.CAPTURE.DECLINED'
    ) {
      const capture = event.resource as unknown as PayPalCapture & { supplementary_data?: { related_ids?: { order_id?: unknown } } };
      const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
      orderId = isPayPalId(paypalOrderId) && isPayPalId(capture.id) ? ((await orderIdOf(app, paypalOrderId)) ?? null) : null;
      if (orderId && capture.amount && typeof capture.amount.value === 'string') await settleCapture(app, orderId, capture, endpoint);
    } else if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' || event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
      orderId = await applyCaptureRefundEvent(app, event);
    } else if (event.event_type.startsWith('CUSTOMER.DISPUTE.')) {
      orderId = await applyDisputeEvent(app, event);
    } else if (isSubscriptionEvent(event.event_type)) {
      // Subscriptions and their sales (docs/decisions/037-subscriptions.md): settled by asking PayPal.
      await applySubscriptionEvent(app, event, endpoint);
    }
  } catch (error) {
    if (!isFinalDecision(error)) throw error;
    app.log.info(
      { eventId: event.id, type: event.event_type, orderId, code: (error as AppError).code },
      'paypal webhook needed nothing more',
    );
  }
  await app.db
    .insertInto('payment_events')
    .values({ provider: 'paypal', event_id: event.id, event_type: event.event_type, order_id: orderId })
    .onConflict((oc) => oc.constraint('payment_events_provider_event_key').doNothing())
    .execute();
  app.log.info({ eventId: event.id, type: event.event_type, orderId }, 'paypal webhook applied');
}

async function orderIdOf(app: FastifyInstance, paypalOrderId: string): Promise<string | undefined> {
  const row = await app.db.selectFrom('orders').select('id').where('paypal_order_id', '=', paypalOrderId).executeTakeFirst();
  return row?.id;
}

/**
 * Asks PayPal about every order that has a PayPal order but is not settled, and settles it: a capture
 * PayPal completed (after a crash between its answer and our commit, or a lost webhook) is delivered or
 * refunded; an approval the buyer never came back from is captured; a claim left by a capture that died
 * is released. A closed order (lapsed or rejected) is checked once and never captured. Orders are taken
 * with SKIP LOCKED, so several instances share the work.
 */
export async function reconcilePayments(app: FastifyInstance, now = new Date()): Promise<{ checked: number; settled: number }> {
  const due = await claimDueForPayPalCheck(
    app.db,
    'orders',
    (query) =>
      query
        .select(['id', 'status', 'paypal_order_id', 'capture_claimed_at', 'payment_started_at'])
        .where('paypal_order_id', 'is not', null)
        .where('payment_settled_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('status', '!=', 'pending'),
            eb('capture_claimed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS)),
            eb.and([eb('capture_claimed_at', 'is', null), eb('payment_started_at', '<', new Date(now.getTime() - UNRETURNED_MS))]),
          ]),
        ),
    { now, recheckMs: RECHECK_MS },
  );
  if (due.length === 0) return { checked: 0, settled: 0 };
  const { endpoint } = await endpointOf(app);
  let settled = 0;
  for (const order of due) {
    try {
      if (await reconcileOne(app, endpoint, order as typeof order & { paypal_order_id: string })) settled += 1;
    } catch (error) {
      app.log.warn({ orderId: order.id, err: error }, 'reconciliation could not settle the order yet; it is asked again later');
    }
  }
  app.log.info({ checked: due.length, settled }, 'payments reconciled with PayPal');
  return { checked: due.length, settled };
}

async function reconcileOne(
  app: FastifyInstance,
  endpoint: PayPalEndpoint,
  order: { id: string; status: string; paypal_order_id: string; capture_claimed_at: Date | null },
): Promise<boolean> {
  const markSettled = () =>
    app.db
      .updateTable('orders')
      .set({ payment_settled_at: sql`now()` })
      .where('id', '=', order.id)
      .where('payment_settled_at', 'is', null)
      .execute();
  let remote: PayPalOrder | null;
  try {
    remote = await app.paypal.getOrder(endpoint, order.paypal_order_id);
  } catch (error) {
    if (!(error instanceof PayPalError && error.status === 404)) throw error;
    remote = null;
  }
  const capture = remote ? firstCapture(remote) : undefined;
  if (capture) {
    await settleCapture(app, order.id, capture, endpoint).catch((error: unknown) => {
      // Refunded or declined is settled too; a pending capture is asked about again later.
      if (!(error instanceof AppError && (error.code === ERROR_CODE.payment_refunded || error.code === ERROR_CODE.payment_declined)))
        throw error;
    });
    return true;
  }
  if (order.status === 'pending' && remote?.status === 'APPROVED') {
    await capturePayPalPayment(app, order.paypal_order_id).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === ERROR_CODE.payment_refunded)) throw error;
    });
    return true;
  }
  if (order.status === 'pending') {
    // Not approved (or unknown to PayPal): nothing was captured, so a dead capture's claim goes and the hold may lapse.
    if (order.capture_claimed_at) await releaseClaim(app, order.id);
    return false;
  }
  // A closed order is never captured by us, and nothing was: its payment is settled as "none".
  await markSettled();
  return true;
}
