import type { BillingInterval, SubscriptionCancelAt, SubscriptionStatus } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { isUniqueViolation } from '../db/connect.ts';
import type { Database, ProductRow, SubscriptionsTable } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { endpointOf, toAppError } from '../payments/payment-service.ts';
import { claimDueForPayPalCheck } from '../payments/claim-due.ts';
import { PayPalError } from '../payments/paypal-client.ts';
import type { PayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { refundPaymentsTakenAfterAccess } from '../subscription-admin/refund-last-payment.ts';
import { storeNow } from './clock.ts';
import {
  approveLink,
  cancelPayPalSubscription,
  createPayPalSubscription,
  getPayPalSubscription,
  isPayPalBillingId,
  listSubscriptionTransactions,
  type PayPalSale,
  type PayPalSubscription,
} from './paypal-billing.ts';
import { planFor } from './plans.ts';
import { enqueueSubscriptionMail, type SubscriptionMailFacts, type SubscriptionMailKind } from './subscription-mail.ts';
import { issueSubscriptionKey, keyExpiry } from './subscription-keys.ts';

/*
 * Subscriptions through PayPal Subscriptions (docs/decisions/037-subscriptions.md). Every change is decided
 * by PayPal's own answer (GET /v1/billing/subscriptions/{id}), never by which webhook arrived when: an event
 * only says "ask PayPal about this one", so duplicated, reordered or late events settle to the same state.
 * Payments are recorded by their sale id (unique), so a sale seen twice is recorded once. The row is locked
 * while a change is applied, so a webhook and the buyer's return activating at once activate once.
 */

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** Statuses of a live subscription: one per account and product (a unique index). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['approval_pending', 'active', 'past_due', 'suspended'];

/** How often the reconciliation asks PayPal about one subscription, at most. */
const RECHECK_MS = 10 * 60_000;
/** A subscription nobody approved this long after its creation is given up (PayPal's approval links last about 3 hours). */
const APPROVAL_ABANDONED_MS = 24 * 3600_000;

const subscriptionNotFound = () => notFound('Subscription not found', 'subscription_not_found');

/** The end of one billing interval after `from` (calendar months and years, in UTC). */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const cents = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
};

const laterOf = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a.getTime() >= b.getTime() ? a : b);

const dateOf = (value: string | undefined): Date | null => {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/* Subscribe --------------------------------------------------------------------------------------- */

/** A subscribe asking PayPal longer than this died (PayPal's calls time out well before): its claim lapses. */
export const CREATE_CLAIM_STALE_MS = 60_000;

type NewSubscription = { id: string; paypalSubscriptionId: string; approveUrl: string };

/**
 * Subscribes the signed-in buyer to a subscription product: our row first (its id is PayPal's custom_id;
 * the unique index makes two parallel subscribes one row and one 409), then the subscription at PayPal
 * on the product's plan for its current price. Answers PayPal's approval address.
 *
 * A subscribe that died between PayPal's answer and our write (a crash, PayPal's answer lost) leaves the row
 * awaiting approval without PayPal's id, and its claim lapses after a minute: the buyer's next subscribe to
 * the product then asks PayPal again with the same request id (`subscription-<our id>`), and PayPal answers
 * the subscription the first ask made, so the buyer never has two at PayPal.
 */
export async function createSubscription(app: FastifyInstance, userId: string, productId: string, origin: string): Promise<NewSubscription> {
  const product = await app.db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', productId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found', 'product_not_found');
  if (product.product_type !== 'subscription' || !product.billing_interval) {
    throw conflict('This product is not a subscription: add it to the cart and check out instead.', 'not_a_subscription');
  }
  const resumed = await resumeUnfinished(app, userId, productId);
  const { endpoint, siteName } = await endpointOf(app);
  if (resumed) return askPayPalToCreate(app, endpoint, siteName, resumed, origin);
  const plan = await planFor(app, endpoint, product as ProductRow & { billing_interval: BillingInterval }).catch((error: unknown) => {
    throw toAppError(app, error, 'PayPal could not set up the subscription plan. Please try again.');
  });
  let row: SubscriptionRow;
  try {
    row = await app.db
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        product_id: product.id,
        plan_id: plan.id,
        title: product.title,
        price_cents: plan.price_cents,
        currency: plan.currency,
        billing_interval: plan.billing_interval,
        trial_days: plan.trial_days,
        is_test: endpoint.local,
        origin,
        paypal_create_claimed_at: storeNow(app),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'subscriptions_one_live_idx')) throw alreadySubscribed();
    throw error;
  }
  return askPayPalToCreate(app, endpoint, siteName, row, origin);
}

/**
 * Makes (or, asked again with the same request id, finds) the row's subscription at PayPal and stores its id
 * and approval address, ending the claim. PayPal refusing for certain ends the row, so the buyer may subscribe
 * again; no answer leaves the row claimed, to be asked again once the claim lapses.
 */
async function askPayPalToCreate(
  app: FastifyInstance,
  endpoint: PayPalEndpoint,
  siteName: string,
  row: SubscriptionRow,
  requestOrigin: string,
): Promise<NewSubscription> {
  // The addresses the first ask gave PayPal: a repeat must send the same request.
  const origin = row.origin ?? requestOrigin;
  const giveUp = () =>
    app.db
      .updateTable('subscriptions')
      .set({ status: 'expired', expired_at: sql`now()`, paypal_create_claimed_at: null, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .where('paypal_subscription_id', 'is', null)
      .execute();
  let remote: PayPalSubscription;
  try {
    remote = await createPayPalSubscription(
      app.paypal,
      endpoint,
      {
        planId: await planIdOf(app.db, row.plan_id),
        customId: row.id,
        returnUrl: `${origin}/account/subscriptions/${row.id}/return`,
        cancelUrl: `${origin}/products/${row.product_id}`,
        brandName: siteName,
      },
      `subscription-${row.id}`,
    );
  } catch (error) {
    // A refusal made nothing at PayPal: the row ends. Without an answer PayPal may have made it: asked again later.
    if (error instanceof PayPalError && error.status >= 400 && error.status < 500) await giveUp();
    throw toAppError(app, error, 'PayPal could not start the subscription. Please try again in a minute.');
  }
  const approveUrl = approveLink(remote);
  if (!isPayPalBillingId(remote.id) || !approveUrl) {
    await giveUp();
    throw new AppError('bad_gateway', 'PayPal did not answer an approval link for the subscription', 'paypal_error');
  }
  // A webhook may have stored PayPal's id first (found by custom_id): it is the same subscription.
  await app.db
    .updateTable('subscriptions')
    .set({ paypal_subscription_id: sql`coalesce(paypal_subscription_id, ${remote.id})`, approve_url: approveUrl, paypal_create_claimed_at: null, updated_at: sql`now()` })
    .where('id', '=', row.id)
    .execute();
  app.log.info({ subscriptionId: row.id, paypalSubscriptionId: remote.id, productId: row.product_id }, 'subscription created at PayPal');
  return { id: row.id, paypalSubscriptionId: remote.id, approveUrl };
}

const alreadySubscribed = () =>
  conflict(
    'You already have a subscription to this product: see it under Subscriptions on your account (finish approving it at PayPal, or cancel it first).',
    'subscription_exists',
  );

/**
 * The buyer's live subscription to the product, if any, refuses a second one; unless it is one whose subscribe
 * died before PayPal's answer was stored (its create claim is still set) and whose claim lapsed: that one is
 * claimed again and answered, to be asked of PayPal once more. (PayPal's webhook of the creation may have
 * stored its id meanwhile; the approval address only comes with the answer.)
 */
async function resumeUnfinished(app: FastifyInstance, userId: string, productId: string): Promise<SubscriptionRow | undefined> {
  const live = await app.db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'paypal_create_claimed_at'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', 'in', LIVE_STATUSES)
    .executeTakeFirst();
  if (!live) return undefined;
  if (live.status !== 'approval_pending' || !live.paypal_create_claimed_at) throw alreadySubscribed();
  const now = storeNow(app);
  const claimed = await app.db
    .updateTable('subscriptions')
    .set({ paypal_create_claimed_at: now, updated_at: sql`now()` })
    .where('id', '=', live.id)
    .where('status', '=', 'approval_pending')
    .where('paypal_create_claimed_at', '<', new Date(now.getTime() - CREATE_CLAIM_STALE_MS))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    throw conflict('Your subscription to this product is still being set up at PayPal: please try again in a minute.', 'subscription_exists');
  }
  app.log.warn({ subscriptionId: claimed.id }, 'an unfinished subscribe is asked of PayPal again');
  return claimed;
}

/* Settling with PayPal's answer ------------------------------------------------------------------- */

/** What PayPal's answer makes of our row: the status, the paid period's end and the failures, forward only. */
function targetOf(row: SubscriptionRow, remote: PayPalSubscription): { status: SubscriptionStatus; periodEnd: Date | null; failed: number } | null {
  const info = remote.billing_info;
  const failed = info?.failed_payments_count ?? row.failed_payments_count;
  const lastPaid = dateOf(info?.last_payment?.time);
  // A failed cycle still moves PayPal's next billing time on, but pays for nothing: only a subscription paid up
  // (no failure outstanding) has its period moved to PayPal's next billing time.
  const paidUp = failed === 0 && (remote.status === 'ACTIVE' || remote.status === 'APPROVED');
  const fromPayPal = paidUp ? (dateOf(info?.next_billing_time) ?? (lastPaid ? addInterval(lastPaid, row.billing_interval) : null)) : null;
  // A period end only moves forward: an older answer (a late event's GET raced by a newer one) cannot shorten it.
  const periodEnd = laterOf(row.current_period_end, fromPayPal);
  switch (remote.status) {
    case 'APPROVAL_PENDING':
      return null;
    case 'APPROVED':
    case 'ACTIVE':
      // Cancelled here is final: PayPal still active (a cancel not yet seen there) does not bring it back.
      if (row.status === 'cancelled') return { status: 'cancelled', periodEnd, failed };
      return { status: failed > 0 ? 'past_due' : 'active', periodEnd, failed };
    case 'SUSPENDED':
      if (row.status === 'cancelled') return { status: 'cancelled', periodEnd, failed };
      return { status: 'suspended', periodEnd, failed };
    case 'CANCELLED':
    case 'EXPIRED':
      return { status: 'cancelled', periodEnd, failed };
  }
}

/** The mail a change calls for, if any. */
function mailOf(from: SubscriptionStatus, to: SubscriptionStatus): SubscriptionMailKind | null {
  if (from === to) return null;
  if (from === 'approval_pending' && (to === 'active' || to === 'past_due')) return 'started';
  if ((to === 'past_due' && from === 'active') || (to === 'suspended' && from !== 'approval_pending')) return 'payment_failed';
  if (to === 'cancelled') return 'cancelled';
  return null;
}

/** PayPal's page where the buyer manages the subscription (fixes the payment method). */
export function updatePaymentUrl(endpoint: PayPalEndpoint | null, paypalId: string | null): string | null {
  if (!endpoint || !paypalId) return null;
  const base = endpoint.local
    ? endpoint.baseUrl
    : endpoint.baseUrl.includes('sandbox')
      ? 'https://www.sandbox.paypal.com'
      : 'https://www.paypal.com';
  return `${base}/myaccount/autopay/connect/${encodeURIComponent(paypalId)}`;
}

async function lockSubscription(trx: Transaction<Database>, id: string): Promise<SubscriptionRow | undefined> {
  return trx.selectFrom('subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** PayPal's plan id of the row's plan: an answer about another plan is not ours to apply. */
async function planIdOf(db: Kysely<Database>, planId: string): Promise<string> {
  const plan = await db.selectFrom('paypal_plans').select('paypal_plan_id').where('id', '=', planId).executeTakeFirstOrThrow();
  return plan.paypal_plan_id;
}

/**
 * Applies PayPal's answer about a subscription to our row, under its lock: activation (the key, once, and
 * the "started" mail), the period's end, past due, suspension, reactivation and cancellation. An answer
 * whose custom_id or plan is not ours changes nothing.
 */
async function applyRemote(app: FastifyInstance, trx: Transaction<Database>, id: string, remote: PayPalSubscription, endpoint: PayPalEndpoint | null): Promise<SubscriptionRow | undefined> {
  const row = await lockSubscription(trx, id);
  if (!row || row.status === 'expired') return row;
  if ((remote.custom_id !== undefined && remote.custom_id !== row.id) || (row.paypal_subscription_id && remote.id !== row.paypal_subscription_id)) {
    app.log.warn({ subscriptionId: row.id, paypalSubscriptionId: remote.id }, 'PayPal answered about another subscription: nothing applied');
    return row;
  }
  if (remote.plan_id !== undefined && remote.plan_id !== (await planIdOf(trx, row.plan_id))) {
    app.log.warn({ subscriptionId: row.id, plan: remote.plan_id }, 'PayPal answered another plan for the subscription: nothing applied');
    return row;
  }
  const target = targetOf(row, remote);
  if (!target) return row;
  const settings = await readSettings(app.db, app.dataCipher, trx);
  const now = storeNow(app);
  const activating = row.status === 'approval_pending' && (target.status === 'active' || target.status === 'past_due');
  const updated = await trx
    .updateTable('subscriptions')
    .set({
      status: target.status,
      current_period_end: target.periodEnd,
      failed_payments_count: target.failed,
      paypal_subscription_id: row.paypal_subscription_id ?? remote.id,
      // Approved (or ended) at PayPal: there is nothing left to approve.
      approve_url: null,
      ...(activating ? { activated_at: now, trial_ends_at: row.trial_days > 0 ? target.periodEnd : null } : {}),
      ...(target.status === 'suspended' && row.status !== 'suspended' ? { suspended_at: now } : {}),
      ...(target.status === 'cancelled' && row.status !== 'cancelled' ? { cancelled_at: now, cancel_at_period_end: true } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const expiresAt = keyExpiry(updated.status, updated.current_period_end, settings.subscription_grace_days);
  if (activating) await issueSubscriptionKey(trx, app.dataCipher, updated, expiresAt);
  await trx.updateTable('license_keys').set({ expires_at: expiresAt }).where('subscription_id', '=', row.id).execute();
  if (updated.status === 'cancelled' && row.status !== 'cancelled') await flagPaymentsTakenAfterAccess(trx, updated);
  const mail = mailOf(row.status, updated.status);
  if (mail) {
    const facts: SubscriptionMailFacts = { suspended: updated.status === 'suspended', updatePaymentUrl: updatePaymentUrl(endpoint, updated.paypal_subscription_id) };
    await enqueueSubscriptionMail(app, trx, mail, updated, facts);
  }
  if (row.status !== updated.status) {
    app.log.info({ subscriptionId: row.id, from: row.status, to: updated.status }, 'subscription changed');
  }
  return updated;
}

/** PayPal charges a period's payment at its end, give or take hours: a payment this close to the end or after it pays the next period. */
const NEXT_PERIOD_SLACK_MS = 86_400_000;

/**
 * A cancelled or expired subscription gives nothing past its paid period's end, and its cancel is final: a payment
 * PayPal took for a later period (a renewal charged as the buyer cancelled, or seen only after the sweep expired
 * it) is flagged for the store to refund (`refundPaymentsTakenAfterAccess`), so money taken always means access
 * given or money returned, whichever of the sweep and the payment's webhook came first.
 */
async function flagPaymentsTakenAfterAccess(trx: Transaction<Database>, row: SubscriptionRow): Promise<void> {
  const accessEnd = row.current_period_end ? new Date(row.current_period_end.getTime() - NEXT_PERIOD_SLACK_MS) : null;
  await trx
    .updateTable('subscription_payments')
    .set({ refund_due_at: sql`now()` })
    .where('subscription_id', '=', row.id)
    .where('status', '=', 'completed')
    .where('refund_due_at', 'is', null)
    .$if(accessEnd !== null, (query) => query.where('paid_at', '>=', accessEnd!))
    .execute();
}

/**
 * Records one PayPal sale of the subscription, once (its sale id is unique); a renewal's receipt is mailed.
 * An amount or currency other than the plan's is recorded as paid (money taken is money taken) and logged.
 */
async function recordSale(
  app: FastifyInstance,
  trx: Transaction<Database>,
  row: SubscriptionRow,
  sale: { id: string; amountCents: number; currency: string; paidAt: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('subscription_payments')
    .values({ subscription_id: row.id, paypal_sale_id: sale.id, amount_cents: sale.amountCents, currency: sale.currency, paid_at: sale.paidAt })
    .onConflict((oc) => oc.column('paypal_sale_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (row.status === 'cancelled' || row.status === 'expired') await flagPaymentsTakenAfterAccess(trx, row);
  if (sale.amountCents !== row.price_cents || sale.currency !== row.currency) {
    app.log.warn({ subscriptionId: row.id, saleId: sale.id, amountCents: sale.amountCents, currency: sale.currency }, 'subscription payment differs from its plan');
  }
  const earlier = await trx
    .selectFrom('subscription_payments')
    .select('id')
    .where('subscription_id', '=', row.id)
    .where('paypal_sale_id', '!=', sale.id)
    .limit(1)
    .executeTakeFirst();
  // The first payment without a trial comes with the "started" mail; every later one has its receipt.
  if (earlier || row.trial_days > 0) await enqueueSubscriptionMail(app, trx, 'renewal', row, { amountCents: sale.amountCents });
  return true;
}

/** Asks PayPal about the subscription and applies the answer; answers the row after. */
export async function syncSubscription(app: FastifyInstance, id: string, endpoint?: PayPalEndpoint): Promise<SubscriptionRow | undefined> {
  const row = await app.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row?.paypal_subscription_id || row.status === 'expired') return row;
  const paypalEndpoint = endpoint ?? (await endpointOf(app)).endpoint;
  const remote = await getPayPalSubscription(app.paypal, paypalEndpoint, row.paypal_subscription_id);
  return app.db.transaction().execute((trx) => applyRemote(app, trx, id, remote, paypalEndpoint));
}

/** The return page: asks PayPal and activates the subscription if the buyer approved it. */
export async function confirmSubscription(app: FastifyInstance, userId: string, id: string): Promise<SubscriptionRow> {
  const row = await ownSubscription(app, userId, id);
  if (row.status === 'expired' || !row.paypal_subscription_id) return row;
  const synced = await syncSubscription(app, id).catch((error: unknown) => {
    throw toAppError(app, error, 'PayPal could not be asked about the subscription. Please try again.');
  });
  return synced ?? row;
}

export async function ownSubscription(app: FastifyInstance, userId: string, id: string): Promise<SubscriptionRow> {
  const row = await app.db.selectFrom('subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw subscriptionNotFound();
  return row;
}

/* Webhooks ---------------------------------------------------------------------------------------- */

export const SUBSCRIPTION_EVENT_PREFIX = 'BILLING.SUBSCRIPTION.';
const SALE_EVENTS = new Set(['PAYMENT.SALE.COMPLETED', 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED']);

/** Whether a (verified) PayPal event is about a subscription: handed to `applySubscriptionEvent`. */
export const isSubscriptionEvent = (type: string) => type.startsWith(SUBSCRIPTION_EVENT_PREFIX) || SALE_EVENTS.has(type);

async function findByPayPalId(app: FastifyInstance, paypalId: unknown, customId: unknown): Promise<SubscriptionRow | undefined> {
  if (!isPayPalBillingId(paypalId)) return undefined;
  const row = await app.db.selectFrom('subscriptions').selectAll().where('paypal_subscription_id', '=', paypalId).executeTakeFirst();
  if (row) return row;
  // PayPal's answer to our create may not be stored yet (a crash, or the event came first): our id is its custom_id.
  if (typeof customId !== 'string' || !/^[0-9a-f-]{36}$/.test(customId)) return undefined;
  return app.db.selectFrom('subscriptions').selectAll().where('id', '=', customId).where('paypal_subscription_id', 'is', null).executeTakeFirst();
}

/**
 * A verified subscription or sale event: a sale is recorded by its id, a refund or reversal marks its
 * payment, and then PayPal is asked about the subscription, whose answer decides its state.
 */
export async function applySubscriptionEvent(
  app: FastifyInstance,
  event: { event_type: string; resource: Record<string, unknown> },
  endpoint: PayPalEndpoint,
): Promise<void> {
  const resource = event.resource;
  if (event.event_type === 'PAYMENT.SALE.REFUNDED' || event.event_type === 'PAYMENT.SALE.REVERSED') {
    const saleId = event.event_type === 'PAYMENT.SALE.REFUNDED' ? resource.sale_id : resource.id;
    if (isPayPalBillingId(saleId)) await markSaleReturned(app, saleId, event.event_type === 'PAYMENT.SALE.REFUNDED' ? 'refunded' : 'reversed');
    return;
  }
  const sale = event.event_type === 'PAYMENT.SALE.COMPLETED' ? (resource as unknown as PayPalSale) : null;
  const row = sale
    ? await findByPayPalId(app, sale.billing_agreement_id, undefined)
    : await findByPayPalId(app, resource.id, resource.custom_id);
  if (!row) return;
  if (sale) {
    const amountCents = cents(sale.amount?.total);
    if (isPayPalBillingId(sale.id) && amountCents !== null && sale.state === 'completed') {
      await app.db.transaction().execute(async (trx) => {
        const locked = await lockSubscription(trx, row.id);
        if (locked) await recordSale(app, trx, locked, { id: sale.id, amountCents, currency: sale.amount?.currency ?? row.currency, paidAt: dateOf(sale.create_time) ?? storeNow(app) });
      });
    }
  }
  if (!row.paypal_subscription_id && isPayPalBillingId(resource.id)) {
    await app.db.updateTable('subscriptions').set({ paypal_subscription_id: resource.id }).where('id', '=', row.id).where('paypal_subscription_id', 'is', null).execute();
  }
  // PayPal not answering is a failure on our side: the webhook answers 502 and PayPal sends it again.
  await syncSubscription(app, row.id, endpoint).catch((error: unknown) => {
    throw toAppError(app, error, 'PayPal could not be asked about the subscription');
  });
  // A sale taken after the subscription ended is returned now; one PayPal does not answer is asked again by the background job.
  if (sale) await refundPaymentsTakenAfterAccess(app);
}

async function markSaleReturned(app: FastifyInstance, saleId: string, status: 'refunded' | 'reversed'): Promise<void> {
  await app.db
    .updateTable('subscription_payments')
    .set({ status, refunded_at: storeNow(app) })
    .where('paypal_sale_id', '=', saleId)
    .where('status', '=', 'completed')
    .execute();
}

/* Cancel ------------------------------------------------------------------------------------------ */

export type CancelActor = 'buyer' | 'staff';

/**
 * Cancels a subscription at PayPal (no more payments) and here: `period_end` keeps access to the paid
 * period's end (`cancel_at_period_end`), after which the sweep expires it; `now` ends access at once.
 * Used by the buyer's cancel and by staff's (subs-admin).
 */
export async function cancelSubscription(
  app: FastifyInstance,
  id: string,
  { at, actor }: { at: SubscriptionCancelAt; actor: CancelActor },
): Promise<SubscriptionRow> {
  const row = await app.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw subscriptionNotFound();
  if (row.status === 'expired' || (row.status === 'cancelled' && at === 'period_end')) {
    throw conflict('This subscription is already cancelled.', 'subscription_not_cancellable');
  }
  if (row.paypal_subscription_id && row.status !== 'cancelled') {
    const { endpoint } = await endpointOf(app);
    await cancelPayPalSubscription(app.paypal, endpoint, row.paypal_subscription_id, actor === 'staff' ? 'Cancelled by the store' : 'Cancelled by the subscriber').catch(
      async (error: unknown) => {
        // PayPal refusing because it is not active there (never approved, cancelled already) is asked about below.
        if (error instanceof PayPalError && error.status === 422) return;
        throw toAppError(app, error, 'PayPal could not cancel the subscription. Please try again.');
      },
    );
  }
  const now = storeNow(app);
  return app.db.transaction().execute(async (trx) => {
    const locked = await lockSubscription(trx, id);
    if (!locked || locked.status === 'expired') throw conflict('This subscription is already cancelled.', 'subscription_not_cancellable');
    const ends = at === 'now' || !locked.current_period_end || locked.status === 'approval_pending' || locked.status === 'suspended';
    const updated = await trx
      .updateTable('subscriptions')
      .set({
        status: ends ? 'expired' : 'cancelled',
        cancel_at_period_end: true,
        cancelled_at: locked.cancelled_at ?? now,
        ...(ends ? { expired_at: now } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const settings = await readSettings(app.db, app.dataCipher, trx);
    await trx
      .updateTable('license_keys')
      .set({ expires_at: ends ? now : keyExpiry(updated.status, updated.current_period_end, settings.subscription_grace_days) })
      .where('subscription_id', '=', id)
      .execute();
    if (locked.status !== 'approval_pending') await enqueueSubscriptionMail(app, trx, ends ? 'expired' : 'cancelled', updated);
    app.log.info({ subscriptionId: id, at, actor, status: updated.status }, 'subscription cancelled');
    return updated;
  });
}

/* Sweeps ------------------------------------------------------------------------------------------ */

/** Cancelled subscriptions whose paid period has ended expire (their key with them); answers how many. */
export async function expireEndedSubscriptions(app: FastifyInstance, now = storeNow(app)): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const ended = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'cancelled')
      .where((eb) => eb.or([eb('current_period_end', 'is', null), eb('current_period_end', '<=', now)]))
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of ended) {
      const updated = await trx
        .updateTable('subscriptions')
        .set({ status: 'expired', expired_at: now, updated_at: sql`now()` })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueSubscriptionMail(app, trx, 'expired', updated);
    }
    return ended.length;
  });
}

/**
 * The reconciliation: a subscription whose paid period ended without a recorded renewal is asked of PayPal
 * (the subscription and its payments since the period began) and settled: a missed payment is recorded
 * and extends the period, a missed suspension or cancellation is applied. Subscriptions never approved
 * for a day are asked once more and given up. Rows are taken with SKIP LOCKED, so instances share the work.
 */
export async function reconcileSubscriptions(app: FastifyInstance, now = storeNow(app)): Promise<{ checked: number }> {
  // Unfinished subscribes first: one whose PayPal id a late webhook stores meanwhile is then claimed below, in
  // this run. The other way round, an id stored between the two statements left the row to the next run.
  await giveUpUnfinishedSubscribes(app, now);
  const due = await claimDueForPayPalCheck(
    app.db,
    'subscriptions',
    (query) =>
      query
        .selectAll()
        .where('paypal_subscription_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['active', 'past_due']), eb('current_period_end', '<=', now)]),
            eb.and([eb('status', '=', 'approval_pending'), eb('created_at', '<', new Date(now.getTime() - APPROVAL_ABANDONED_MS))]),
          ]),
        ),
    { now, recheckMs: RECHECK_MS },
  );
  if (due.length === 0) return { checked: 0 };
  const { endpoint } = await endpointOf(app);
  for (const row of due) {
    try {
      await reconcileOne(app, endpoint, row, now);
    } catch (error) {
      app.log.warn({ subscriptionId: row.id, err: error }, 'subscription reconciliation could not settle it yet; asked again later');
    }
  }
  app.log.info({ checked: due.length }, 'subscriptions reconciled with PayPal');
  return { checked: due.length };
}

/**
 * A subscribe that died before PayPal's answer was stored, and that the buyer never tried again, is given up a
 * day later: nobody was sent to approve what PayPal may have made, and PayPal's approval links last hours.
 */
async function giveUpUnfinishedSubscribes(app: FastifyInstance, now: Date): Promise<void> {
  await app.db
    .updateTable('subscriptions')
    .set({ status: 'expired', expired_at: now, paypal_create_claimed_at: null, updated_at: sql`now()` })
    .where('status', '=', 'approval_pending')
    .where('paypal_subscription_id', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - APPROVAL_ABANDONED_MS))
    .execute();
}

async function reconcileOne(app: FastifyInstance, endpoint: PayPalEndpoint, row: SubscriptionRow, now: Date): Promise<void> {
  const paypalId = row.paypal_subscription_id!;
  const remote = await getPayPalSubscription(app.paypal, endpoint, paypalId);
  if (row.status === 'approval_pending' && remote.status === 'APPROVAL_PENDING') {
    await app.db
      .updateTable('subscriptions')
      .set({ status: 'expired', expired_at: now, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .where('status', '=', 'approval_pending')
      .execute();
    return;
  }
  if (row.status !== 'approval_pending') {
    // Payments since the period before the one that ended: a renewal whose webhook never came is among them.
    const since = row.current_period_end ? new Date(row.current_period_end.getTime() - 40 * 86_400_000) : row.created_at;
    const transactions = await listSubscriptionTransactions(app.paypal, endpoint, paypalId, since, new Date(Math.max(now.getTime(), Date.now())));
    await app.db.transaction().execute(async (trx) => {
      const locked = await lockSubscription(trx, row.id);
      if (!locked) return;
      for (const transaction of transactions) {
        const amountCents = cents(transaction.amount_with_breakdown?.gross_amount?.value);
        const paidAt = dateOf(transaction.time);
        if (transaction.status !== 'COMPLETED' || !isPayPalBillingId(transaction.id) || amountCents === null || !paidAt) continue;
        await recordSale(app, trx, locked, { id: transaction.id, amountCents, currency: transaction.amount_with_breakdown?.gross_amount?.currency_code ?? locked.currency, paidAt });
      }
    });
  }
  await app.db.transaction().execute((trx) => applyRemote(app, trx, row.id, remote, endpoint));
}
