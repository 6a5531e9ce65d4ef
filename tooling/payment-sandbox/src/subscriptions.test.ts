import { describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  accessToken,
  api,
  build,
  createPlan,
  createSubscription,
  getSubscription,
  issuesOf,
  subscriptionBody,
} from './test-helpers.ts';

async function sandboxWithToken() {
  const sandbox = await build();
  return { ...sandbox, token: await accessToken(sandbox.app) };
}

describe('POST /v1/billing/subscriptions', () => {
  it('creates an APPROVAL_PENDING subscription with approve, edit and self links', async () => {
    const { app, token } = await sandboxWithToken();
    const planId = await createPlan(app, token);
    const response = await api(app, token, 'POST', '/v1/billing/subscriptions', subscriptionBody(planId));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; links: { rel: string; href: string; method: string }[] }>();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^I-[A-Z0-9]{12}$/),
      plan_id: planId,
      status: 'APPROVAL_PENDING',
      status_update_time: expect.stringMatching(/Z$/),
      custom_id: 'sub-1001',
      quantity: '1',
      start_time: expect.any(String),
      subscriber: { email_address: 'shopper@example.com', name: { given_name: 'Sam', surname: 'Shopper' } },
      plan_overridden: false,
      create_time: expect.any(String),
    });
    expect(body).not.toHaveProperty('billing_info');
    expect(body.links).toEqual([
      {
        href: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/webapps/billing/subscriptions\\?ba_token=BA-[A-Z0-9]{17}$`)),
        rel: 'approve',
        method: 'GET',
      },
      { href: `${PUBLIC_URL}/v1/billing/subscriptions/${body.id}`, rel: 'edit', method: 'PATCH' },
      { href: `${PUBLIC_URL}/v1/billing/subscriptions/${body.id}`, rel: 'self', method: 'GET' },
      { href: `${PUBLIC_URL}/v1/billing/subscriptions/${body.id}/transactions`, rel: 'transactions', method: 'GET' },
    ]);
  });

  it('answers 400 with details for a bad body, 404 for an unknown plan and 422 for an inactive plan', async () => {
    const { app, token } = await sandboxWithToken();
    const planId = await createPlan(app, token);
    const bad = await api(app, token, 'POST', '/v1/billing/subscriptions', {
      custom_id: '',
      application_context: { return_url: 'this is not a url', user_action: 'PAY_NOW' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [
        { field: '/plan_id', issue: 'MISSING_REQUIRED_PARAMETER' },
        { field: '/custom_id', issue: 'INVALID_STRING_MIN_LENGTH' },
        { field: '/application_context/user_action', issue: 'INVALID_PARAMETER_VALUE' },
        { field: '/application_context/return_url', issue: 'INVALID_PARAMETER_SYNTAX' },
      ],
    });
    const unknown = await api(app, token, 'POST', '/v1/billing/subscriptions', subscriptionBody('P-NOSUCHPLAN000000000000000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ field: '/plan_id', issue: 'INVALID_RESOURCE_ID' }] });
    await api(app, token, 'POST', `/v1/billing/plans/${planId}/deactivate`);
    const inactive = await api(app, token, 'POST', '/v1/billing/subscriptions', subscriptionBody(planId));
    expect(inactive.statusCode).toBe(422);
    expect(issuesOf(inactive)).toEqual(['PLAN_STATUS_INVALID']);
  });

  it('replays a create with the same PayPal-Request-Id', async () => {
    const { app, token, state } = await sandboxWithToken();
    const body = subscriptionBody(await createPlan(app, token));
    const first = await api(app, token, 'POST', '/v1/billing/subscriptions', body, { 'PayPal-Request-Id': 'subscribe-1' });
    const again = await api(app, token, 'POST', '/v1/billing/subscriptions', body, { 'PayPal-Request-Id': 'subscribe-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(state.subscriptions.size).toBe(1);
  });

  it('answers 401 without a bearer token and 404 for another client’s subscription', async () => {
    const { app, token } = await sandboxWithToken();
    const { subscriptionId } = await createSubscription(app, token);
    const anonymous = await app.inject({ method: 'GET', url: `/sandbox/v1/billing/subscriptions/${subscriptionId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    const unknown = await api(app, token, 'GET', '/v1/billing/subscriptions/I-NOSUCHSUBSC');
    expect(unknown.statusCode).toBe(404);
    expect(issuesOf(unknown)).toEqual(['INVALID_RESOURCE_ID']);
  });
});

describe('GET /v1/billing/subscriptions/{id} after approval', () => {
  it('is ACTIVE with the first cycle paid at once when the plan has no trial', async () => {
    const { app, token, state } = await sandboxWithToken();
    const { subscriptionId } = await createSubscription(app, token);
    const approvedAt = state.now();
    await state.approveSubscription(subscriptionId);
    const subscription = await getSubscription(app, token, subscriptionId);
    expect(subscription).toMatchObject({
      status: 'ACTIVE',
      custom_id: 'sub-1001',
      subscriber: { email_address: 'sb-buyer@personal.example.com', payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/) },
      billing_info: {
        outstanding_balance: { currency_code: 'USD', value: '0.00' },
        cycle_executions: [
          {
            tenure_type: 'REGULAR',
            sequence: 1,
            cycles_completed: 1,
            cycles_remaining: 0,
            current_pricing_scheme_version: 1,
            total_cycles: 0,
          },
        ],
        last_payment: { amount: { currency_code: 'USD', value: '19.99' }, time: expect.any(String) },
        failed_payments_count: 0,
      },
    });
    const next = new Date(subscription.billing_info.next_billing_time ?? '');
    const approved = new Date(approvedAt);
    expect(next.getUTCMonth()).toBe((approved.getUTCMonth() + 1) % 12);
    expect(subscription.links.map((link) => link.rel)).toEqual(['edit', 'self', 'cancel', 'suspend', 'transactions']);
  });

  it('is ACTIVE with nothing paid during a free trial, the first payment due at its end', async () => {
    const { app, token, state } = await sandboxWithToken();
    const { subscriptionId } = await createSubscription(app, token, { trialDays: 7 });
    const approvedAt = state.now();
    await state.approveSubscription(subscriptionId);
    const subscription = await getSubscription(app, token, subscriptionId);
    expect(subscription.status).toBe('ACTIVE');
    expect(subscription.billing_info).not.toHaveProperty('last_payment');
    expect(subscription.billing_info.cycle_executions.map((cycle) => [cycle.tenure_type, cycle.cycles_completed])).toEqual([
      ['TRIAL', 1],
      ['REGULAR', 0],
    ]);
    const next = Date.parse(subscription.billing_info.next_billing_time ?? '');
    expect(Math.abs(next - (approvedAt + 7 * 86_400_000))).toBeLessThan(2000);
    expect(state.sales.size).toBe(0);
  });

  it('stays APPROVED until a later start_time, then the clock starts it', async () => {
    const { app, token, state } = await sandboxWithToken();
    const planId = await createPlan(app, token);
    const startTime = new Date(state.now() + 3 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const created = await api(app, token, 'POST', '/v1/billing/subscriptions', subscriptionBody(planId, { start_time: startTime }));
    const id = created.json<{ id: string }>().id;
    await state.approveSubscription(id);
    expect((await getSubscription(app, token, id)).status).toBe('APPROVED');
    const run = await state.advanceClock(3);
    expect(run.cycles).toEqual([{ subscription_id: id, sale_id: expect.any(String), outcome: 'PAID', time: startTime }]);
    expect((await getSubscription(app, token, id)).status).toBe('ACTIVE');
  });
});

describe('cancel, suspend, activate', () => {
  async function activeSubscription() {
    const sandbox = await sandboxWithToken();
    const { subscriptionId } = await createSubscription(sandbox.app, sandbox.token);
    await sandbox.state.approveSubscription(subscriptionId);
    const act = (action: string, body: unknown = { reason: `${action} by test` }) =>
      api(sandbox.app, sandbox.token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/${action}`, body);
    return { ...sandbox, subscriptionId, act };
  }

  it('suspends (204), activates (204) and cancels (204) with the reason as status_change_note', async () => {
    const { app, token, subscriptionId, act } = await activeSubscription();
    expect((await act('suspend')).statusCode).toBe(204);
    expect(await getSubscription(app, token, subscriptionId)).toMatchObject({ status: 'SUSPENDED', status_change_note: 'suspend by test' });
    expect((await act('activate')).statusCode).toBe(204);
    expect((await getSubscription(app, token, subscriptionId)).status).toBe('ACTIVE');
    expect((await act('cancel')).statusCode).toBe(204);
    const cancelled = await getSubscription(app, token, subscriptionId);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', status_change_note: 'cancel by test' });
    expect(cancelled.billing_info).not.toHaveProperty('next_billing_time');
  });

  it('answers 422 SUBSCRIPTION_STATUS_INVALID when the status does not allow the action', async () => {
    const { act } = await activeSubscription();
    const activate = await act('activate');
    expect(activate.statusCode).toBe(422);
    expect(activate.json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
    expect((await act('cancel')).statusCode).toBe(204);
    for (const action of ['cancel', 'suspend', 'activate']) expect(issuesOf(await act(action))).toEqual(['SUBSCRIPTION_STATUS_INVALID']);
  });

  it('answers 422 to cancelling a subscription that was never approved', async () => {
    const { app, token } = await sandboxWithToken();
    const { subscriptionId } = await createSubscription(app, token);
    const response = await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/cancel`, { reason: 'changed my mind' });
    expect(issuesOf(response)).toEqual(['SUBSCRIPTION_STATUS_INVALID']);
  });

  it('answers 400 without a reason, and 404 for an unknown subscription', async () => {
    const { app, token, act } = await activeSubscription();
    const missing = await act('cancel', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ field: '/reason', issue: 'MISSING_REQUIRED_PARAMETER' }] });
    const unknown = await api(app, token, 'POST', '/v1/billing/subscriptions/I-NOSUCHSUBSC/cancel', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('transactions and sales', () => {
  async function paidSubscription() {
    const sandbox = await sandboxWithToken();
    const { subscriptionId } = await createSubscription(sandbox.app, sandbox.token);
    await sandbox.state.approveSubscription(subscriptionId);
    const saleId = sandbox.state.subscriptions.get(subscriptionId)?.saleIds[0] ?? 'missing';
    return { ...sandbox, subscriptionId, saleId };
  }
  const window = (from: number, to: number) => `start_time=${new Date(from).toISOString()}&end_time=${new Date(to).toISOString()}`;

  it('lists the subscription’s payments between start_time and end_time', async () => {
    const { app, token, state, subscriptionId, saleId } = await paidSubscription();
    const now = state.now();
    const response = await api(
      app,
      token,
      'GET',
      `/v1/billing/subscriptions/${subscriptionId}/transactions?${window(now - 60_000, now + 60_000)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      transactions: [
        {
          id: saleId,
          status: 'COMPLETED',
          amount_with_breakdown: {
            gross_amount: { currency_code: 'USD', value: '19.99' },
            fee_amount: { currency_code: 'USD', value: '1.19' },
            net_amount: { currency_code: 'USD', value: '18.80' },
          },
          payer_name: { given_name: 'Sandbox', surname: 'Buyer' },
          payer_email: 'sb-buyer@personal.example.com',
          time: expect.any(String),
        },
      ],
      total_items: 1,
      total_pages: 1,
    });
    const earlier = await api(
      app,
      token,
      'GET',
      `/v1/billing/subscriptions/${subscriptionId}/transactions?${window(now - 120_000, now - 60_000)}`,
    );
    expect(earlier.json()).toMatchObject({ transactions: [], total_items: 0 });
  });

  it('answers 400 without start_time and end_time', async () => {
    const { app, token, subscriptionId } = await paidSubscription();
    const response = await api(app, token, 'GET', `/v1/billing/subscriptions/${subscriptionId}/transactions?start_time=yesterday`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [
        { field: 'start_time', issue: 'INVALID_PARAMETER_SYNTAX', location: 'query' },
        { field: 'end_time', issue: 'MISSING_REQUIRED_PARAMETER', location: 'query' },
      ],
    });
  });

  it('shows a sale (v1) with its subscription as billing_agreement_id', async () => {
    const { app, token, subscriptionId, saleId } = await paidSubscription();
    const response = await api(app, token, 'GET', `/v1/payments/sale/${saleId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: saleId,
      state: 'completed',
      amount: { total: '19.99', currency: 'USD', details: { subtotal: '19.99' } },
      transaction_fee: { value: '1.19', currency: 'USD' },
      billing_agreement_id: subscriptionId,
      custom: 'sub-1001',
      links: [
        { href: `${PUBLIC_URL}/v1/payments/sale/${saleId}`, rel: 'self', method: 'GET' },
        { href: `${PUBLIC_URL}/v1/payments/sale/${saleId}/refund`, rel: 'refund', method: 'POST' },
      ],
    });
  });

  it('refunds a sale in full with an empty body (201), then refuses another refund in the v1 error shape', async () => {
    const { app, token, subscriptionId, saleId, state } = await paidSubscription();
    const refund = await api(app, token, 'POST', `/v1/payments/sale/${saleId}/refund`, {});
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      state: 'completed',
      amount: { total: '19.99', currency: 'USD' },
      sale_id: saleId,
      parent_payment: subscriptionId,
    });
    expect(state.sales.get(saleId)?.state).toBe('refunded');
    const now = state.now();
    const listed = await api(
      app,
      token,
      'GET',
      `/v1/billing/subscriptions/${subscriptionId}/transactions?${window(now - 60_000, now + 60_000)}`,
    );
    expect(listed.json()).toMatchObject({ transactions: [{ id: saleId, status: 'REFUNDED' }] });
    const again = await api(app, token, 'POST', `/v1/payments/sale/${saleId}/refund`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      name: 'TRANSACTION_REFUSED',
      message: expect.any(String),
      information_link: expect.stringContaining('TRANSACTION_REFUSED'),
      debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
    });
  });

  it('refunds part of a sale, refuses more than what is left, and replays a refund by PayPal-Request-Id', async () => {
    const { app, token, saleId, state } = await paidSubscription();
    const part = { amount: { total: '5.00', currency: 'USD' } };
    const first = await api(app, token, 'POST', `/v1/payments/sale/${saleId}/refund`, part, { 'PayPal-Request-Id': 'refund-1' });
    const replay = await api(app, token, 'POST', `/v1/payments/sale/${saleId}/refund`, part, { 'PayPal-Request-Id': 'refund-1' });
    expect(first.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(state.saleRefunds.size).toBe(1);
    expect(state.sales.get(saleId)?.state).toBe('partially_refunded');
    const tooMuch = await api(app, token, 'POST', `/v1/payments/sale/${saleId}/refund`, { amount: { total: '15.00', currency: 'USD' } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ name: 'REFUND_EXCEEDED_TRANSACTION_AMOUNT' });
    const refundId = first.json<{ id: string }>().id;
    expect((await api(app, token, 'GET', `/v1/payments/refund/${refundId}`)).json()).toMatchObject({ id: refundId, sale_id: saleId });
  });

  it('answers 404 INVALID_RESOURCE_ID (v1 shape) for an unknown sale', async () => {
    const { app, token } = await paidSubscription();
    const response = await api(app, token, 'GET', '/v1/payments/sale/NOSUCHSALE');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ name: 'INVALID_RESOURCE_ID', information_link: expect.any(String) });
    expect((await api(app, token, 'POST', '/v1/payments/sale/NOSUCHSALE/refund', {})).statusCode).toBe(404);
  });
});
