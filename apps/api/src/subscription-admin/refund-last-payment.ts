import { toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { SubscriptionPaymentsTable } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { endpointOf, toAppError } from '../payments/payment-service.ts';
import { PayPalError, type PayPalClient } from '../payments/paypal-client.ts';
import type { PayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { STALE_REFUND_CLAIM_MS } from '../payments/refunds.ts';

/*
 * Staff's refund of a subscription's last payment (docs/decisions/040-subscription-admin.md), the way an order
 * is refunded (docs/decisions/026): the payment is claimed in our database first, under its row lock, so a
 * second click or a parallel request is refused while the first waits for PayPal; PayPal is asked with a
 * request id of the payment's own, so any repeat gets the same refund back and the buyer is paid once. The
 * refund is recorded once; the caller then ends the subscription now. A claim a minute old is from a request
 * that died (or PayPal not answering): the next click takes it again and asks with the same request id.
 */

type PaymentRow = Selectable<SubscriptionPaymentsTable>;

/** A refund of a sale as the v1 payments API answers it (`state`, not `status`). */
interface PayPalSaleRefund {
  id: string;
  state: 'completed' | 'pending' | 'cancelled' | 'failed';
}

/** Refunds a sale (a subscription's payment) in full; the request id makes a repeat answer the same refund, not a second one. */
async function refundPayPalSale(paypal: PayPalClient, endpoint: PayPalEndpoint, saleId: string, requestId: string): Promise<PayPalSaleRefund> {
  const answer = await paypal.call<PayPalSaleRefund>(endpoint, 'POST', `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`, {}, {
    'PayPal-Request-Id': requestId,
  });
  return answer.body;
}

/** PayPal's request id of a payment's refund: the same for every attempt, so PayPal refunds once. */
export const saleRefundRequestId = (paymentId: string) => `refund-sale-${paymentId}`;

/** PayPal's name for a sale refunded already (at PayPal, say): the refund is then recorded as it stands. */
const ALREADY_REFUNDED = 'TRANSACTION_ALREADY_REFUNDED';

const isClaimLive = (payment: PaymentRow, now: number) =>
  payment.refund_claimed_at !== null && now - payment.refund_claimed_at.getTime() < STALE_REFUND_CLAIM_MS;

/**
 * Claims the subscription's last payment (the latest by `paid_at`, whatever its status) for a refund. The
 * last payment already refunded is refused, never passed over for the one before: two clicks never refund two
 * periods.
 */
async function claimLastPayment(app: FastifyInstance, subscriptionId: string, staffId: string, reason: string): Promise<PaymentRow> {
  return app.db.transaction().execute(async (trx) => {
    const subscription = await trx.selectFrom('subscriptions').select('id').where('id', '=', subscriptionId).forUpdate().executeTakeFirst();
    if (!subscription) throw notFound('Subscription not found', 'subscription_not_found');
    const last = await trx
      .selectFrom('subscription_payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!last) throw conflict('This subscription has no payment to refund yet.', 'payment_not_refundable');
    if (last.status !== 'completed') {
      throw conflict(`Its last payment is already ${last.status}; an earlier payment is not refunded from here.`, 'payment_not_refundable');
    }
    if (isClaimLive(last, Date.now())) {
      throw conflict('A refund of this payment is already under way; PayPal has not answered it yet.', 'refund_in_progress');
    }
    return trx
      .updateTable('subscription_payments')
      .set({ refund_claimed_at: sql`now()`, refund_reason: reason.trim(), refund_requested_by: staffId })
      .where('id', '=', last.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Asks PayPal to refund the claimed payment's sale; a certain refusal drops the claim, no answer keeps it. */
async function refundSaleAtPayPal(app: FastifyInstance, payment: PaymentRow): Promise<PayPalSaleRefund | null> {
  const { endpoint } = await endpointOf(app);
  try {
    return await refundPayPalSale(app.paypal, endpoint, payment.paypal_sale_id, saleRefundRequestId(payment.id));
  } catch (error) {
    if (error instanceof PayPalError && (error.errorName === ALREADY_REFUNDED || error.issue === ALREADY_REFUNDED)) return null;
    if (error instanceof PayPalError && error.status >= 400 && error.status < 500) {
      await app.db
        .updateTable('subscription_payments')
        .set({ refund_claimed_at: null, refund_reason: null, refund_requested_by: null })
        .where('id', '=', payment.id)
        .where('status', '=', 'completed')
        .execute();
      app.log.warn({ paymentId: payment.id, name: error.errorName, debugId: error.debugId }, 'paypal refused the refund of a subscription payment');
      throw new AppError('bad_gateway', `PayPal refused the refund (${error.errorName}): ${error.message}`, 'paypal_error');
    }
    app.log.error({ paymentId: payment.id, err: error }, 'refund of a subscription payment not answered by PayPal');
    throw toAppError(app, error, 'PayPal did not answer the refund; ask again in a minute: the same request is sent, so the buyer is refunded once');
  }
}

/**
 * Refunds the subscription's last payment through PayPal and records it once: the payment becomes refunded
 * (`refunded_at`, PayPal's refund id). Answers the payment as recorded. A refund recorded meanwhile (PayPal's
 * webhook of it) is left as it is.
 */
export async function refundLastPayment(app: FastifyInstance, subscriptionId: string, staffId: string, reason: string): Promise<PaymentRow> {
  const claimed = await claimLastPayment(app, subscriptionId, staffId, reason);
  app.log.info({ subscriptionId, paymentId: claimed.id, by: staffId, amount: toDollars(claimed.amount_cents) }, 'subscription payment refund requested');
  const refund = await refundSaleAtPayPal(app, claimed);
  return recordRefund(app, claimed.id, refund);
}

/** Records PayPal's refund of a claimed payment, once: a refund PayPal's webhook recorded meanwhile keeps its time and id; the claim ends either way. */
async function recordRefund(app: FastifyInstance, paymentId: string, refund: PayPalSaleRefund | null): Promise<PaymentRow> {
  return app.db
    .updateTable('subscription_payments')
    .set({
      status: sql`CASE WHEN status = 'completed' THEN 'refunded' ELSE status END`,
      refunded_at: sql`coalesce(refunded_at, now())`,
      refund_id: sql`coalesce(refund_id, ${refund?.id ?? null})`,
      refund_claimed_at: null,
    })
    .where('id', '=', paymentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The reason kept with a refund the store made of its own accord. */
const TAKEN_AFTER_ACCESS = 'Paid after the subscription had ended: refunded by the store';

/**
 * Refunds the payments PayPal took after their subscription's access ended here (flagged `refund_due_at`,
 * docs/decisions/037-subscriptions.md), each once: claimed as staff's refund is (a claim left by a crash
 * lapses after a minute) and asked of PayPal with the payment's own request id. Answers how many were refunded.
 */
export async function refundPaymentsTakenAfterAccess(app: FastifyInstance): Promise<number> {
  const claimed = await app.db
    .updateTable('subscription_payments')
    .set({ refund_claimed_at: sql`now()`, refund_reason: TAKEN_AFTER_ACCESS })
    .where('refund_due_at', 'is not', null)
    .where('status', '=', 'completed')
    .where((eb) => eb.or([eb('refund_claimed_at', 'is', null), eb('refund_claimed_at', '<', sql<Date>`now() - ${`${STALE_REFUND_CLAIM_MS} milliseconds`}::interval`)]))
    .returningAll()
    .execute();
  let refunded = 0;
  for (const payment of claimed) {
    try {
      await recordRefund(app, payment.id, await refundSaleAtPayPal(app, payment));
      refunded += 1;
      app.log.warn({ subscriptionId: payment.subscription_id, paymentId: payment.id }, 'a payment taken after the subscription ended was refunded');
    } catch (error) {
      app.log.warn({ paymentId: payment.id, err: error }, 'a payment taken after the subscription ended is refunded later');
    }
  }
  return refunded;
}
