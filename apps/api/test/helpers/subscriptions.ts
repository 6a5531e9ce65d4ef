import { SANDBOX_CREDENTIALS, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { SubscriptionSchema, type Subscription } from '@store/contracts';
import { Value } from 'typebox/value';
import { expect } from 'vitest';
import type { TestApp } from './build.ts';

/*
 * Subscriptions through the payment sandbox, for the tests that need one (subscriptions.test.ts,
 * subscription-downloads.test.ts). The app and the sandbox are read when a helper runs: the tests make
 * them in beforeAll.
 */

export const DAY_MS = 86_400_000;

export function subscriptionHelpers(app: () => TestApp, paypal: () => RunningPaymentSandbox) {
  let productCount = 0;

  async function subscriptionProduct(overrides: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
    productCount += 1;
    const response = await app().request({
      method: 'POST',
      url: '/api/admin/products',
      token: await app().adminToken(),
      payload: {
        title: `Writer Pro ${productCount}`,
        price: 19.99,
        product_type: 'subscription',
        billing_interval: 'month',
        description: 'An AI writer.',
        detailed_description: 'Billed monthly.',
        images: [],
        features: [],
        stock_quantity: 100,
        key_mode: 'generated',
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function subscribe(token: string, productId: string) {
    return app().request({ method: 'POST', url: '/api/subscriptions', token, payload: { product_id: productId } });
  }

  async function mine(token: string, id: string): Promise<Subscription> {
    const response = await app().request({ method: 'GET', url: `/api/subscriptions/${id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Subscription>();
    expect(Value.Check(SubscriptionSchema, body)).toBe(true);
    return body;
  }

  /** A new account subscribed to a new (or given) product, approved at the sandbox. */
  async function approvedSubscription(productId?: string) {
    const product = productId ?? (await subscriptionProduct()).id;
    const { token, user } = await app().registerUser();
    const created = await subscribe(token, product);
    expect(created.statusCode, created.body).toBe(201);
    const { id, paypal_subscription_id: paypalId } = created.json<{ id: string; paypal_subscription_id: string }>();
    await paypal().state.approveSubscription(paypalId);
    await paypal().state.deliveriesSettled();
    return { token, id, paypalId, productId: product, email: user.email, userId: user.id };
  }

  /** Days from the sandbox's now to just past the subscription's paid period. */
  const daysPast = (subscription: Subscription) =>
    Math.max(1, Math.ceil((Date.parse(subscription.current_period_end!) - paypal().state.now()) / DAY_MS) + 1);

  async function sandboxToken(): Promise<string> {
    const answer = await fetch(`${paypal().url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.clientId}:${SANDBOX_CREDENTIALS.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  }

  /** Makes the subscription's next payment fail at the sandbox (and PayPal's threshold then suspends it). */
  async function failNextPayment(paypalId: string): Promise<void> {
    const armed = await fetch(`${paypal().url}/v1/billing/subscriptions/${paypalId}/simulate-payment-failure`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await sandboxToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(armed.status).toBe(200);
  }

  return { subscriptionProduct, subscribe, mine, approvedSubscription, daysPast, sandboxToken, failNextPayment };
}
