/** Builders of the subscription answers the storefront's tests need (the contract's shapes, every field overridable). */
import { FILE_ID, PRODUCT_ID, aDownload, aProduct } from '@store/api-fake';
import type { CreateSubscriptionResponse, Product, Subscription } from '@store/contracts';

export const SUBSCRIPTION_ID = '99999999-9999-4999-8999-999999999901';
export const APPROVE_URL = 'http://127.0.0.1:3100/sandbox/billing/subscriptions/I-BW452GLLEP1G/approve-page';

/** Aurora AI Writer as the demo sells it: $19.99 a month with a 7-day free trial. */
export function aSubscriptionProduct(overrides: Partial<Product> = {}): Product {
  return aProduct({
    id: PRODUCT_ID,
    title: 'Aurora AI Writer',
    price: 19.99,
    product_type: 'subscription',
    billing_interval: 'month',
    trial_days: 7,
    stock_quantity: 100,
    ...overrides,
  });
}

/** An active monthly subscription to Aurora AI Writer, with its key and one file. */
export function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: SUBSCRIPTION_ID,
    paypal_subscription_id: 'I-BW452GLLEP1G',
    product_id: PRODUCT_ID,
    product_title: 'Aurora AI Writer',
    price: 19.99,
    billing_interval: 'month',
    status: 'active',
    current_period_end: '2026-12-26T10:00:00.000Z',
    cancel_at_period_end: false,
    trial_ends_at: null,
    created_at: '2026-11-26T10:00:00.000Z',
    approve_url: null,
    update_payment_url: null,
    license_keys: [{ key: 'AURORA-7K2Q-9XM4-PL3D', expires_at: '2026-12-29T10:00:00.000Z', status: 'active' }],
    downloads: [
      aDownload({
        name: 'aurora-writer-setup.exe',
        url: `/api/subscriptions/${SUBSCRIPTION_ID}/downloads/${FILE_ID}?expires=4102444800&signature=${'s'.repeat(43)}`,
      }),
    ],
    ...overrides,
  };
}

/** The API's answer to Subscribe: the new subscription awaiting approval at `approve_url`. */
export function aCreatedSubscription(approveUrl = APPROVE_URL): CreateSubscriptionResponse {
  return { id: SUBSCRIPTION_ID, paypal_subscription_id: 'I-BW452GLLEP1G', status: 'approval_pending', approve_url: approveUrl };
}
