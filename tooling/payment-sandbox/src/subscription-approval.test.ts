import { describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_CANCEL_URL,
  SUBSCRIPTION_RETURN_URL,
  accessToken,
  build,
  createSubscription,
  getSubscription,
  webhookReceiver,
} from './test-helpers.ts';

async function pendingSubscription(options: { trialDays?: number; unit?: string } = {}) {
  const sandbox = await build();
  const token = await accessToken(sandbox.app);
  const { subscriptionId } = await createSubscription(sandbox.app, token, options);
  const subscription = await getSubscription(sandbox.app, token, subscriptionId);
  const approveUrl = new URL(subscription.links.find((link) => link.rel === 'approve')?.href ?? 'http://missing');
  const page = () => sandbox.app.inject({ method: 'GET', url: `${approveUrl.pathname}${approveUrl.search}` });
  const press = (action: 'approve' | 'cancel') =>
    sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/billing/subscriptions/${subscriptionId}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  return { ...sandbox, token, subscriptionId, page, press };
}

describe('the subscription approval page', () => {
  it('shows the plan, its price per interval and the trial, with plain Approve and Cancel forms', async () => {
    const { page, subscriptionId } = await pendingSubscription({ trialDays: 7 });
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain('form-action');
    expect(response.body).toContain('Aurora AI Writer monthly');
    expect(response.body).toContain('7-day free trial');
    expect(response.body).toContain('$19.99 / month until cancelled');
    expect(response.body).toContain('Digital Store');
    expect(response.body).toContain(`action="/sandbox/billing/subscriptions/${subscriptionId}/approve"`);
    expect(response.body).toContain(`action="/sandbox/billing/subscriptions/${subscriptionId}/cancel"`);
    expect(response.body).not.toContain('<script');
  });

  it('shows a yearly price per year', async () => {
    const { page } = await pendingSubscription({ unit: 'YEAR' });
    expect((await page()).body).toContain('$19.99 / year until cancelled');
  });

  it('answers 404 for an unknown token', async () => {
    const { app } = await pendingSubscription();
    const response = await app.inject({ method: 'GET', url: '/sandbox/webapps/billing/subscriptions?ba_token=BA-UNKNOWN' });
    expect(response.statusCode).toBe(404);
  });

  it('Approve activates the subscription and redirects to return_url with subscription_id, ba_token and token', async () => {
    const { press, app, token, subscriptionId, state } = await pendingSubscription();
    const response = await press('approve');
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(SUBSCRIPTION_RETURN_URL);
    expect(location.searchParams.get('subscription_id')).toBe(subscriptionId);
    expect(location.searchParams.get('ba_token')).toMatch(/^BA-[A-Z0-9]{17}$/);
    expect(location.searchParams.get('token')).toMatch(/^[A-Z0-9]{17}$/);
    expect((await getSubscription(app, token, subscriptionId)).status).toBe('ACTIVE');
    expect(state.subscriptions.get(subscriptionId)?.saleIds).toHaveLength(1);
    // A second press (the back button) sends the buyer back again and pays nothing twice.
    expect((await press('approve')).statusCode).toBe(303);
    expect(state.subscriptions.get(subscriptionId)?.saleIds).toHaveLength(1);
  });

  it('Cancel redirects to cancel_url and leaves the subscription APPROVAL_PENDING', async () => {
    const { press, app, token, subscriptionId } = await pendingSubscription();
    const response = await press('cancel');
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(SUBSCRIPTION_CANCEL_URL);
    expect(location.searchParams.get('subscription_id')).toBe(subscriptionId);
    expect((await getSubscription(app, token, subscriptionId)).status).toBe('APPROVAL_PENDING');
  });

  it('after approval the page says so and links back to the store', async () => {
    const { press, page } = await pendingSubscription();
    await press('approve');
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('already approved');
    expect(response.body).not.toContain('<form');
  });
});

describe('the autopay page (update payment at PayPal)', () => {
  it('pays the balance of a suspended subscription and reactivates it', async () => {
    const store = await webhookReceiver();
    const sandbox = await build({ webhooks: [{ id: 'WH-STORE', url: store.url }] });
    const token = await accessToken(sandbox.app);
    const { subscriptionId } = await createSubscription(sandbox.app, token);
    await sandbox.state.approveSubscription(subscriptionId);
    await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/v1/billing/subscriptions/${subscriptionId}/simulate-payment-failure`,
      headers: { authorization: `Bearer ${token}` },
    });
    await sandbox.state.advanceClock(31);
    expect((await getSubscription(sandbox.app, token, subscriptionId)).status).toBe('SUSPENDED');
    const page = await sandbox.app.inject({ method: 'GET', url: `/sandbox/myaccount/autopay/connect/${subscriptionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SUSPENDED');
    expect(page.body).toContain('Update payment method and pay $19.99');
    const update = await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/myaccount/autopay/connect/${subscriptionId}/update-payment`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(update.statusCode).toBe(303);
    await sandbox.state.deliveriesSettled();
    const subscription = await getSubscription(sandbox.app, token, subscriptionId);
    expect(subscription).toMatchObject({
      status: 'ACTIVE',
      billing_info: { outstanding_balance: { value: '0.00' }, failed_payments_count: 0 },
    });
    expect(store.received.map((received) => received.body.event_type).slice(-2)).toEqual([
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
    ]);
  });
});
