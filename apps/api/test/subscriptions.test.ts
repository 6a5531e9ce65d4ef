import { SANDBOX_CREDENTIALS, deliverWebhook, replayWebhook, saleEvent, startPaymentSandbox, subscriptionEvent, type RunningPaymentSandbox } from '@store/payment-sandbox';
import type { Subscription } from '@store/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import type { PayPalEndpoint } from '../src/payments/paypal-endpoint.ts';
import { setStoreClock } from '../src/subscriptions/clock.ts';
import { paypalAccountOf, planFor } from '../src/subscriptions/plans.ts';
import { cancelSubscription, expireEndedSubscriptions, reconcileSubscriptions } from '../src/subscriptions/subscription-service.ts';
import { refundPaymentsTakenAfterAccess } from '../src/subscription-admin/refund-last-payment.ts';
import { build, type TestApp } from './helpers/build.ts';
import { DAY_MS, subscriptionHelpers } from './helpers/subscriptions.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Subscriptions end to end through the payment sandbox (docs/decisions/037-subscriptions.md): the sandbox
 * sends its signed webhooks to the store's own endpoint, and its test clock moves PayPal months on; the
 * store's clock follows the sandbox's, so periods and expiries are read on one timeline.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let webhookUrl: string;

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  // Each test registers its own shoppers: more than the sign-up limit of a minute.
  t = await build({ PAYPAL_API_URL: sandbox.url, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/paypal/webhook`;
  sandbox.state.webhooks.set(LOCAL_WEBHOOK_ID, { id: LOCAL_WEBHOOK_ID, url: webhookUrl, eventTypes: ['*'] });
  setStoreClock(t.app, () => new Date(sandbox.state.now()));
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.state.autoDeliver = true;
});

const GRACE_DAYS = 3;

const { subscriptionProduct, subscribe, mine, approvedSubscription, daysPast, sandboxToken } = subscriptionHelpers(
  () => t,
  () => sandbox,
);

const license = async (route: 'validate' | 'activate', key: string, instance = 'laptop') =>
  t.request({ method: 'POST', url: `/api/licenses/${route}`, payload: route === 'validate' ? { key } : { key, instance } });

const payments = (id: string) => t.app.db.selectFrom('subscription_payments').selectAll().where('subscription_id', '=', id).execute();
const mails = (kind: string, recipient?: string) => {
  const query = t.app.db.selectFrom('mail_outbox').select(['recipient', 'text_body']).where('kind', '=', `subscription_${kind}`);
  return (recipient ? query.where('recipient', '=', recipient) : query).execute();
};

const expectedKeyExpiry = (subscription: Subscription) => new Date(Date.parse(subscription.current_period_end!) + GRACE_DAYS * DAY_MS).toISOString();

describe('subscribing', () => {
  it('refuses a guest with 401', async () => {
    const product = await subscriptionProduct();
    const response = await t.request({ method: 'POST', url: '/api/subscriptions', payload: { product_id: product.id } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a product that is not a subscription, and a subscription product without its interval', async () => {
    const { token } = await t.registerUser();
    const single = await subscriptionProduct({ product_type: 'single', billing_interval: undefined });
    const response = await subscribe(token, single.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('not_a_subscription');
    const refused = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: await t.adminToken(),
      payload: { title: 'No interval', price: 5, product_type: 'subscription', description: 'd', detailed_description: 'd', images: [], features: [], stock_quantity: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'billing_interval_required', detail: 'A subscription needs a billing interval' });
  });

  it('shows an account only its own subscriptions', async () => {
    const { id } = await approvedSubscription();
    const { token: other } = await t.registerUser();
    for (const [method, url] of [
      ['GET', `/api/subscriptions/${id}`],
      ['POST', `/api/subscriptions/${id}/confirm`],
      ['POST', `/api/subscriptions/${id}/cancel`],
    ] as const) {
      const response = await t.request({ method, url, token: other });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('subscription_not_found');
    }
    expect((await t.request({ method: 'GET', url: '/api/subscriptions', token: other })).json()).toEqual({ subscriptions: [] });
  });

  it('refuses a subscription product in a one-off order', async () => {
    const product = await subscriptionProduct();
    const { token } = await t.registerUser();
    const response = await t.request({ method: 'POST', url: '/api/orders', token, payload: { items: [{ product_id: product.id, quantity: 1 }] } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('subscription_checkout_separate');
    expect(response.json().detail).toContain('Subscriptions are checked out on their own');
  });

  it('makes one subscription of two parallel subscribes, the other answered 409', async () => {
    const product = await subscriptionProduct();
    const { token, user } = await t.registerUser();
    const answers = await Promise.all([subscribe(token, product.id), subscribe(token, product.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('subscription_exists');
    const rows = await t.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    // The refused one never reached PayPal: one subscription there, awaiting approval.
    expect(atPayPal(rows[0]!.id).map((remote) => remote.status)).toEqual(['APPROVAL_PENDING']);
  });

  it('answers the approval address while the subscription awaits approval, and none once approved', async () => {
    const product = await subscriptionProduct();
    const { token } = await t.registerUser();
    const created = (await subscribe(token, product.id)).json<{ id: string; paypal_subscription_id: string; approve_url: string }>();
    expect(created.approve_url.startsWith(`${sandbox.url}/`)).toBe(true);
    // The buyer closed PayPal's tab: the account still has the way back.
    expect(await mine(token, created.id)).toMatchObject({ status: 'approval_pending', approve_url: created.approve_url });
    await sandbox.state.approveSubscription(created.paypal_subscription_id);
    await sandbox.state.deliveriesSettled();
    expect(await mine(token, created.id)).toMatchObject({ status: 'active', approve_url: null });
  });

  it('becomes active from the webhooks alone (the buyer never returns), with one key valid to the period end plus the grace days', async () => {
    const { token, id } = await approvedSubscription();
    const subscription = await mine(token, id);
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: false, price: 19.99, billing_interval: 'month' });
    expect(subscription.license_keys).toHaveLength(1);
    const [key] = subscription.license_keys;
    expect(key).toMatchObject({ status: 'active', expires_at: expectedKeyExpiry(subscription) });
    expect((await payments(id)).map((payment) => payment.amount_cents)).toEqual([1999]);
    const checked = await license('validate', key!.key);
    expect(checked.json()).toMatchObject({ valid: true, status: 'active', expires_at: key!.expires_at });
  });

  it('becomes active from the return alone, and the late webhooks then change nothing twice', async () => {
    const product = await subscriptionProduct();
    const { token, user } = await t.registerUser();
    const created = (await subscribe(token, product.id)).json<{ id: string; paypal_subscription_id: string }>();
    sandbox.state.autoDeliver = false;
    await sandbox.state.approveSubscription(created.paypal_subscription_id);
    expect((await mine(token, created.id)).status).toBe('approval_pending');
    const confirmed = await t.request({ method: 'POST', url: `/api/subscriptions/${created.id}/confirm`, token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'active' });
    const before = await mine(token, created.id);

    // The webhooks PayPal would have sent, arriving late (and twice).
    const [sale] = [...sandbox.state.sales.values()].filter((entry) => entry.subscriptionId === created.paypal_subscription_id);
    for (const input of [subscriptionEvent(sandbox.state, created.paypal_subscription_id, 'BILLING.SUBSCRIPTION.ACTIVATED'), saleEvent(sandbox.state, sale!.id)]) {
      const delivered = await deliverWebhook(sandbox.state, { ...input, url: webhookUrl, webhookId: LOCAL_WEBHOOK_ID });
      expect(delivered.status).toBe(200);
      expect((await replayWebhook(sandbox.state, delivered)).status).toBe(200);
    }
    const after = await mine(token, created.id);
    expect(after).toEqual(before);
    expect(await payments(created.id)).toHaveLength(1);
    expect((await mails('started')).filter((mail) => mail.recipient === user.email)).toHaveLength(1);
  });
});

/** The sandbox's subscriptions made for our row (its custom_id). */
const atPayPal = (id: string) => [...sandbox.state.subscriptions.values()].filter((remote) => remote.custom_id === id);

/** Makes the store's PayPal client lose PayPal's answer to the next create-subscription (PayPal made it). */
function loseNextCreateAnswer(): () => void {
  const paypal = t.app.paypal;
  const real = paypal.call.bind(paypal);
  const lossy = async (...args: Parameters<typeof real>) => {
    const answer = await real(...args);
    if (args[1] === 'POST' && args[2] === '/v1/billing/subscriptions') {
      paypal.call = real;
      throw new TypeError('fetch failed');
    }
    return answer;
  };
  paypal.call = lossy as typeof real;
  return () => {
    paypal.call = real;
  };
}

/** The store's clock some time after the sandbox's, for a while. */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  setStoreClock(t.app, () => new Date(sandbox.state.now() + ms));
  try {
    return await work();
  } finally {
    setStoreClock(t.app, () => new Date(sandbox.state.now()));
  }
}

describe('a subscribe that dies between PayPal’s answer and our write', () => {
  it('is asked of PayPal again with the same request id once its claim lapses: the buyer has one subscription there', async () => {
    const product = await subscriptionProduct();
    const { token, user } = await t.registerUser();
    const restore = loseNextCreateAnswer();
    try {
      const lost = await subscribe(token, product.id);
      expect(lost.statusCode).toBe(502);
    } finally {
      restore();
    }
    const [row] = await t.app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute();
    // PayPal's webhook of the creation may have told us its id meanwhile; its approval address only came with the lost answer.
    expect(row).toMatchObject({ status: 'approval_pending', approve_url: null, paypal_create_claimed_at: expect.any(Date) });
    expect(atPayPal(row!.id)).toHaveLength(1);

    // Asked again at once, while the first ask may still be under way: refused, PayPal not asked.
    const tooSoon = await subscribe(token, product.id);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'subscription_exists', detail: expect.stringContaining('try again in a minute') });

    // After the lapse, the same request: PayPal answers the subscription the first ask made.
    const retried = await later(61_000, () => subscribe(token, product.id));
    expect(retried.statusCode, retried.body).toBe(201);
    const [remote] = atPayPal(row!.id);
    expect(retried.json()).toMatchObject({ id: row!.id, paypal_subscription_id: remote!.id, status: 'approval_pending' });
    expect(atPayPal(row!.id)).toHaveLength(1);
    expect(await t.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);

    await sandbox.state.approveSubscription(remote!.id);
    await sandbox.state.deliveriesSettled();
    expect(await mine(token, row!.id)).toMatchObject({ status: 'active', paypal_subscription_id: remote!.id });
  });

  it('is given up a day later when the buyer never tries again, and a new subscribe then works', async () => {
    const product = await subscriptionProduct();
    const { token, user } = await t.registerUser();
    const restore = loseNextCreateAnswer();
    try {
      expect((await subscribe(token, product.id)).statusCode).toBe(502);
    } finally {
      restore();
    }
    await later(25 * 3600_000, () => reconcileSubscriptions(t.app));
    const [row] = await t.app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute();
    expect(row!.status).toBe('expired');
    expect((await subscribe(token, product.id)).statusCode).toBe(201);
  });
});

describe('renewals', () => {
  // Twelve clock moves renew every subscription at the sandbox: on a busy machine this takes longer than the default.
  it('renews 12 months by the test clock, extending the same key each time', { timeout: 60_000 }, async () => {
    const { token, id, email } = await approvedSubscription();
    const first = await mine(token, id);
    const key = first.license_keys[0]!.key;
    let previousEnd = Date.parse(first.current_period_end!);
    for (let month = 1; month <= 12; month += 1) {
      await sandbox.state.advanceClock(daysPast(await mine(token, id)));
      await sandbox.state.deliveriesSettled();
      const renewed = await mine(token, id);
      expect(renewed.status).toBe('active');
      expect(Date.parse(renewed.current_period_end!)).toBeGreaterThan(previousEnd);
      previousEnd = Date.parse(renewed.current_period_end!);
      expect(renewed.license_keys).toEqual([{ key, status: 'active', expires_at: expectedKeyExpiry(renewed) }]);
      expect(await payments(id)).toHaveLength(month + 1);
      expect((await license('validate', key)).json()).toMatchObject({ status: 'active', expires_at: expectedKeyExpiry(renewed) });
    }
    // A receipt for each renewal; the first payment came with the "started" mail.
    expect(await mails('renewal', email)).toHaveLength(12);
    expect(await mails('started', email)).toHaveLength(1);
  });

  it('keeps a key working for the grace days the settings give', async () => {
    const admin = await t.adminToken();
    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { subscription_grace_days: 10 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().subscription_grace_days).toBe(10);
    try {
      const { token, id } = await approvedSubscription();
      const subscription = await mine(token, id);
      expect(subscription.license_keys[0]!.expires_at).toBe(new Date(Date.parse(subscription.current_period_end!) + 10 * DAY_MS).toISOString());
    } finally {
      await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { subscription_grace_days: GRACE_DAYS } });
    }
  });

  it('changes nothing for duplicated, reordered or late webhooks', async () => {
    const { token, id, paypalId } = await approvedSubscription();
    await sandbox.state.advanceClock(daysPast(await mine(token, id)));
    await sandbox.state.deliveriesSettled();
    const settled = await mine(token, id);
    const sales = [...sandbox.state.sales.values()].filter((sale) => sale.subscriptionId === paypalId);
    expect(sales).toHaveLength(2);
    // A late first sale, a renewal delivered twice, and an out-of-date suspension notice: PayPal says active.
    const inputs = [
      saleEvent(sandbox.state, sales[0]!.id),
      saleEvent(sandbox.state, sales[1]!.id),
      saleEvent(sandbox.state, sales[1]!.id),
      subscriptionEvent(sandbox.state, paypalId, 'BILLING.SUBSCRIPTION.SUSPENDED'),
      subscriptionEvent(sandbox.state, paypalId, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED'),
    ];
    for (const input of inputs.reverse()) {
      expect((await deliverWebhook(sandbox.state, { ...input, url: webhookUrl, webhookId: LOCAL_WEBHOOK_ID })).status).toBe(200);
    }
    expect(await mine(token, id)).toEqual(settled);
    expect(await payments(id)).toHaveLength(2);
  });

  it('finds a renewal whose webhook never came through the reconciliation', async () => {
    const { token, id } = await approvedSubscription();
    const before = await mine(token, id);
    sandbox.state.autoDeliver = false;
    await sandbox.state.advanceClock(daysPast(before));
    expect(await mine(token, id)).toEqual(before);
    await reconcileSubscriptions(t.app);
    const after = await mine(token, id);
    expect(Date.parse(after.current_period_end!)).toBeGreaterThan(Date.parse(before.current_period_end!));
    expect(after.license_keys[0]).toMatchObject({ key: before.license_keys[0]!.key, status: 'active', expires_at: expectedKeyExpiry(after) });
    expect(await payments(id)).toHaveLength(2);
  });
});

describe('refunds at PayPal', () => {
  it('marks the refunded payment from PayPal’s webhook, once', async () => {
    const { id, paypalId } = await approvedSubscription();
    const [sale] = [...sandbox.state.sales.values()].filter((entry) => entry.subscriptionId === paypalId);
    const refunded = await fetch(`${sandbox.url}/v1/payments/sale/${sale!.id}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await sandboxToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(refunded.status).toBe(201);
    await sandbox.state.deliveriesSettled();
    const [payment] = await payments(id);
    expect(payment).toMatchObject({ paypal_sale_id: sale!.id, status: 'refunded' });
    expect(payment!.refunded_at).not.toBeNull();
  });
});

describe('failed payments', () => {
  it('keeps access while past due, suspends at PayPal’s threshold, and a later payment reactivates', async () => {
    const { token, id, paypalId, email } = await approvedSubscription();
    const key = (await mine(token, id)).license_keys[0]!.key;
    const armed = await fetch(`${sandbox.url}/v1/billing/subscriptions/${paypalId}/simulate-payment-failure`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await sandboxToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(armed.status).toBe(200);
    const paidUntil = (await mine(token, id)).current_period_end;
    await sandbox.state.advanceClock(daysPast(await mine(token, id)));
    await sandbox.state.deliveriesSettled();
    const pastDue = await mine(token, id);
    expect(pastDue).toMatchObject({ status: 'past_due', current_period_end: paidUntil });
    expect(pastDue.update_payment_url).toContain(paypalId);
    const [failedMail] = await mails('payment_failed', email);
    expect(failedMail?.text_body).toContain(pastDue.update_payment_url);
    // Within the grace days the key still works.
    expect((await license('validate', key)).json()).toMatchObject({ valid: true, status: 'active' });

    for (let attempt = 0; attempt < 3 && (await mine(token, id)).status !== 'suspended'; attempt += 1) {
      await sandbox.state.advanceClock(31);
      await sandbox.state.deliveriesSettled();
    }
    expect((await mine(token, id)).status).toBe('suspended');
    expect((await license('validate', key)).json()).toMatchObject({ valid: false, status: 'suspended' });
    const refused = await license('activate', key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('license_suspended');

    const paid = await fetch(`${sandbox.url}/myaccount/autopay/connect/${paypalId}/update-payment`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await waitFor(async () => (await mine(token, id)).status === 'active', 'the reactivation');
    const active = await mine(token, id);
    expect(Date.parse(active.current_period_end!)).toBeGreaterThan(sandbox.state.now());
    expect((await license('validate', key)).json()).toMatchObject({ valid: true, status: 'active', expires_at: expectedKeyExpiry(active) });
  });
});

describe('cancelling', () => {
  it('keeps access to the paid period’s end, then expires', async () => {
    const { token, id, paypalId, email } = await approvedSubscription();
    const cancelled = await t.request({ method: 'POST', url: `/api/subscriptions/${id}/cancel`, token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const subscription = cancelled.json<Subscription>();
    expect(subscription).toMatchObject({ status: 'cancelled', cancel_at_period_end: true });
    expect(sandbox.state.subscriptions.get(paypalId)?.status).toBe('CANCELLED');
    const key = subscription.license_keys[0]!;
    expect(key).toMatchObject({ status: 'active', expires_at: subscription.current_period_end });
    expect((await license('validate', key.key)).json()).toMatchObject({ valid: true, expires_at: subscription.current_period_end });
    const again = await t.request({ method: 'POST', url: `/api/subscriptions/${id}/cancel`, token });
    expect(again.json().code).toBe('subscription_not_cancellable');

    // Before the period's end nothing expires; after it, the sweep ends it and the key stops.
    expect(await expireEndedSubscriptions(t.app)).toBe(0);
    await sandbox.state.advanceClock(daysPast(subscription));
    await sandbox.state.deliveriesSettled();
    expect((await license('validate', key.key)).json()).toMatchObject({ valid: false, status: 'expired' });
    expect(await expireEndedSubscriptions(t.app)).toBe(1);
    const expired = await mine(token, id);
    expect(expired.status).toBe('expired');
    expect(expired.license_keys[0]!.status).toBe('expired');
    const refused = await license('activate', key.key);
    expect(refused.json().code).toBe('license_expired');
    expect(await mails('cancelled', email)).toHaveLength(1);
    expect(await mails('expired', email)).toHaveLength(1);
  });
});

describe('the expiry sweep racing a late renewal', () => {
  it('ends expired with the renewal refunded once, whichever of the sweep and the renewal’s webhook comes first', { timeout: 120_000 }, async () => {
    const ROUNDS = 6;
    const subscribers = [];
    for (let round = 0; round < ROUNDS; round += 1) subscribers.push(await approvedSubscription());
    // PayPal charges every renewal at the period's end; its webhooks are held back.
    sandbox.state.autoDeliver = false;
    await sandbox.state.advanceClock(daysPast(await mine(subscribers[0]!.token, subscribers[0]!.id)));
    for (const { token, id, paypalId } of subscribers) {
      const renewal = [...sandbox.state.sales.values()].filter((sale) => sale.subscriptionId === paypalId).at(-1)!;
      // The buyer cancels as PayPal charges: here the paid period has ended, so the sweep may expire it at once.
      expect((await t.request({ method: 'POST', url: `/api/subscriptions/${id}/cancel`, token })).statusCode).toBe(200);
      const [, delivered] = await Promise.all([
        expireEndedSubscriptions(t.app),
        deliverWebhook(sandbox.state, { ...saleEvent(sandbox.state, renewal.id), url: webhookUrl, webhookId: LOCAL_WEBHOOK_ID }),
      ]);
      expect(delivered.status).toBe(200);
      await expireEndedSubscriptions(t.app);
      await refundPaymentsTakenAfterAccess(t.app);

      const ended = await mine(token, id);
      expect(ended.status).toBe('expired');
      expect(ended.license_keys[0]!.status).toBe('expired');
      const recorded = await payments(id);
      expect(recorded).toHaveLength(2);
      expect(recorded.find((payment) => payment.paypal_sale_id === renewal.id)).toMatchObject({ status: 'refunded', refund_due_at: expect.any(Date) });
      expect(recorded.find((payment) => payment.paypal_sale_id !== renewal.id)).toMatchObject({ status: 'completed', refund_due_at: null });
      expect(sandbox.state.sales.get(renewal.id)!.refundIds).toHaveLength(1);
    }
  });
});

describe('staff’s cancel (the service the admin calls)', () => {
  it('ends access at once with at: now', async () => {
    const { token, id, paypalId } = await approvedSubscription();
    const key = (await mine(token, id)).license_keys[0]!.key;
    const ended = await cancelSubscription(t.app, id, { at: 'now', actor: 'staff' });
    expect(ended).toMatchObject({ status: 'expired', cancel_at_period_end: true });
    expect(sandbox.state.subscriptions.get(paypalId)?.status).toBe('CANCELLED');
    expect((await license('validate', key)).json()).toMatchObject({ valid: false, status: 'expired' });
    await expect(cancelSubscription(t.app, id, { at: 'now', actor: 'staff' })).rejects.toMatchObject({ code: 'subscription_not_cancellable' });
  });
});

describe('plans', () => {
  it('makes a new plan when the price changes; the earlier subscriber keeps the old price', async () => {
    const product = await subscriptionProduct();
    const first = await approvedSubscription(product.id);
    await t.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      token: await t.adminToken(),
      payload: { title: product.title, price: 24.99, product_type: 'subscription', description: 'An AI writer.', detailed_description: 'Billed monthly.', images: [], features: [], stock_quantity: 100 },
    });
    const second = await approvedSubscription(product.id);
    expect((await mine(first.token, first.id)).price).toBe(19.99);
    expect((await mine(second.token, second.id)).price).toBe(24.99);
    const plans = await t.app.db.selectFrom('paypal_plans').select('paypal_plan_id').where('product_id', '=', product.id).execute();
    expect(plans).toHaveLength(2);
  });

  it('makes the product and plan again at another PayPal account; each account keeps its own', async () => {
    const product = await subscriptionProduct();
    await approvedSubscription(product.id);
    const row = await t.app.db.selectFrom('products').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
    const terms = { ...row, billing_interval: 'month' as const };
    const first: PayPalEndpoint = { baseUrl: sandbox.url, clientId: SANDBOX_CREDENTIALS.clientId, clientSecret: SANDBOX_CREDENTIALS.clientSecret, local: true };
    // The store switched to another account (live PayPal after the sandbox): its ids there are its own.
    const other = await startPaymentSandbox();
    try {
      const elsewhere = await planFor(t.app, { ...first, baseUrl: other.url }, terms);
      expect(other.state.plans.has(elsewhere.paypal_plan_id)).toBe(true);
      expect(sandbox.state.plans.has(elsewhere.paypal_plan_id)).toBe(false);
      const again = await planFor(t.app, first, terms);
      expect(again.id).not.toBe(elsewhere.id);
      expect(sandbox.state.plans.has(again.paypal_plan_id)).toBe(true);
      const accounts = await t.app.db.selectFrom('paypal_catalog_products').select('paypal_account').where('product_id', '=', product.id).execute();
      expect(accounts.map((account) => account.paypal_account).sort()).toEqual([paypalAccountOf(first), paypalAccountOf({ ...first, baseUrl: other.url })].sort());
    } finally {
      await other.close();
    }
  });
});

describe('licence keys', () => {
  it('compare without case when the product’s key pattern is upper case', async () => {
    const { token, id } = await approvedSubscription();
    const key = (await mine(token, id)).license_keys[0]!.key;
    expect(key).toBe(key.toUpperCase());
    expect((await license('validate', key.toLowerCase())).json()).toMatchObject({ valid: true, status: 'active' });
  });
});
