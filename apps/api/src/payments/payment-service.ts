import { toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict, notFound } from '../errors.ts';
import type { Caller } from '../plugins/auth.ts';
import { findOrder, type OrderWithItems } from '../orders/order-repository.ts';
import { changeOrderStatus } from '../orders/order-service.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { approvalLink, firstCapture, PayPalError, type PayPalCapture, type PayPalOrder } from './paypal-client.ts';
import { resolvePayPalEndpoint, type PayPalEndpoint } from './paypal-endpoint.ts';

/** PayPal money: a string with two decimals, from integer cents. */
const money = (cents: number) => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });

async function endpointOf(app: FastifyInstance): Promise<{ endpoint: PayPalEndpoint; siteName: string; webhookId: string }> {
  const settings = await readSettings(app.db);
  const endpoint = resolvePayPalEndpoint(app.config, settings);
  if (!endpoint) throw new AppError('service_unavailable', 'PayPal payments are not configured yet', 'payments_not_configured');
  return { endpoint, siteName: settings.site_name, webhookId: settings.paypal_webhook_id || (endpoint.local ? LOCAL_WEBHOOK_ID : '') };
}

/** The webhook id the local sandbox signs its events with when none is configured. */
export const LOCAL_WEBHOOK_ID = 'LOCAL-SANDBOX-WEBHOOK';

function storefrontUrl(app: FastifyInstance): string {
  return app.config.publicUrl ?? `http://localhost:${app.config.port}`;
}

/** An order the caller may pay: a guest order by its unguessable id, an account's order only by its owner. */
async function payableOrder(app: FastifyInstance, orderId: string, caller: Caller | null): Promise<OrderWithItems> {
  const found = await findOrder(app.db, orderId);
  if (!found || (found.order.user_id !== null && found.order.user_id !== caller?.id)) throw notFound('Order not found', 'order_not_found');
  if (found.order.status !== 'pending') throw conflict('This order is not awaiting payment', 'order_not_payable');
  if (found.order.expires_at && found.order.expires_at.getTime() < Date.now()) {
    throw conflict('This order has expired. Please place it again.', 'order_expired');
  }
  return found;
}

/**
 * Creates the PayPal order of one of ours, amounts and items from our stored order only, and answers
 * the buyer's approval address. The request id makes a repeated click return the same PayPal order.
 */
export async function startPayPalPayment(app: FastifyInstance, orderId: string, caller: Caller | null): Promise<{ paypalOrderId: string; approvalUrl: string }> {
  const { order, items } = await payableOrder(app, orderId, caller);
  const { endpoint, siteName } = await endpointOf(app);
  const payload = {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: order.id,
        custom_id: order.id,
        invoice_id: order.id,
        description: `${siteName} order #${order.id.slice(-8)}`.slice(0, 127),
        amount: { ...money(order.total_cents), breakdown: { item_total: money(order.total_cents) } },
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
          return_url: `${storefrontUrl(app)}/payment/success/${order.id}`,
          cancel_url: `${storefrontUrl(app)}/payment/cancel/${order.id}`,
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
        },
      },
    },
  };
  let created: PayPalOrder;
  try {
    created = await app.paypal.createOrder(endpoint, payload, `create-${order.id}`);
  } catch (error) {
    throw toAppError(app, error, 'PayPal order creation failed');
  }
  const approvalUrl = approvalLink(created);
  if (!approvalUrl) throw new AppError('bad_gateway', 'PayPal answered without an approval link', 'paypal_error');
  await app.db.updateTable('orders').set({ paypal_order_id: created.id }).where('id', '=', order.id).execute();
  app.log.info({ orderId: order.id, paypalOrderId: created.id }, 'paypal order created');
  return { paypalOrderId: created.id, approvalUrl };
}

function toAppError(app: FastifyInstance, error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof PayPalError) {
    app.log.warn({ status: error.status, name: error.errorName, issue: error.issue, debugId: error.debugId }, 'paypal call failed');
    if (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'TRANSACTION_REFUSED') {
      return new AppError('conflict', 'PayPal declined the payment. Please try again with another funding source.', 'payment_declined');
    }
    if (error.issue === 'ORDER_NOT_APPROVED') return new AppError('conflict', 'The payment has not been approved at PayPal yet', 'payment_not_approved');
    return new AppError('bad_gateway', fallback, 'paypal_error');
  }
  app.log.error({ err: error }, 'paypal unreachable');
  return new AppError('bad_gateway', fallback, 'paypal_unreachable');
}

/** Checks a provider's capture against our order: completed, in our currency, for our amount and our order id. */
function checkCapture(capture: PayPalCapture | undefined, order: OrderWithItems['order']): PayPalCapture {
  if (!capture) throw new AppError('bad_gateway', 'PayPal answered without a capture', 'paypal_error');
  const expected = money(order.total_cents);
  if (capture.amount.currency_code !== expected.currency_code || capture.amount.value !== expected.value) {
    throw new AppError('conflict', 'The captured amount does not match the order', 'amount_mismatch');
  }
  if (capture.custom_id !== undefined && capture.custom_id !== order.id) throw new AppError('conflict', 'The capture belongs to another order', 'order_mismatch');
  if (capture.status === 'PENDING') {
    throw new AppError('conflict', 'PayPal is still processing this payment; the order completes as soon as it clears.', 'payment_pending');
  }
  if (capture.status !== 'COMPLETED') throw new AppError('conflict', 'PayPal did not complete the payment', 'payment_declined');
  return capture;
}

/** Marks our order paid with a verified capture and delivers it; a second call for the same capture changes nothing. */
async function settle(app: FastifyInstance, orderId: string, capture: PayPalCapture): Promise<{ captureId: string; orderId: string }> {
  const current = await findOrder(app.db, orderId);
  if (!current) throw notFound('Order not found', 'order_not_found');
  if (current.order.payment_id === capture.id) return { captureId: capture.id, orderId };
  try {
    await changeOrderStatus(app, orderId, 'paid', { payment_id: capture.id });
  } catch (error) {
    // Another request (the buyer's return racing the webhook) settled it first with the same capture.
    const after = await findOrder(app.db, orderId);
    if (after?.order.payment_id === capture.id) return { captureId: capture.id, orderId };
    throw error;
  }
  app.log.info({ orderId, captureId: capture.id, total: toDollars(current.order.total_cents) }, 'order paid and delivered');
  return { captureId: capture.id, orderId };
}

/**
 * Captures an approved PayPal order on the buyer's return. Idempotent: the same request id never
 * charges twice, an already captured order is read back, and delivery happens once.
 */
export async function capturePayPalPayment(app: FastifyInstance, paypalOrderId: string): Promise<{ captureId: string; orderId: string }> {
  const found = await app.db.selectFrom('orders').select('id').where('paypal_order_id', '=', paypalOrderId).executeTakeFirst();
  if (!found) throw notFound('No order is waiting for this PayPal payment', 'order_not_found');
  const current = (await findOrder(app.db, found.id))!;
  if (current.order.payment_id && current.order.status === 'completed') return { captureId: current.order.payment_id, orderId: current.order.id };
  if (current.order.status !== 'pending') throw conflict('This order is not awaiting payment', 'order_not_payable');
  const { endpoint } = await endpointOf(app);
  let captured: PayPalOrder;
  try {
    captured = await app.paypal.captureOrder(endpoint, paypalOrderId, `capture-${current.order.id}`);
  } catch (error) {
    if (!(error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED')) throw toAppError(app, error, 'Payment capture failed');
    captured = await app.paypal.getOrder(endpoint, paypalOrderId).catch((readError: unknown) => {
      throw toAppError(app, readError, 'Payment capture failed');
    });
  }
  return settle(app, current.order.id, checkCapture(firstCapture(captured), current.order));
}

export interface WebhookHeaders {
  transmissionId?: string;
  transmissionTime?: string;
  transmissionSig?: string;
  certUrl?: string;
  authAlgo?: string;
}

/**
 * Applies a PayPal webhook event once: verified with PayPal, then an approved order is captured (the
 * buyer never came back) or a completed capture settles its order; the event id is recorded so a
 * replay changes nothing.
 */
export async function handlePayPalWebhook(app: FastifyInstance, event: { id: string; event_type: string; resource: Record<string, unknown> }, headers: WebhookHeaders): Promise<void> {
  const seen = await app.db.selectFrom('payment_events').select('id').where('provider', '=', 'paypal').where('event_id', '=', event.id).executeTakeFirst();
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
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && typeof event.resource.id === 'string') {
    const settled = await capturePayPalPayment(app, event.resource.id);
    orderId = settled.orderId;
  } else if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
    const capture = event.resource as unknown as PayPalCapture & { supplementary_data?: { related_ids?: { order_id?: string } } };
    const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
    const order = paypalOrderId
      ? await app.db.selectFrom('orders').select('id').where('paypal_order_id', '=', paypalOrderId).executeTakeFirst()
      : undefined;
    if (order) {
      const current = (await findOrder(app.db, order.id))!;
      if (current.order.payment_id !== capture.id) await settle(app, order.id, checkCapture(capture, current.order));
      orderId = order.id;
    }
  }
  await app.db
    .insertInto('payment_events')
    .values({ provider: 'paypal', event_id: event.id, event_type: event.event_type, order_id: orderId })
    .onConflict((oc) => oc.constraint('payment_events_provider_event_key').doNothing())
    .execute();
  app.log.info({ eventId: event.id, type: event.event_type, orderId }, 'paypal webhook applied');
}
