import { randomBytes } from 'node:crypto';
import {
  AdminSubscriptionListSchema,
  AdminSubscriptionSchema,
  type AdminSubscription,
  type AdminSubscriptionList,
  type BillingInterval,
  type DashboardStats,
  type RevenueSeries,
  type SubscriptionPaymentStatus,
  type SubscriptionStatus,
} from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealLicenseKey } from '../src/orders/license-keys.ts';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { PayPalClient } from '../src/payments/paypal-client.ts';
import { STALE_REFUND_CLAIM_MS } from '../src/payments/refunds.ts';
import { saleRefundRequestId } from '../src/subscription-admin/refund-last-payment.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Staff's subscriptions (issue 24 item 6, docs/decisions/040-subscription-admin.md): the list with its
 * filters and paging, one subscription with every payment, cancel now or at the period's end, the refund of
 * the last payment under a double click, MRR and the active count, and subscription payments in the revenue
 * chart and the orders export. The subscriptions are written straight into the database (a year of renewals
 * cannot be bought in a test); PayPal's answers to the refund and cancel calls come from a stand-in that
 * counts them and can hold an answer back, every other call goes to the payment sandbox. Runs on PostgreSQL
 * when TEST_DATABASE_URL is set and on PGlite otherwise.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let admin: string;

/** A PayPal call the stand-in answered: the refund of a sale, or the cancel of a subscription. */
interface PayPalCall {
  path: string;
  requestId: string | undefined;
}
const paypalCalls: PayPalCall[] = [];
/** While set, refund answers wait for it: the test lets them go when its other request has been answered. */
let refundGate: Promise<void> | null = null;
/** PayPal's answer to the next refund, when a test wants a refusal. */
let refundRefusal: { status: number; body: Record<string, unknown> } | null = null;
/** Off: every call goes to the sandbox (the test of a subscription bought through it). */
let standIn = true;
/** Set: the sandbox refunds the next sale, and its answer is lost on the way back (a crash before our commit). */
let loseRefundAnswer = false;

const SALE_REFUND = /^\/v1\/payments\/sale\/([^/]+)\/refund$/;
const SUBSCRIPTION_CANCEL = /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/;

/** PayPal: the sandbox for everything, but a sale's refund and a subscription's cancel, answered and counted here. */
const stubbedFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = (init?.headers ?? {}) as Record<string, string>;
  if (standIn && SALE_REFUND.test(url.pathname)) {
    paypalCalls.push({ path: url.pathname, requestId: headers['PayPal-Request-Id'] });
    if (refundGate) await refundGate;
    if (refundRefusal) return Response.json(refundRefusal.body, { status: refundRefusal.status });
    return Response.json({ id: `REFUND${paypalCalls.length}`, state: 'completed', sale_id: SALE_REFUND.exec(url.pathname)![1] }, { status: 201 });
  }
  if (loseRefundAnswer && SALE_REFUND.test(url.pathname)) {
    loseRefundAnswer = false;
    await fetch(input, init);
    throw new TypeError('fetch failed');
  }
  if (standIn && SUBSCRIPTION_CANCEL.test(url.pathname)) {
    paypalCalls.push({ path: url.pathname, requestId: headers['PayPal-Request-Id'] });
    return new Response(null, { status: 204 });
  }
  return fetch(input, init);
};

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  t = await build({ PAYPAL_API_URL: sandbox.url, AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { paypal: new PayPalClient(stubbedFetch) });
  admin = await t.adminToken();
  // The sandbox sends its events (a subscription's activation, its payments, refunds) to the store's webhook.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.state.webhooks.set(LOCAL_WEBHOOK_ID, { id: LOCAL_WEBHOOK_ID, url: `${address}/api/paypal/webhook`, eventTypes: ['*'] });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => {
  paypalCalls.length = 0;
  refundGate = null;
  refundRefusal = null;
  standIn = true;
  loseRefundAnswer = false;
  sandbox.state.autoDeliver = true;
});

const tag = () => randomBytes(4).toString('hex');
const DAY_MS = 86_400_000;

async function subscriptionProduct(interval: BillingInterval = 'month', price = 19.99): Promise<{ id: string; title: string }> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: {
      title: `Subscribed ${tag()}`,
      price,
      description: 'Billed every period',
      detailed_description: 'A subscription product of the admin tests.',
      category: 'software',
      product_type: 'subscription',
      billing_interval: interval,
      key_mode: 'generated',
      key_pattern: 'SUB-XXXX-XXXX',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

interface KnownPayment {
  cents?: number;
  paidAt: Date;
  status?: SubscriptionPaymentStatus;
}

interface KnownSubscription {
  user?: { id: string };
  product?: { id: string; title: string };
  status?: SubscriptionStatus;
  interval?: BillingInterval;
  priceCents?: number;
  periodEnd?: Date | null;
  createdAt?: Date;
  isTest?: boolean;
  payments?: KnownPayment[];
  key?: string;
}

/** A subscription as the core records one, with its plan, its payments and (optionally) its key. */
async function insertSubscription(known: KnownSubscription = {}) {
  const user = known.user ?? (await t.registerUser()).user;
  const interval = known.interval ?? 'month';
  const product = known.product ?? (await subscriptionProduct(interval));
  const priceCents = known.priceCents ?? 1999;
  const plan = await t.app.db
    .insertInto('paypal_plans')
    .values({ paypal_account: 'test', product_id: product.id, price_cents: priceCents, currency: 'USD', billing_interval: interval, trial_days: 0, paypal_plan_id: `P-${tag()}${tag()}` })
    .onConflict((conflict) => conflict.columns(['paypal_account', 'product_id', 'price_cents', 'currency', 'billing_interval', 'trial_days']).doUpdateSet({ currency: 'USD' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const subscription = await t.app.db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      product_id: product.id,
      plan_id: plan.id,
      paypal_subscription_id: `I-ADMIN${tag().toUpperCase()}`,
      status: known.status ?? 'active',
      title: product.title,
      price_cents: priceCents,
      currency: 'USD',
      billing_interval: interval,
      trial_days: 0,
      current_period_end: known.periodEnd === undefined ? new Date(Date.now() + 20 * DAY_MS) : known.periodEnd,
      is_test: known.isTest ?? false,
      created_at: known.createdAt ?? new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const payments = [];
  for (const payment of known.payments ?? []) {
    payments.push(
      await t.app.db
        .insertInto('subscription_payments')
        .values({
          subscription_id: subscription.id,
          paypal_sale_id: `SALE${tag().toUpperCase()}${tag().toUpperCase()}`,
          amount_cents: payment.cents ?? priceCents,
          currency: 'USD',
          status: payment.status ?? 'completed',
          paid_at: payment.paidAt,
          refunded_at: payment.status === 'refunded' ? payment.paidAt : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  if (known.key) {
    await t.app.db
      .insertInto('license_keys')
      .values({
        product_id: product.id,
        ...sealLicenseKey(t.app.dataCipher, product.id, known.key),
        subscription_id: subscription.id,
        sold_at: new Date(),
        expires_at: subscription.current_period_end,
      })
      .execute();
  }
  return { subscription, payments, user, product };
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function list(query: string): Promise<AdminSubscriptionList> {
  const response = await asAdmin('GET', `/api/admin/subscriptions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<AdminSubscriptionList>();
  expect(Value.Check(AdminSubscriptionListSchema, body)).toBe(true);
  return body;
}

async function details(id: string): Promise<AdminSubscription> {
  const response = await asAdmin('GET', `/api/admin/subscriptions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<AdminSubscription>();
  expect(Value.Check(AdminSubscriptionSchema, body)).toBe(true);
  return body;
}

async function stats(): Promise<DashboardStats> {
  const response = await asAdmin('GET', '/api/admin/stats');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardStats>();
}

describe('the admin routes are for staff only', () => {
  it('answers 401 without a token and 403 to a shopper, on every route', async () => {
    const { subscription } = await insertSubscription({ payments: [{ paidAt: new Date() }] });
    const shopper = await t.registerUser();
    const calls = [
      { method: 'GET', url: '/api/admin/subscriptions' },
      { method: 'GET', url: `/api/admin/subscriptions/${subscription.id}` },
      { method: 'POST', url: `/api/admin/subscriptions/${subscription.id}/cancel`, payload: { at: 'now' } },
      { method: 'POST', url: `/api/admin/subscriptions/${subscription.id}/refund-last-payment`, payload: { reason: 'Bought by mistake' } },
    ] as const;
    for (const call of calls) {
      const anonymous = await t.request(call);
      expect(anonymous.statusCode, call.url).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
      const refused = await t.request({ ...call, token: shopper.token });
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(paypalCalls).toEqual([]);
    expect((await details(subscription.id)).status).toBe('active');
  });
});

describe('GET /api/admin/subscriptions', () => {
  it('filters by status, product and part of the buyer’s email or username, newest first, paged', async () => {
    const product = await subscriptionProduct();
    const buyer = await t.registerUser({ username: `Maja${tag()}`, email: `maja.${tag()}@filters.example` });
    const other = await t.registerUser();
    const now = Date.now();
    const oldest = await insertSubscription({ user: buyer.user, product, status: 'expired', createdAt: new Date(now - 3 * DAY_MS) });
    const middle = await insertSubscription({ user: other.user, product, status: 'past_due', createdAt: new Date(now - 2 * DAY_MS) });
    const newest = await insertSubscription({ user: buyer.user, product, createdAt: new Date(now - DAY_MS) });
    const elsewhere = await insertSubscription({ user: buyer.user });

    const ids = (answer: AdminSubscriptionList) => answer.items.map((item) => item.id);
    expect(ids(await list(`?product_id=${product.id}`))).toEqual([newest.subscription.id, middle.subscription.id, oldest.subscription.id]);
    expect((await list(`?product_id=${product.id}`)).total).toBe(3);
    expect(ids(await list(`?product_id=${product.id}&status=past_due`))).toEqual([middle.subscription.id]);
    // The username in other letters, and a part of the email.
    expect(ids(await list(`?q=${buyer.user.username.toUpperCase()}`))).toEqual([elsewhere.subscription.id, newest.subscription.id, oldest.subscription.id]);
    expect(ids(await list(`?q=${encodeURIComponent(buyer.user.email.split('@')[0]!.slice(2))}&status=active`))).toEqual([
      elsewhere.subscription.id,
      newest.subscription.id,
    ]);
    // LIKE's wildcards are searched for as text.
    expect((await list('?q=%25')).total).toBe(0);

    const page = await list(`?product_id=${product.id}&limit=1&offset=1`);
    expect(page).toMatchObject({ total: 3 });
    expect(ids(page)).toEqual([middle.subscription.id]);
    const item = (await list(`?product_id=${product.id}&limit=1`)).items[0]!;
    expect(item).toMatchObject({
      id: newest.subscription.id,
      product_id: product.id,
      product_title: product.title,
      price: 19.99,
      billing_interval: 'month',
      status: 'active',
      user: { id: buyer.user.id, username: buyer.user.username, email: buyer.user.email },
      failed_payments_count: 0,
    });
    expect(item).not.toHaveProperty('payments');
  });

  it('refuses bad filters with 400 and the field named', async () => {
    for (const query of ['?status=paused', '?product_id=nope', '?limit=0', '?limit=101', `?q=${'x'.repeat(201)}`]) {
      const response = await asAdmin('GET', `/api/admin/subscriptions${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
  });
});

describe('GET /api/admin/subscriptions/{id}', () => {
  it('answers the subscription with its buyer, key and every payment, newest first', async () => {
    const key = `SUB-${tag().toUpperCase()}`;
    const { subscription, payments, user } = await insertSubscription({
      key,
      payments: [
        { paidAt: new Date(Date.now() - 40 * DAY_MS) },
        { paidAt: new Date(Date.now() - 70 * DAY_MS), status: 'refunded' },
        { paidAt: new Date(Date.now() - 10 * DAY_MS) },
      ],
    });
    const answer = await details(subscription.id);
    expect(answer).toMatchObject({ id: subscription.id, status: 'active', user: { id: user.id }, paypal_subscription_id: subscription.paypal_subscription_id });
    expect(answer.license_keys).toEqual([{ key, expires_at: subscription.current_period_end!.toISOString(), status: 'active' }]);
    expect(answer.payments.map((payment) => payment.id)).toEqual([payments[2]!.id, payments[0]!.id, payments[1]!.id]);
    expect(answer.payments[2]).toMatchObject({ status: 'refunded', amount: 19.99, paypal_sale_id: payments[1]!.paypal_sale_id });
  });

  it('answers 404 subscription_not_found for an unknown id', async () => {
    const response = await asAdmin('GET', '/api/admin/subscriptions/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'subscription_not_found' });
  });
});

describe('POST /api/admin/subscriptions/{id}/cancel', () => {
  it('at the period end: PayPal stops billing, access lasts to the paid period’s end; a second time is refused', async () => {
    const key = `SUB-${tag().toUpperCase()}`;
    const { subscription } = await insertSubscription({ key, payments: [{ paidAt: new Date() }] });
    const response = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/cancel`, { at: 'period_end' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AdminSubscription>();
    expect(answer).toMatchObject({ status: 'cancelled', cancel_at_period_end: true, current_period_end: subscription.current_period_end!.toISOString() });
    expect(answer.cancelled_at).not.toBeNull();
    expect(answer.license_keys[0]).toMatchObject({ key, status: 'active' });
    expect(paypalCalls).toEqual([{ path: `/v1/billing/subscriptions/${subscription.paypal_subscription_id}/cancel`, requestId: undefined }]);

    const again = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/cancel`, { at: 'period_end' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'subscription_not_cancellable' });
    expect(paypalCalls).toHaveLength(1);
  });

  it('now: PayPal stops billing and access ends at once; an expired subscription is refused', async () => {
    const key = `SUB-${tag().toUpperCase()}`;
    const { subscription } = await insertSubscription({ key, payments: [{ paidAt: new Date() }] });
    const before = Date.now();
    const response = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/cancel`, { at: 'now' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AdminSubscription>();
    expect(answer.status).toBe('expired');
    expect(answer.license_keys[0]).toMatchObject({ key, status: 'expired' });
    expect(Date.parse(answer.license_keys[0]!.expires_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answer.license_keys[0]!.expires_at!)).toBeLessThanOrEqual(Date.now());
    // The licence check agrees: the key no longer runs the software.
    const check = await t.request({ method: 'POST', url: '/api/licenses/validate', payload: { key, product_id: subscription.product_id } });
    expect(check.json()).toMatchObject({ valid: false, status: 'expired' });
    expect(paypalCalls).toHaveLength(1);

    const again = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/cancel`, { at: 'now' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'subscription_not_cancellable' });
    // A subscription cancelled at its period's end can still be ended now, without asking PayPal again.
    const { subscription: ending } = await insertSubscription({ status: 'cancelled' });
    const now = await asAdmin('POST', `/api/admin/subscriptions/${ending.id}/cancel`, { at: 'now' });
    expect(now.json()).toMatchObject({ status: 'expired' });
    expect(paypalCalls).toHaveLength(1);
  });

  it('refuses a body without `at` or with another value', async () => {
    const { subscription } = await insertSubscription();
    for (const payload of [{}, { at: 'tomorrow' }]) {
      const response = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/cancel`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    }
  });
});

describe('POST /api/admin/subscriptions/{id}/refund-last-payment', () => {
  it('refunds the last payment once under two parallel requests, records it and ends the subscription now', async () => {
    const { subscription, payments } = await insertSubscription({
      payments: [{ paidAt: new Date(Date.now() - 30 * DAY_MS) }, { paidAt: new Date(Date.now() - DAY_MS), cents: 2499 }],
    });
    const last = payments[1]!;
    let release!: () => void;
    refundGate = new Promise((resolve) => (release = resolve));
    const refund = () => asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/refund-last-payment`, { reason: 'Bought by mistake' });
    const first = refund();
    // The second click arrives while PayPal has not answered the first.
    const second = await (async () => {
      while (paypalCalls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      return refund();
    })();
    release();
    const answers = [await first, second];
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'refund_in_progress' });

    const sales = paypalCalls.filter((call) => SALE_REFUND.test(call.path));
    expect(sales).toEqual([{ path: `/v1/payments/sale/${last.paypal_sale_id}/refund`, requestId: saleRefundRequestId(last.id) }]);
    const answer = answers.find((response) => response.statusCode === 200)!.json<AdminSubscription>();
    expect(answer.status).toBe('expired');
    expect(answer.payments[0]).toMatchObject({ id: last.id, status: 'refunded', amount: 24.99 });
    expect(answer.payments[0]!.refunded_at).not.toBeNull();
    expect(answer.payments[1]).toMatchObject({ id: payments[0]!.id, status: 'completed', refunded_at: null });
    const row = await t.app.db.selectFrom('subscription_payments').selectAll().where('id', '=', last.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ refund_id: 'REFUND1', refund_reason: 'Bought by mistake', refund_claimed_at: null });
    // Cancelled at PayPal too: no more billing.
    expect(paypalCalls.filter((call) => SUBSCRIPTION_CANCEL.test(call.path))).toHaveLength(1);

    // A third click never moves on to the payment before.
    const third = await refund();
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'payment_not_refundable' });
    expect(paypalCalls.filter((call) => SALE_REFUND.test(call.path))).toHaveLength(1);
  });

  it('answers 502 paypal_error when PayPal refuses, keeping the payment and the subscription as they were', async () => {
    const { subscription, payments } = await insertSubscription({ payments: [{ paidAt: new Date() }] });
    refundRefusal = { status: 400, body: { name: 'TRANSACTION_REFUSED', message: 'The request was refused' } };
    const response = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/refund-last-payment`, { reason: 'Bought by mistake' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'paypal_error' });
    const answer = await details(subscription.id);
    expect(answer.status).toBe('active');
    expect(answer.payments[0]).toMatchObject({ id: payments[0]!.id, status: 'completed' });
    // The claim was dropped: staff may try again at once.
    refundRefusal = null;
    const retried = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/refund-last-payment`, { reason: 'Bought by mistake' });
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('refuses a subscription without a payment, a missing reason, and an unknown subscription', async () => {
    const { subscription } = await insertSubscription({ status: 'approval_pending', periodEnd: null });
    const none = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/refund-last-payment`, { reason: 'Bought by mistake' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'payment_not_refundable' });
    const noReason = await asAdmin('POST', `/api/admin/subscriptions/${subscription.id}/refund-last-payment`, {});
    expect(noReason.statusCode).toBe(400);
    const unknown = await asAdmin('POST', '/api/admin/subscriptions/00000000-0000-4000-8000-000000000000/refund-last-payment', { reason: 'Bought by mistake' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'subscription_not_found' });
    expect(paypalCalls).toEqual([]);
  });
});

/** A new buyer's subscription made and approved through the sandbox, every PayPal call going to it. */
async function boughtThroughSandbox() {
  standIn = false;
  const product = await subscriptionProduct();
  const buyer = await t.registerUser();
  const created = await t.request({ method: 'POST', url: '/api/subscriptions', token: buyer.token, payload: { product_id: product.id } });
  expect(created.statusCode, created.body).toBe(201);
  const { id, paypal_subscription_id: paypalId } = created.json<{ id: string; paypal_subscription_id: string }>();
  await sandbox.state.approveSubscription(paypalId);
  await sandbox.state.deliveriesSettled();
  return { product, buyer, id, paypalId };
}

describe('a subscription bought through the sandbox', () => {
  it('is listed for staff with its first payment, which a double click refunds once at PayPal, ending the subscription there too', async () => {
    const { product, buyer, id, paypalId } = await boughtThroughSandbox();

    expect((await list(`?q=${buyer.user.username}`)).items.map((item) => item.id)).toEqual([id]);
    const bought = await details(id);
    expect(bought).toMatchObject({ status: 'active', product_id: product.id, user: { id: buyer.user.id } });
    expect(bought.payments).toHaveLength(1);
    const sale = bought.payments[0]!;
    expect(sale).toMatchObject({ status: 'completed', amount: 19.99 });

    const refund = () => asAdmin('POST', `/api/admin/subscriptions/${id}/refund-last-payment`, { reason: 'Charged twice' });
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    await sandbox.state.deliveriesSettled();
    const refundsAtPayPal = [...sandbox.state.saleRefunds.values()].filter((made) => made.saleId === sale.paypal_sale_id);
    expect(refundsAtPayPal).toHaveLength(1);
    expect(sandbox.state.subscriptions.get(paypalId)?.status).toBe('CANCELLED');
    const after = await details(id);
    expect(after.status).toBe('expired');
    expect(after.payments[0]).toMatchObject({ id: sale.id, status: 'refunded' });
  });
});

describe('a refund whose answer was lost (a crash after PayPal refunded, before our commit)', () => {
  it('is refused while its claim is fresh, and after the claim lapses asks PayPal with the same request id: refunded once, recorded', async () => {
    const { id } = await boughtThroughSandbox();
    const [sale] = (await details(id)).payments;
    // PayPal's webhook of the refund is lost too: only our retry can record it.
    sandbox.state.autoDeliver = false;
    loseRefundAnswer = true;
    const refund = () => asAdmin('POST', `/api/admin/subscriptions/${id}/refund-last-payment`, { reason: 'Charged twice' });
    const lost = await refund();
    expect(lost.statusCode).toBe(502);
    const refundsAtPayPal = () => [...sandbox.state.saleRefunds.values()].filter((made) => made.saleId === sale!.paypal_sale_id);
    expect(refundsAtPayPal()).toHaveLength(1);
    expect((await refund()).json()).toMatchObject({ code: 'refund_in_progress' });

    // A minute on, the claim has lapsed.
    await t.app.db
      .updateTable('subscription_payments')
      .set({ refund_claimed_at: new Date(Date.now() - STALE_REFUND_CLAIM_MS - 1000) })
      .where('id', '=', sale!.id)
      .execute();
    const retried = await refund();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(refundsAtPayPal()).toHaveLength(1);
    const row = await t.app.db.selectFrom('subscription_payments').selectAll().where('id', '=', sale!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', refund_id: refundsAtPayPal()[0]!.id, refund_claimed_at: null });
  });
});

describe('the dashboard’s subscription figures', () => {
  it('counts active subscriptions and MRR: monthly as is, yearly / 12 each to the cent; other states and test subscriptions left out', async () => {
    const before = await stats();
    await insertSubscription({ priceCents: 1999 });
    await insertSubscription({ interval: 'year', priceCents: 19999 });
    // Three yearly subscriptions of $1.00: 8 cents a month each (24 in all), not 25 from the sum of 300 / 12.
    for (let count = 0; count < 3; count += 1) await insertSubscription({ interval: 'year', priceCents: 100 });
    await insertSubscription({ status: 'past_due', priceCents: 1000 });
    for (const status of ['approval_pending', 'suspended', 'cancelled', 'expired'] as const) await insertSubscription({ status, priceCents: 5000 });
    await insertSubscription({ isTest: true, priceCents: 10000 });

    const after = await stats();
    expect(after.active_subscriptions - before.active_subscriptions).toBe(5);
    expect(Math.round((after.mrr - before.mrr) * 100)).toBe(1999 + 1667 + 3 * 8 + 1000);
  });
});

describe('subscription payments in the revenue chart and the orders export', () => {
  const todayStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const daysAgo = (days: number, offsetMs = 0) => new Date(todayStart - days * DAY_MS + offsetMs);
  const dateOf = (days: number) => daysAgo(days).toISOString().slice(0, 10);

  it('counts each kept payment on the UTC day it was paid, not as an order; refunded and test payments left out', async () => {
    const series = async (): Promise<RevenueSeries> => (await asAdmin('GET', '/api/admin/stats/revenue?days=7')).json<RevenueSeries>();
    const pointOf = (answer: RevenueSeries, days: number) => answer.points.find((point) => point.date === dateOf(days))!;
    const before = await series();
    const totalBefore = (await stats()).total_revenue;
    await insertSubscription({
      payments: [
        { paidAt: daysAgo(3, 1000), cents: 1250 },
        { paidAt: daysAgo(2, DAY_MS - 1), cents: 999 },
        { paidAt: daysAgo(1, 5000), cents: 700, status: 'refunded' },
      ],
    });
    await insertSubscription({ isTest: true, payments: [{ paidAt: daysAgo(3, 2000), cents: 4000 }] });
    const after = await series();

    expect(Math.round((pointOf(after, 3).revenue - pointOf(before, 3).revenue) * 100)).toBe(1250);
    expect(Math.round((pointOf(after, 2).revenue - pointOf(before, 2).revenue) * 100)).toBe(999);
    expect(pointOf(after, 1).revenue).toBe(pointOf(before, 1).revenue);
    expect(after.total_orders).toBe(before.total_orders);
    expect(Math.round((after.total_revenue - before.total_revenue) * 100)).toBe(1250 + 999);
    // The dashboard's total counts the same payments.
    expect(Math.round(((await stats()).total_revenue - totalBefore) * 100)).toBe(1250 + 999);
  });

  it('lists every payment as a row of type subscription_payment, under the list’s filter, newest first among the orders', async () => {
    const buyer = await t.registerUser({ username: `exported${tag()}` });
    const { subscription, payments, product } = await insertSubscription({
      user: buyer.user,
      isTest: true,
      payments: [
        { paidAt: new Date('2026-03-01T10:00:00.000Z'), cents: 1999 },
        { paidAt: new Date('2026-04-01T10:00:00.000Z'), cents: 1999, status: 'refunded' },
      ],
    });
    const order = await t.app.db
      .insertInto('orders')
      .values({
        status: 'completed',
        total_cents: 500,
        payment_method: 'paypal',
        invoice_email: buyer.user.email,
        invoice_name: buyer.user.username,
        paid_at: new Date('2026-03-15T10:00:00.000Z'),
        created_at: new Date('2026-03-15T10:00:00.000Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exportCsv = async (query: string) => {
      const response = await asAdmin('GET', `/api/admin/orders/export.csv${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      return { header: lines[0]!, rows: lines.slice(1) };
    };

    const all = await exportCsv(`?search=${buyer.user.username}`);
    expect(all.header.endsWith('"test","refunded_at","type","subscription_id"')).toBe(true);
    expect(all.rows).toEqual([
      `"","2026-04-01T10:00:00.000Z","2026-04-01T10:00:00.000Z","refunded","${buyer.user.username}","${buyer.user.email}","${product.title} (subscription)",` +
        `"19.99","","0.00","19.99","USD","paypal","${payments[1]!.paypal_sale_id}","yes","2026-04-01T10:00:00.000Z","subscription_payment","${subscription.id}"`,
      expect.stringMatching(new RegExp(`^"${order.id}",.*,"order",""$`)),
      `"","2026-03-01T10:00:00.000Z","2026-03-01T10:00:00.000Z","completed","${buyer.user.username}","${buyer.user.email}","${product.title} (subscription)",` +
        `"19.99","","0.00","19.99","USD","paypal","${payments[0]!.paypal_sale_id}","yes","","subscription_payment","${subscription.id}"`,
    ]);
    // The order's search matches its email, the payments' their buyer's: both.
    expect((await exportCsv(`?search=${encodeURIComponent(buyer.user.email)}`)).rows).toHaveLength(3);
    expect((await exportCsv(`?search=${subscription.id}`)).rows).toHaveLength(2);
    expect((await exportCsv(`?search=${buyer.user.username}&status=refunded`)).rows).toEqual([all.rows[0]]);
    expect((await exportCsv(`?search=${buyer.user.username}&status=completed`)).rows).toEqual([all.rows[1], all.rows[2]]);
    expect((await exportCsv(`?search=${buyer.user.username}&status=pending`)).rows).toEqual([]);
    expect((await exportCsv(`?search=${buyer.user.username}&dispute=any`)).rows).toEqual([]);
  });
});
