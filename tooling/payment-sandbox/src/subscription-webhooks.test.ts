import { describe, expect, it } from 'vitest';
import { saleEvent, subscriptionEvent } from './billing-events.ts';
import { PUBLIC_URL, accessToken, api, build, createSubscription, verifyReceived, webhookReceiver } from './test-helpers.ts';
import { deliverWebhook } from './webhooks.ts';

const WEBHOOK_ID = 'WH-STORE-0001';

describe('webhooks the sandbox sends for subscriptions', () => {
  it('sends CREATED, ACTIVATED and PAYMENT.SALE.COMPLETED, signed for the registered webhook id, verifiable', async () => {
    const store = await webhookReceiver();
    const { app, state } = await build({ webhooks: [{ id: WEBHOOK_ID, url: store.url }] });
    const token = await accessToken(app);
    const { subscriptionId } = await createSubscription(app, token);
    await state.approveSubscription(subscriptionId);
    await state.deliveriesSettled();
    expect(store.received.map((received) => received.body.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
    ]);
    const [created, activated, sale] = store.received;
    expect(created?.body).toMatchObject({ resource_type: 'subscription', resource: { id: subscriptionId, status: 'APPROVAL_PENDING' } });
    expect(activated?.body).toMatchObject({
      resource_type: 'subscription',
      summary: 'Subscription activated',
      resource: {
        id: subscriptionId,
        status: 'ACTIVE',
        custom_id: 'sub-1001',
        billing_info: { last_payment: { amount: { value: '19.99' } } },
      },
    });
    const saleId = state.subscriptions.get(subscriptionId)?.saleIds[0];
    expect(sale?.body).toMatchObject({
      resource_type: 'sale',
      resource: {
        id: saleId,
        state: 'completed',
        amount: { total: '19.99', currency: 'USD', details: { subtotal: '19.99' } },
        billing_agreement_id: subscriptionId,
        custom: 'sub-1001',
        create_time: expect.any(String),
        update_time: expect.any(String),
        links: expect.arrayContaining([{ href: `${PUBLIC_URL}/v1/payments/sale/${saleId}`, rel: 'self', method: 'GET' }]),
      },
    });
    expect(sale?.headers['paypal-cert-url']).toBe(`${PUBLIC_URL}/v1/notifications/certs/CERT-sandbox`);
    for (const received of store.received) expect(await verifyReceived(app, token, received, WEBHOOK_ID)).toBe('SUCCESS');
    expect(await verifyReceived(app, token, store.received[0] ?? store.received[1]!, 'WH-OTHER')).toBe('FAILURE');
    expect(state.deliveries.map((delivery) => [delivery.eventType, delivery.webhookId, delivery.status])).toEqual([
      ['BILLING.SUBSCRIPTION.CREATED', WEBHOOK_ID, 200],
      ['BILLING.SUBSCRIPTION.ACTIVATED', WEBHOOK_ID, 200],
      ['PAYMENT.SALE.COMPLETED', WEBHOOK_ID, 200],
    ]);
  });

  it('sends CANCELLED and SUSPENDED for the API’s actions, and PAYMENT.SALE.REFUNDED for a refunded sale', async () => {
    const store = await webhookReceiver();
    const { app, state } = await build({ webhooks: [{ id: WEBHOOK_ID, url: store.url }] });
    const token = await accessToken(app);
    const { subscriptionId } = await createSubscription(app, token);
    await state.approveSubscription(subscriptionId);
    const saleId = state.subscriptions.get(subscriptionId)?.saleIds[0] ?? 'missing';
    await api(app, token, 'POST', `/v1/payments/sale/${saleId}/refund`, {});
    await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/suspend`, { reason: 'Paused' });
    await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/cancel`, { reason: 'Refunded' });
    await state.deliveriesSettled();
    const tail = store.received.slice(3);
    expect(tail.map((received) => received.body.event_type)).toEqual([
      'PAYMENT.SALE.REFUNDED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.CANCELLED',
    ]);
    expect(tail[0]?.body).toMatchObject({
      resource_type: 'refund',
      resource: { sale_id: saleId, state: 'completed', amount: { total: '19.99' } },
    });
    expect(tail[2]?.body.resource).toMatchObject({ status: 'CANCELLED', status_change_note: 'Refunded' });
  });

  it('records an endpoint’s failure status, and sends nothing with autoDeliver off (a test delivers by hand)', async () => {
    const failing = await webhookReceiver(500);
    const { app, state } = await build({ webhooks: [{ id: WEBHOOK_ID, url: failing.url }], autoDeliver: false });
    const token = await accessToken(app);
    const { subscriptionId } = await createSubscription(app, token);
    await state.approveSubscription(subscriptionId);
    await state.deliveriesSettled();
    expect(failing.received).toEqual([]);
    expect(state.deliveries).toEqual([]);

    state.autoDeliver = true;
    await api(app, token, 'POST', `/v1/billing/subscriptions/${subscriptionId}/suspend`, { reason: 'Paused' });
    await state.deliveriesSettled();
    expect(state.deliveries.map((delivery) => [delivery.eventType, delivery.status])).toEqual([['BILLING.SUBSCRIPTION.SUSPENDED', 500]]);

    const store = await webhookReceiver();
    const saleId = state.subscriptions.get(subscriptionId)?.saleIds[0] ?? 'missing';
    const delivery = await deliverWebhook(state, { url: store.url, webhookId: WEBHOOK_ID, ...saleEvent(state, saleId) });
    expect(delivery.status).toBe(200);
    expect(store.received[0]?.body).toMatchObject({
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource: { id: saleId, billing_agreement_id: subscriptionId },
    });
    expect(await verifyReceived(app, token, store.received[0]!, WEBHOOK_ID)).toBe('SUCCESS');
  });

  it('records status 0 for an endpoint that cannot be reached, and keeps delivering the next events', async () => {
    const store = await webhookReceiver();
    const { app, state } = await build({
      webhooks: [
        { id: 'WH-DOWN', url: 'http://127.0.0.1:1/webhooks/paypal' },
        { id: WEBHOOK_ID, url: store.url },
      ],
    });
    const token = await accessToken(app);
    const { subscriptionId } = await createSubscription(app, token);
    await state.approveSubscription(subscriptionId);
    await state.deliveriesSettled();
    expect(state.deliveries.filter((delivery) => delivery.webhookId === 'WH-DOWN').map((delivery) => delivery.status)).toEqual([0, 0, 0]);
    expect(store.received).toHaveLength(3);
  });

  it('builds events for tests: subscriptionEvent and saleEvent (REVERSED)', async () => {
    const { app, state } = await build();
    const token = await accessToken(app);
    const { subscriptionId } = await createSubscription(app, token);
    await state.approveSubscription(subscriptionId);
    expect(subscriptionEvent(state, subscriptionId, 'BILLING.SUBSCRIPTION.UPDATED')).toMatchObject({
      eventType: 'BILLING.SUBSCRIPTION.UPDATED',
      resourceType: 'subscription',
      resource: { id: subscriptionId, status: 'ACTIVE' },
    });
    const saleId = state.subscriptions.get(subscriptionId)?.saleIds[0] ?? 'missing';
    expect(saleEvent({ state }, saleId, 'PAYMENT.SALE.REVERSED')).toMatchObject({
      eventType: 'PAYMENT.SALE.REVERSED',
      resourceType: 'sale',
      resource: { id: saleId, state: 'reversed', billing_agreement_id: subscriptionId },
    });
    expect(() => saleEvent(state, saleId, 'PAYMENT.SALE.REFUNDED')).toThrow(/no refund/);
    expect(() => subscriptionEvent(state, 'I-UNKNOWN', 'BILLING.SUBSCRIPTION.CREATED')).toThrow(/No sandbox subscription/);
  });
});

describe('/v1/notifications/webhooks', () => {
  it('registers (201), lists and deletes (204) webhooks; events go only to the ones listening', async () => {
    const all = await webhookReceiver();
    const salesOnly = await webhookReceiver();
    const { app, state } = await build();
    const token = await accessToken(app);
    const registered = await api(app, token, 'POST', '/v1/notifications/webhooks', { url: all.url, event_types: [{ name: '*' }] });
    expect(registered.statusCode).toBe(201);
    const webhook = registered.json<{ id: string }>();
    expect(webhook).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      url: all.url,
      event_types: [{ name: '*', description: 'ALL' }],
      links: expect.arrayContaining([{ href: `${PUBLIC_URL}/v1/notifications/webhooks/${webhook.id}`, rel: 'self', method: 'GET' }]),
    });
    const sales = await api(app, token, 'POST', '/v1/notifications/webhooks', {
      url: salesOnly.url,
      event_types: [{ name: 'PAYMENT.SALE.COMPLETED' }],
    });
    const salesId = sales.json<{ id: string }>().id;
    const listed = await api(app, token, 'GET', '/v1/notifications/webhooks');
    expect(listed.json<{ webhooks: { id: string }[] }>().webhooks.map((entry) => entry.id)).toEqual([webhook.id, salesId]);

    const { subscriptionId } = await createSubscription(app, token);
    await state.approveSubscription(subscriptionId);
    await state.deliveriesSettled();
    expect(all.received.map((received) => received.body.event_type)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
    ]);
    expect(salesOnly.received.map((received) => received.body.event_type)).toEqual(['PAYMENT.SALE.COMPLETED']);
    expect(await verifyReceived(app, token, salesOnly.received[0]!, salesId)).toBe('SUCCESS');

    expect((await api(app, token, 'DELETE', `/v1/notifications/webhooks/${salesId}`)).statusCode).toBe(204);
    expect((await api(app, token, 'DELETE', `/v1/notifications/webhooks/${salesId}`)).statusCode).toBe(404);
    expect((await api(app, token, 'GET', '/v1/notifications/webhooks')).json<{ webhooks: unknown[] }>().webhooks).toHaveLength(1);
  });

  it('answers 400 for a bad body, an unknown event type, or a URL registered twice; 401 without a token', async () => {
    const { app } = await build();
    const token = await accessToken(app);
    const bad = await api(app, token, 'POST', '/v1/notifications/webhooks', { url: 'nope', event_types: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [
        { field: '/url', issue: 'INVALID_PARAMETER_SYNTAX' },
        { field: '/event_types', issue: 'INVALID_ARRAY_MIN_ITEMS' },
      ],
    });
    const unknown = await api(app, token, 'POST', '/v1/notifications/webhooks', {
      url: 'https://shop.test/hook',
      event_types: [{ name: 'NOT.AN.EVENT' }],
    });
    expect(unknown.json()).toMatchObject({ details: [{ field: '/event_types/0/name', issue: 'INVALID_PARAMETER_VALUE' }] });
    const body = { url: 'https://shop.test/hook', event_types: [{ name: '*' }] };
    expect((await api(app, token, 'POST', '/v1/notifications/webhooks', body)).statusCode).toBe(201);
    const twice = await api(app, token, 'POST', '/v1/notifications/webhooks', body);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ name: 'WEBHOOK_URL_ALREADY_EXISTS' });
    expect((await app.inject({ method: 'GET', url: '/sandbox/v1/notifications/webhooks' })).statusCode).toBe(401);
  });

  it('lists the webhooks given in the options, which receive the events of every client', async () => {
    const store = await webhookReceiver();
    const { app } = await build({ webhooks: [{ id: WEBHOOK_ID, url: store.url }] });
    const token = await accessToken(app);
    const listed = await api(app, token, 'GET', '/v1/notifications/webhooks');
    expect(listed.json()).toMatchObject({ webhooks: [{ id: WEBHOOK_ID, url: store.url, event_types: [{ name: '*' }] }] });
  });
});
