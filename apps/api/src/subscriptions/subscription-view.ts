import { toDollars, type Subscription } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { openLicenseKey } from '../orders/license-keys.ts';
import { endpointOf } from '../payments/payment-service.ts';
import type { PayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { storeNow } from './clock.ts';
import { subscriptionDownloads } from './subscription-downloads.ts';
import { subscriptionKeyState } from './subscription-keys.ts';
import { updatePaymentUrl, type SubscriptionRow } from './subscription-service.ts';

/** The PayPal endpoint for links, or null when PayPal is not set up (the links are then left out). */
async function linkEndpoint(app: FastifyInstance): Promise<PayPalEndpoint | null> {
  return endpointOf(app).then(
    ({ endpoint }) => endpoint,
    () => null,
  );
}

/**
 * Subscriptions as their subscriber sees them: each with its key, its status now and, while it gives access, its
 * files with signed links. Staff's views ask `{ links: false }`: no download links (as an order's details for
 * staff carry none), and no allowance made by merely looking.
 */
export async function presentSubscriptions(
  app: FastifyInstance,
  rows: readonly SubscriptionRow[],
  { links }: { links: boolean } = { links: true },
): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const keys = await app.db
    .selectFrom('license_keys')
    .select(['subscription_id', 'product_id', 'key_value', 'expires_at', 'revoked_at'])
    .where(
      'subscription_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const downloads = links ? await subscriptionDownloads(app, rows) : new Map<string, Subscription['downloads']>();
  const endpoint = rows.some((row) => row.status === 'past_due' || row.status === 'suspended') ? await linkEndpoint(app) : null;
  const now = storeNow(app);
  return rows.map((row) => ({
    id: row.id,
    paypal_subscription_id: row.paypal_subscription_id,
    product_id: row.product_id,
    product_title: row.title,
    price: toDollars(row.price_cents),
    billing_interval: row.billing_interval,
    status: row.status,
    current_period_end: row.current_period_end?.toISOString() ?? null,
    cancel_at_period_end: row.cancel_at_period_end,
    trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    approve_url: row.status === 'approval_pending' ? row.approve_url : null,
    update_payment_url: row.status === 'past_due' || row.status === 'suspended' ? updatePaymentUrl(endpoint, row.paypal_subscription_id) : null,
    license_keys: keys
      .filter((key) => key.subscription_id === row.id)
      .map((key) => ({
        key: openLicenseKey(app.dataCipher, key),
        expires_at: key.expires_at?.toISOString() ?? null,
        status: subscriptionKeyState(key, row.status, now),
      })),
    downloads: downloads.get(row.id) ?? [],
  }));
}

export async function presentSubscription(app: FastifyInstance, row: SubscriptionRow): Promise<Subscription> {
  const [subscription] = await presentSubscriptions(app, [row]);
  return subscription!;
}
