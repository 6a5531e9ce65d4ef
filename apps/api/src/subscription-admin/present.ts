import { toDollars, type AdminSubscription, type AdminSubscriptionSummary, type LicenseState, type SubscriptionLicenseKey } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { LicenseKeysTable, SubscriptionPaymentsTable } from '../db/schema.ts';
import { openLicenseKey } from '../orders/license-keys.ts';
import type { SubscriptionWithBuyer } from './subscription-repository.ts';

/*
 * Subscriptions as staff see them (docs/decisions/040-subscription-admin.md): what the subscriber sees, with
 * the buyer, PayPal's failure count and, in the details, every payment. Staff get no download links (the
 * buyer's signed links are the buyer's), as an order's details for staff carry none.
 */

/** What the licence check says of a subscription's key now: its own revocation and end, then its subscription's state. */
function keyStatus(key: Pick<Selectable<LicenseKeysTable>, 'revoked_at' | 'expires_at'>, subscription: SubscriptionWithBuyer, now: Date): LicenseState {
  if (key.revoked_at) return 'revoked';
  if (subscription.status === 'suspended') return 'suspended';
  if (subscription.status === 'expired' || subscription.status === 'approval_pending') return 'expired';
  return key.expires_at && key.expires_at <= now ? 'expired' : 'active';
}

async function keysOf(app: FastifyInstance, subscriptions: SubscriptionWithBuyer[]): Promise<Map<string, SubscriptionLicenseKey[]>> {
  const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
  const result = new Map<string, SubscriptionLicenseKey[]>();
  if (subscriptions.length === 0) return result;
  const rows = await app.db
    .selectFrom('license_keys')
    .select(['subscription_id', 'product_id', 'key_value', 'revoked_at', 'expires_at'])
    .where('subscription_id', 'in', [...byId.keys()])
    .execute();
  const now = new Date();
  for (const row of rows) {
    const subscription = byId.get(row.subscription_id!)!;
    result.set(subscription.id, [
      ...(result.get(subscription.id) ?? []),
      { key: openLicenseKey(app.dataCipher, row), expires_at: row.expires_at?.toISOString() ?? null, status: keyStatus(row, subscription, now) },
    ]);
  }
  return result;
}

function summaryOf(subscription: SubscriptionWithBuyer, keys: SubscriptionLicenseKey[]): AdminSubscriptionSummary {
  return {
    id: subscription.id,
    paypal_subscription_id: subscription.paypal_subscription_id,
    product_id: subscription.product_id,
    product_title: subscription.title,
    price: toDollars(subscription.price_cents),
    billing_interval: subscription.billing_interval,
    status: subscription.status,
    current_period_end: subscription.current_period_end?.toISOString() ?? null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    trial_ends_at: subscription.trial_ends_at?.toISOString() ?? null,
    created_at: subscription.created_at.toISOString(),
    // PayPal's page to fix a payment is the buyer's, from their own account page; staff tell the buyer to go there.
    update_payment_url: null,
    license_keys: keys,
    downloads: [],
    user: { id: subscription.user_id, username: subscription.user_username, email: subscription.user_email },
    failed_payments_count: subscription.failed_payments_count,
    cancelled_at: subscription.cancelled_at?.toISOString() ?? null,
  };
}

export async function presentSubscriptionSummaries(app: FastifyInstance, subscriptions: SubscriptionWithBuyer[]): Promise<AdminSubscriptionSummary[]> {
  const keys = await keysOf(app, subscriptions);
  return subscriptions.map((subscription) => summaryOf(subscription, keys.get(subscription.id) ?? []));
}

export async function presentAdminSubscription(
  app: FastifyInstance,
  subscription: SubscriptionWithBuyer,
  payments: Selectable<SubscriptionPaymentsTable>[],
): Promise<AdminSubscription> {
  const [summary] = await presentSubscriptionSummaries(app, [subscription]);
  return {
    ...summary!,
    payments: payments.map((payment) => ({
      id: payment.id,
      paypal_sale_id: payment.paypal_sale_id,
      amount: toDollars(payment.amount_cents),
      status: payment.status,
      paid_at: payment.paid_at.toISOString(),
      refunded_at: payment.refunded_at?.toISOString() ?? null,
    })),
  };
}
