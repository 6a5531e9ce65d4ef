import type { SubscriptionCancelAt } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { conflict, notFound } from '../errors.ts';
import { endpointOf, toAppError } from '../payments/payment-service.ts';
import { PayPalError } from '../payments/paypal-client.ts';

/*
 * Staff's cancel (docs/decisions/040-subscription-admin.md): PayPal stops billing first, then `now` ends
 * access at once (expired, the key's end now) and `period_end` keeps it to the paid period's end (cancelled,
 * `cancel_at_period_end`), after which the core's sweep expires it.
 */

/** The states a cancel applies to; `cancelled` only for `now` (it already ends at its period's end). */
const CANCELLABLE = new Set(['approval_pending', 'active', 'past_due', 'suspended']);

/** PayPal refuses to cancel a subscription it has cancelled already (or one never approved): nothing more to stop there. */
const isAlreadyStopped = (error: unknown) => error instanceof PayPalError && error.status === 422;

export async function cancelForStaff(app: FastifyInstance, subscriptionId: string, at: SubscriptionCancelAt, staffId: string): Promise<void> {
  const subscription = await app.db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
  if (!subscription) throw notFound('Subscription not found', 'subscription_not_found');
  const refusal = refusalOf(subscription.status, at);
  if (refusal) throw conflict(refusal, 'subscription_not_cancellable');
  if (subscription.status !== 'cancelled' && subscription.paypal_subscription_id) {
    const { endpoint } = await endpointOf(app);
    try {
      await app.paypal.cancelBillingSubscription(endpoint, subscription.paypal_subscription_id, 'Cancelled by the store');
    } catch (error) {
      if (!isAlreadyStopped(error)) throw toAppError(app, error, 'PayPal did not cancel the subscription; nothing changed here. Try again.');
    }
  }
  await app.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('subscriptions').select('status').where('id', '=', subscriptionId).forUpdate().executeTakeFirstOrThrow();
    // A webhook may have moved it meanwhile: an expired subscription stays as it is.
    if (locked.status === 'expired') return;
    const paidPeriodLeft = subscription.current_period_end !== null && subscription.current_period_end.getTime() > Date.now();
    if (at === 'period_end' && paidPeriodLeft) {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'cancelled', cancel_at_period_end: true, cancelled_at: sql`coalesce(cancelled_at, now())`, updated_at: sql`now()` })
        .where('id', '=', subscriptionId)
        .execute();
      return;
    }
    await trx
      .updateTable('subscriptions')
      .set({
        status: 'expired',
        cancelled_at: sql`coalesce(cancelled_at, now())`,
        expired_at: sql`now()`,
        current_period_end: sql`least(current_period_end, now())`,
        updated_at: sql`now()`,
      })
      .where('id', '=', subscriptionId)
      .execute();
    await trx.updateTable('license_keys').set({ expires_at: sql`now()` }).where('subscription_id', '=', subscriptionId).execute();
  });
  app.log.info({ subscriptionId, at, by: staffId }, 'subscription cancelled by staff');
}

function refusalOf(status: string, at: SubscriptionCancelAt): string | null {
  if (status === 'expired') return 'This subscription has already ended.';
  if (status === 'cancelled' && at === 'period_end') return 'This subscription is already cancelled at the end of its period.';
  return CANCELLABLE.has(status) || status === 'cancelled' ? null : `A ${status} subscription cannot be cancelled.`;
}
