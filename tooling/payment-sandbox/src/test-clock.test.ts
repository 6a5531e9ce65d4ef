import { describe, expect, it } from 'vitest';
import { addInterval } from './billing.ts';
import { accessToken, api, build, createSubscription, getSubscription, webhookReceiver } from './test-helpers.ts';

const WEBHOOK_ID = 'WH-STORE-0001';
const DAY = 86_400_000;

async function clockSandbox(options: Parameters<typeof createSubscription>[2] = {}) {
  const store = await webhookReceiver();
  const sandbox = await build({ webhooks: [{ id: WEBHOOK_ID, url: store.url }] });
  const token = await accessToken(sandbox.app);
  const { subscriptionId, planId } = await createSubscription(sandbox.app, token, options);
  const advance = async (days: number) => {
    const response = await api(sandbox.app, token, 'POST', '/v1/test-clock/advance', { days });
    expect(response.statusCode).toBe(200);
    return response.json<{
      now: string;
      cycles: { subscription_id: string; sale_id: string | null; outcome: string; time: string }[];
      deliveries: { event_type: string; url: string; status: number }[];
    }>();
  };
  const events = () => store.received.map((received) => received.body.event_type);
  return { ...sandbox, token, subscriptionId, planId, store, advance, events };
}

describe('addInterval', () => {
  it('adds calendar months and years, keeping the day or taking the month’s last day', () => {
    const at = (text: string) => Date.parse(text);
    const iso = (time: number) => new Date(time).toISOString();
    expect(iso(addInterval(at('2027-01-31T10:00:00Z'), 'MONTH', 1))).toBe('2027-02-28T10:00:00.000Z');
    expect(iso(addInterval(at('2027-01-31T10:00:00Z'), 'MONTH', 2))).toBe('2027-03-31T10:00:00.000Z');
    expect(iso(addInterval(at('2028-01-31T10:00:00Z'), 'MONTH', 1))).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(addInterval(at('2026-11-26T14:00:00Z'), 'MONTH', 12))).toBe('2027-11-26T14:00:00.000Z');
    expect(iso(addInterval(at('2028-02-29T00:00:00Z'), 'YEAR', 1))).toBe('2029-02-28T00:00:00.000Z');
    expect(iso(addInterval(at('2026-12-30T00:00:00Z'), 'WEEK', 1))).toBe('2027-01-06T00:00:00.000Z');
    expect(iso(addInterval(at('2026-12-30T00:00:00Z'), 'DAY', 7))).toBe('2027-01-06T00:00:00.000Z');
  });
});

describe('POST /v1/test-clock/advance', () => {
  it('runs 12 monthly renewals, each a completed sale with its webhook, one month apart', async () => {
    const { state, app, token, subscriptionId, advance, store } = await clockSandbox();
    await state.approveSubscription(subscriptionId);
    const before = state.now();
    const renewals: string[] = [];
    for (let month = 0; month < 12; month += 1) {
      const next = Date.parse((await getSubscription(app, token, subscriptionId)).billing_info.next_billing_time ?? '');
      const run = await advance(Math.ceil((next - state.now()) / DAY));
      expect(run.cycles).toEqual([
        { subscription_id: subscriptionId, sale_id: expect.any(String), outcome: 'PAID', time: expect.any(String) },
      ]);
      expect(Date.parse(run.cycles[0]?.time ?? '')).toBe(next);
      expect(run.deliveries).toEqual([{ event_type: 'PAYMENT.SALE.COMPLETED', url: store.url, webhook_id: WEBHOOK_ID, status: 200 }]);
      renewals.push(run.cycles[0]?.sale_id ?? '');
    }
    const subscription = await getSubscription(app, token, subscriptionId);
    expect(subscription.billing_info.cycle_executions[0]?.cycles_completed).toBe(13);
    expect(subscription.billing_info.last_payment?.time).toBe(state.sales.get(renewals[11] ?? '')?.create_time);
    // Each renewal falls on the approval's day of the month (or the month's last day), at the same time of day.
    const firstSale = Date.parse(state.sales.get(state.subscriptions.get(subscriptionId)?.saleIds[0] ?? '')?.create_time ?? '');
    renewals.forEach((saleId, index) => {
      expect(state.sales.get(saleId)?.create_time).toBe(
        new Date(addInterval(firstSale, 'MONTH', index + 1)).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      );
    });
    const firstDay = new Date(before);
    const twelfth = new Date(state.sales.get(renewals[11] ?? '')?.create_time ?? '');
    expect(twelfth.getUTCFullYear()).toBe(firstDay.getUTCFullYear() + 1);
    expect(twelfth.getUTCMonth()).toBe(firstDay.getUTCMonth());
    const saleEvents = store.received.filter((received) => received.body.event_type === 'PAYMENT.SALE.COMPLETED');
    expect(saleEvents.map((received) => received.body.resource.id)).toEqual([
      state.subscriptions.get(subscriptionId)?.saleIds[0],
      ...renewals,
    ]);
    for (const received of saleEvents)
      expect(received.body.resource).toMatchObject({
        billing_agreement_id: subscriptionId,
        custom: 'sub-1001',
        amount: { total: '19.99', currency: 'USD' },
      });
  });

  it('bills a yearly plan once a year', async () => {
    const { state, subscriptionId, advance } = await clockSandbox({ unit: 'YEAR' });
    await state.approveSubscription(subscriptionId);
    expect((await advance(300)).cycles).toEqual([]);
    const run = await advance(70);
    expect(run.cycles.map((cycle) => cycle.outcome)).toEqual(['PAID']);
    expect(state.subscriptions.get(subscriptionId)?.saleIds).toHaveLength(2);
  });

  it('ends a trial with the first regular payment', async () => {
    const { state, app, token, subscriptionId, advance, events } = await clockSandbox({ trialDays: 14 });
    await state.approveSubscription(subscriptionId);
    expect((await advance(13)).cycles).toEqual([]);
    const run = await advance(1);
    expect(run.cycles.map((cycle) => cycle.outcome)).toEqual(['PAID']);
    const subscription = await getSubscription(app, token, subscriptionId);
    expect(subscription.billing_info.cycle_executions.map((cycle) => [cycle.tenure_type, cycle.cycles_completed])).toEqual([
      ['TRIAL', 1],
      ['REGULAR', 1],
    ]);
    expect(subscription.billing_info.last_payment?.amount.value).toBe('19.99');
    expect(events()).toEqual(['BILLING.SUBSCRIPTION.CREATED', 'BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
  });

  it('expires a subscription when the plan’s total_cycles are done', async () => {
    const { state, app, token, subscriptionId, advance, events } = await clockSandbox({ totalCycles: 3 });
    await state.approveSubscription(subscriptionId);
    const run = await advance(100);
    expect(run.cycles.map((cycle) => cycle.outcome)).toEqual(['PAID', 'PAID', 'EXPIRED']);
    const subscription = await getSubscription(app, token, subscriptionId);
    expect(subscription.status).toBe('EXPIRED');
    expect(subscription.billing_info.cycle_executions[0]).toMatchObject({ cycles_completed: 3, cycles_remaining: 0, total_cycles: 3 });
    expect(subscription.billing_info).not.toHaveProperty('next_billing_time');
    expect(events().at(-1)).toBe('BILLING.SUBSCRIPTION.EXPIRED');
    expect((await advance(100)).cycles).toEqual([]);
  });

  it('runs due cycles of several subscriptions in time order', async () => {
    const { state, app, token, subscriptionId, advance } = await clockSandbox();
    await state.approveSubscription(subscriptionId);
    await advance(10);
    const { subscriptionId: later } = await createSubscription(app, token);
    await state.approveSubscription(later);
    const run = await advance(45);
    expect(run.cycles.map((cycle) => cycle.subscription_id)).toEqual([subscriptionId, later]);
    const times = run.cycles.map((cycle) => Date.parse(cycle.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('stops billing a cancelled subscription', async () => {
    const { state, app, token, subscriptionId, advance, events } = await clockSandbox();
    await state.approveSubscription(subscriptionId);
    expect((await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/cancel`, { reason: 'Not needed' })).statusCode).toBe(
      204,
    );
    const run = await advance(400);
    expect(run.cycles).toEqual([]);
    expect(state.subscriptions.get(subscriptionId)?.saleIds).toHaveLength(1);
    expect(events()).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
  });

  it('answers 400 for days out of 1..3660 and 401 without a token', async () => {
    const { app, token } = await clockSandbox();
    for (const days of [0, 3661, 1.5, '3']) {
      const response = await api(app, token, 'POST', '/v1/test-clock/advance', { days });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ field: '/days' }] });
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/sandbox/v1/test-clock/advance',
      headers: { 'content-type': 'application/json' },
      payload: '{"days":1}',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves state.now() by the days advanced', async () => {
    const { state, advance } = await clockSandbox();
    const before = state.now();
    const run = await advance(30);
    expect(Date.parse(run.now) - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(state.now() - before).toBeGreaterThanOrEqual(30 * DAY);
  });
});

describe('payment failures', () => {
  it('a failed renewal at a threshold of 1 sends PAYMENT.FAILED then SUSPENDED; activate collects the balance', async () => {
    const { state, app, token, subscriptionId, advance, events } = await clockSandbox({ threshold: 1 });
    await state.approveSubscription(subscriptionId);
    const armed = await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/simulate-payment-failure`);
    expect(armed.statusCode).toBe(200);
    expect(armed.json()).toMatchObject({ subscription_id: subscriptionId, failing_payments: 1, next_billing_time: expect.any(String) });
    const run = await advance(31);
    expect(run.cycles.map((cycle) => cycle.outcome)).toEqual(['FAILED']);
    expect(run.deliveries.map((delivery) => delivery.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
    ]);
    const suspended = await getSubscription(app, token, subscriptionId);
    expect(suspended).toMatchObject({
      status: 'SUSPENDED',
      billing_info: { failed_payments_count: 1, outstanding_balance: { currency_code: 'USD', value: '19.99' } },
    });
    expect((await advance(60)).cycles).toEqual([]);

    expect((await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/activate`, { reason: 'Paid' })).statusCode).toBe(
      204,
    );
    await state.deliveriesSettled();
    expect(events().slice(-2)).toEqual(['PAYMENT.SALE.COMPLETED', 'BILLING.SUBSCRIPTION.ACTIVATED']);
    const active = await getSubscription(app, token, subscriptionId);
    expect(active).toMatchObject({
      status: 'ACTIVE',
      billing_info: { failed_payments_count: 0, outstanding_balance: { value: '0.00' }, last_payment: { amount: { value: '19.99' } } },
    });
    // The months that passed while suspended are not billed: the next cycle is the first one still ahead.
    const next = Date.parse(active.billing_info.next_billing_time ?? '');
    expect(next).toBeGreaterThan(state.now());
    expect(next - state.now()).toBeLessThanOrEqual(31 * DAY);
    expect((await advance(Math.ceil((next - state.now()) / DAY))).cycles.map((cycle) => cycle.outcome)).toEqual(['PAID']);
  });

  it('at a threshold of 2 the first failure leaves it ACTIVE with a balance, the next successful cycle bills it', async () => {
    const { state, app, token, subscriptionId, advance } = await clockSandbox({ threshold: 2 });
    await state.approveSubscription(subscriptionId);
    await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/simulate-payment-failure`, { times: 1 });
    const failed = await advance(31);
    expect(failed.deliveries.map((delivery) => delivery.event_type)).toEqual(['BILLING.SUBSCRIPTION.PAYMENT.FAILED']);
    expect(await getSubscription(app, token, subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      billing_info: { failed_payments_count: 1 },
    });
    const paid = await advance(31);
    const sale = state.sales.get(paid.cycles[0]?.sale_id ?? '');
    expect(sale?.amount.value).toBe('39.98');
    expect(await getSubscription(app, token, subscriptionId)).toMatchObject({
      billing_info: { failed_payments_count: 0, outstanding_balance: { value: '0.00' } },
    });
  });

  it('by default arms as many failures as the threshold needs, and lists them as DECLINED transactions', async () => {
    const { state, app, token, subscriptionId, advance } = await clockSandbox({ threshold: 2 });
    await state.approveSubscription(subscriptionId);
    const armed = await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/simulate-payment-failure`);
    expect(armed.json()).toMatchObject({ failing_payments: 2 });
    const run = await advance(62);
    expect(run.cycles.map((cycle) => cycle.outcome)).toEqual(['FAILED', 'FAILED']);
    expect((await getSubscription(app, token, subscriptionId)).status).toBe('SUSPENDED');
    const window = `start_time=${new Date(0).toISOString()}&end_time=${new Date(state.now()).toISOString()}`;
    const listed = await api(app, token, 'GET', `/v1/billing/subscriptions/${subscriptionId}/transactions?${window}`);
    expect(listed.json<{ transactions: { status: string }[] }>().transactions.map((transaction) => transaction.status)).toEqual([
      'COMPLETED',
      'DECLINED',
      'DECLINED',
    ]);
  });

  it('refuses simulate-payment-failure on a cancelled subscription (422) and a bad times (400)', async () => {
    const { state, app, token, subscriptionId } = await clockSandbox();
    await state.approveSubscription(subscriptionId);
    const bad = await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/simulate-payment-failure`, { times: 0 });
    expect(bad.statusCode).toBe(400);
    await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/cancel`, { reason: 'x' });
    const cancelled = await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/simulate-payment-failure`);
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json()).toMatchObject({ details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
  });
});
