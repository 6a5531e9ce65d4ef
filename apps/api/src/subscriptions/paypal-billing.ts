import type { BillingInterval } from '@store/contracts';
import type { PayPalClient, PayPalLink, PayPalMoney } from '../payments/paypal-client.ts';
import type { PayPalEndpoint } from '../payments/paypal-endpoint.ts';

/*
 * PayPal's Catalog Products and Subscriptions APIs as the store uses them (docs/shared payments.md, "PayPal
 * Subscriptions"): the shapes PayPal answers, and one function per call. Every creation carries a
 * PayPal-Request-Id, so a repeated call answers the object the first one made.
 */

/** PayPal's subscription statuses. */
export type PayPalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface PayPalSubscription {
  id: string;
  plan_id?: string;
  status: PayPalSubscriptionStatus;
  custom_id?: string;
  start_time?: string;
  billing_info?: {
    next_billing_time?: string;
    last_payment?: { amount?: PayPalMoney; time?: string };
    failed_payments_count?: number;
    outstanding_balance?: PayPalMoney;
  };
  links?: PayPalLink[];
}

/** One payment of a subscription, as its transactions list has it. */
export interface PayPalSubscriptionTransaction {
  id: string;
  status: string;
  amount_with_breakdown?: { gross_amount?: PayPalMoney };
  time: string;
}

/** A sale (v1), as PAYMENT.SALE.* events carry it. */
export interface PayPalSale {
  id: string;
  state?: string;
  amount?: { total?: string; currency?: string };
  billing_agreement_id?: string;
  create_time?: string;
}

/** PayPal's ids of subscriptions (`I-...`), plans (`P-...`), products (`PROD-...`) and sales: anything else is not looked up. */
export const PAYPAL_BILLING_ID = /^[A-Z0-9-]{1,50}$/;
export const isPayPalBillingId = (value: unknown): value is string => typeof value === 'string' && PAYPAL_BILLING_ID.test(value);

const path = (id: string) => encodeURIComponent(id);

export async function createCatalogProduct(
  paypal: PayPalClient,
  endpoint: PayPalEndpoint,
  product: { id: string; title: string },
  requestId: string,
): Promise<{ id: string }> {
  const answer = await paypal.call<{ id: string }>(
    endpoint,
    'POST',
    '/v1/catalogs/products',
    // A store product's name may be longer than PayPal's 127 characters.
    { name: product.title.slice(0, 127), type: 'DIGITAL', category: 'SOFTWARE', description: `Store product ${product.id}` },
    { 'PayPal-Request-Id': requestId },
  );
  return answer.body;
}

/** The plan's billing cycles: an optional free trial cycle, then the regular cycle until cancelled. */
function billingCycles(terms: PlanTerms) {
  const regular = {
    frequency: { interval_unit: terms.interval === 'year' ? 'YEAR' : 'MONTH', interval_count: 1 },
    tenure_type: 'REGULAR',
    sequence: terms.trialDays > 0 ? 2 : 1,
    total_cycles: 0,
    pricing_scheme: { fixed_price: { value: (terms.priceCents / 100).toFixed(2), currency_code: terms.currency } },
  };
  if (terms.trialDays === 0) return [regular];
  const trial = { frequency: { interval_unit: 'DAY', interval_count: terms.trialDays }, tenure_type: 'TRIAL', sequence: 1, total_cycles: 1 };
  return [trial, regular];
}

export interface PlanTerms {
  priceCents: number;
  currency: string;
  interval: BillingInterval;
  trialDays: number;
}

export async function createPlan(
  paypal: PayPalClient,
  endpoint: PayPalEndpoint,
  plan: { paypalProductId: string; name: string; terms: PlanTerms },
  requestId: string,
): Promise<{ id: string }> {
  const answer = await paypal.call<{ id: string }>(
    endpoint,
    'POST',
    '/v1/billing/plans',
    {
      product_id: plan.paypalProductId,
      name: plan.name.slice(0, 127),
      status: 'ACTIVE',
      billing_cycles: billingCycles(plan.terms),
      // PayPal retries a failed payment and suspends the subscription after the third failure in a row.
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    },
    { 'PayPal-Request-Id': requestId },
  );
  return answer.body;
}

export async function createPayPalSubscription(
  paypal: PayPalClient,
  endpoint: PayPalEndpoint,
  subscription: { planId: string; customId: string; returnUrl: string; cancelUrl: string; brandName: string },
  requestId: string,
): Promise<PayPalSubscription> {
  const answer = await paypal.call<PayPalSubscription>(
    endpoint,
    'POST',
    '/v1/billing/subscriptions',
    {
      plan_id: subscription.planId,
      custom_id: subscription.customId,
      application_context: {
        brand_name: subscription.brandName.slice(0, 127),
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: subscription.returnUrl,
        cancel_url: subscription.cancelUrl,
      },
    },
    { 'PayPal-Request-Id': requestId },
  );
  return answer.body;
}

export async function getPayPalSubscription(paypal: PayPalClient, endpoint: PayPalEndpoint, id: string): Promise<PayPalSubscription> {
  return (await paypal.call<PayPalSubscription>(endpoint, 'GET', `/v1/billing/subscriptions/${path(id)}`)).body;
}

export async function cancelPayPalSubscription(paypal: PayPalClient, endpoint: PayPalEndpoint, id: string, reason: string): Promise<void> {
  await paypal.call<unknown>(endpoint, 'POST', `/v1/billing/subscriptions/${path(id)}/cancel`, { reason: reason.slice(0, 127) });
}

/** The subscription's payments between two times (PayPal wants both). */
export async function listSubscriptionTransactions(
  paypal: PayPalClient,
  endpoint: PayPalEndpoint,
  id: string,
  from: Date,
  to: Date,
): Promise<PayPalSubscriptionTransaction[]> {
  const stamp = (at: Date) => encodeURIComponent(at.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  const query = `start_time=${stamp(from)}&end_time=${stamp(to)}`;
  const answer = await paypal.call<{ transactions?: PayPalSubscriptionTransaction[] }>(
    endpoint,
    'GET',
    `/v1/billing/subscriptions/${path(id)}/transactions?${query}`,
  );
  return answer.body.transactions ?? [];
}

/** The buyer's approval address of a new subscription. */
export const approveLink = (subscription: PayPalSubscription): string | undefined =>
  subscription.links?.find((link) => link.rel === 'approve')?.href;
