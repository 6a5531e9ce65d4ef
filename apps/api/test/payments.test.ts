import { randomBytes } from 'node:crypto';
import { OrderSchema, routes } from '@store/contracts';
import { captureEvent, deliverWebhook, orderApprovedEvent, replayWebhook, startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let peer: SmtpPeer;
let admin: string;

beforeAll(async () => {
  [sandbox, peer] = await Promise.all([startPaymentSandbox(), startSmtpPeer()]);
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', PAYPAL_API_URL: sandbox.url, COINGATE_API_URL: `${sandbox.url}/coingate/v2`, PUBLIC_URL: 'http://shop.test' });
  admin = await t.adminToken();
  await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: admin,
    payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([sandbox.close(), peer.close()]);
});

/** A product with `keys` licence keys, and a pending guest order of `quantity` of it. */
async function pendingOrder(quantity = 1, price = 29.99) {
  const product = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Paid Product ${randomBytes(3).toString('hex')}`, price, description: 'd', detailed_description: 'dd' },
  });
  const productId = product.json().id as string;
  const keys = Array.from({ length: 3 }, () => `PAY-${randomBytes(4).toString('hex').toUpperCase()}`);
  await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: keys.join('\n') } });
  const email = `payer-${randomBytes(3).toString('hex')}@example.com`;
  const order = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ product_id: productId, quantity }], invoice_data: { email, name: 'Pay Buyer', address: '1 Road', city: 'Leeds', country: 'UK' } },
  });
  expect(order.statusCode).toBe(201);
  return { order: order.json<{ id: string; access_token: string; total_amount: number }>(), productId, keys, email };
}

/** Starts the payment and approves it on the sandbox's page, as the buyer's browser does; answers PayPal's redirect back. */
async function payAndApprove(orderId: string): Promise<{ paypalOrderId: string; returnUrl: URL }> {
  const created = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });
  expect(created.statusCode).toBe(200);
  const approval = new URL(created.json().payment_url as string);
  const paypalOrderId = approval.searchParams.get('token')!;
  const page = await fetch(approval);
  expect(await page.text()).toContain('Approve');
  const approved = await fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
  expect(approved.status).toBe(303);
  return { paypalOrderId, returnUrl: new URL(approved.headers.get('location')!) };
}

const capture = (paypalOrderId: string) => t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` });
const guestView = (orderId: string, token: string) => t.request({ method: 'GET', url: `/api/guest/orders/${orderId}?token=${token}` });

describe('a PayPal payment through the sandbox', () => {
  it('creates the PayPal order from our stored order, with our return and cancel pages', async () => {
    const { order } = await pendingOrder(2, 19.99);
    const created = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.id}` });
    const paypalOrderId = new URL(created.json().payment_url).searchParams.get('token')!;
    const stored = sandbox.state.orders.get(paypalOrderId)!;
    expect(stored.purchaseUnits[0]).toMatchObject({ custom_id: order.id, invoice_id: order.id, amount: { currency_code: 'USD', value: '39.98' } });
    expect(stored.experience).toMatchObject({
      return_url: `http://shop.test/payment/success/${order.id}`,
      cancel_url: `http://shop.test/payment/cancel/${order.id}`,
    });
  });

  it('runs the whole round trip: approve, capture, keys on the order page and in the receipt mail', async () => {
    const { order, keys, email } = await pendingOrder(2);
    const { paypalOrderId, returnUrl } = await payAndApprove(order.id);
    expect(returnUrl.pathname).toBe(`/payment/success/${order.id}`);
    expect(returnUrl.searchParams.get('token')).toBe(paypalOrderId);
    expect(returnUrl.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);

    const captured = await capture(paypalOrderId);
    expect(captured.statusCode).toBe(200);
    expect(Value.Check(routes.paypalCaptureOrder.response, captured.json())).toBe(true);
    expect(captured.json()).toMatchObject({ success: true, order_id: order.id, capture_id: expect.any(String) });

    const view = await guestView(order.id, order.access_token);
    expect(Value.Check(OrderSchema, view.json())).toBe(true);
    expect(view.json()).toMatchObject({ status: 'completed', payment_id: captured.json().capture_id, goods_included: true });
    const delivered = view.json().items[0].keys as string[];
    expect(delivered).toHaveLength(2);
    for (const key of delivered) expect(keys).toContain(key);

    // Sent right after the commit: no sweep is needed.
    const receipt = await waitFor(() => peer.received.find((mail) => mail.to.includes(email)), 'the receipt');
    for (const key of delivered) expect(receipt.decoded).toContain(key);
  });

  it('changes nothing on a second capture of the same order: no second charge, no second delivery', async () => {
    const { order } = await pendingOrder(1);
    const { paypalOrderId } = await payAndApprove(order.id);
    const first = await capture(paypalOrderId);
    const keysBefore = (await guestView(order.id, order.access_token)).json().items[0].keys;
    const second = await capture(paypalOrderId);
    expect(second.statusCode).toBe(200);
    expect(second.json().capture_id).toBe(first.json().capture_id);
    expect((await guestView(order.id, order.access_token)).json().items[0].keys).toEqual(keysBefore);
    expect([...sandbox.state.captures.values()].filter((entry) => entry.custom_id === order.id)).toHaveLength(1);
    const receipts = await t.app.db.selectFrom('mail_outbox').select('id').where('order_id', '=', order.id).execute();
    expect(receipts).toHaveLength(1);
  });

  it('refuses to capture before the buyer approved', async () => {
    const { order } = await pendingOrder(1);
    const created = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.id}` });
    const paypalOrderId = new URL(created.json().payment_url).searchParams.get('token')!;
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payment_not_approved');
    expect((await guestView(order.id, order.access_token)).json().status).toBe('pending');
  });

  it('keeps the order pending while PayPal holds the capture as PENDING', async () => {
    const { order } = await pendingOrder(1);
    const { paypalOrderId } = await payAndApprove(order.id);
    sandbox.state.forceCaptureStatus(paypalOrderId, 'PENDING');
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payment_pending');
    expect((await guestView(order.id, order.access_token)).json()).toMatchObject({ status: 'pending', goods_included: false });
  });

  it('does not deliver when the captured amount differs from the order, and gives the money back', async () => {
    const { order, email } = await pendingOrder(1, 50);
    const { paypalOrderId } = await payAndApprove(order.id);
    const unit = sandbox.state.orders.get(paypalOrderId)!.purchaseUnits[0]!;
    unit.amount.value = '1.00';
    const response = await capture(paypalOrderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payment_refunded');
    const view = (await guestView(order.id, order.access_token)).json();
    expect(view).toMatchObject({ status: 'refunded', goods_included: false });
    const taken = [...sandbox.state.captures.values()].find((entry) => entry.custom_id === order.id)!;
    expect(taken.status).toBe('REFUNDED');
    await waitFor(() => peer.received.find((mail) => mail.to.includes(email) && /refunded/i.test(mail.decoded)), 'the refund notice');
  });

  it('answers 404 for a PayPal order that is not ours', async () => {
    const response = await capture('0ABCDEFGHIJKLMNOP');
    expect(response.statusCode).toBe(404);
  });

  it("refuses to pay another account's order, and an order that is no longer pending", async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser();
    const product = await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { title: 'Owned', price: 5, description: 'd', detailed_description: 'dd', stock_quantity: 5 } });
    const order = await t.request({ method: 'POST', url: '/api/orders', token: owner.token, payload: { items: [{ product_id: product.json().id, quantity: 1 }] } });
    expect((await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.json().id}`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.json().id}`, token: owner.token })).statusCode).toBe(200);
    await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.json().id}/status?status=rejected`, token: admin });
    const late = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${order.json().id}`, token: owner.token });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_not_payable');
  });

  it('answers the spec’s create-order call with the approval address', async () => {
    const { order } = await pendingOrder(1);
    const response = await t.request({ method: 'POST', url: '/api/paypal/create-order', payload: { order_id: order.id, amount: 0.01, items: [{ id: 'x', title: 'x', price: 0.01, quantity: 1 }] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, paypal_order_id: expect.stringMatching(/^[A-Z0-9]+$/), approval_url: expect.stringContaining('/checkoutnow?token=') });
    // The amount sent by the client is ignored: PayPal is asked for the order's own total.
    expect(sandbox.state.orders.get(response.json().paypal_order_id)!.purchaseUnits[0]!.amount.value).toBe(order.total_amount.toFixed(2));
  });
});

describe('PayPal webhooks', () => {
  const webhookUrl = () => `http://127.0.0.1:${(t.app.server.address() as { port: number } | null)?.port}/api/paypal/webhook`;

  it('completes an approved order whose buyer never came back, once, however often the event is replayed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { order } = await pendingOrder(1);
    const { paypalOrderId } = await payAndApprove(order.id);
    const delivery = await deliverWebhook(sandbox.state, { url: webhookUrl(), webhookId: LOCAL_WEBHOOK_ID, ...orderApprovedEvent(sandbox.state, paypalOrderId) });
    expect(delivery.status).toBe(200);
    const view = await guestView(order.id, order.access_token);
    expect(view.json()).toMatchObject({ status: 'completed', goods_included: true });
    const keys = view.json().items[0].keys;

    const replay = await replayWebhook(sandbox.state, delivery);
    expect(replay.status).toBe(200);
    expect((await guestView(order.id, order.access_token)).json().items[0].keys).toEqual(keys);
    const events = await t.app.db.selectFrom('payment_events').selectAll().where('event_id', '=', delivery.event.id).execute();
    expect(events).toHaveLength(1);

    // The capture's own event after the return capture changes nothing either.
    const captureId = (await guestView(order.id, order.access_token)).json().payment_id as string;
    const completed = await deliverWebhook(sandbox.state, { url: webhookUrl(), webhookId: LOCAL_WEBHOOK_ID, ...captureEvent(sandbox.state, captureId) });
    expect(completed.status).toBe(200);
    expect(await t.app.db.selectFrom('mail_outbox').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  it('refuses an event that PayPal did not send', async () => {
    const forged = await t.request({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: {
        'paypal-transmission-id': 'forged',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'AAAA',
        'paypal-cert-url': `${sandbox.url}/v1/notifications/certs/CERT-sandbox`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      payload: { id: 'WH-FORGED', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'X' } },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('webhook_unverified');
    expect(await t.app.db.selectFrom('payment_events').select('id').where('event_id', '=', 'WH-FORGED').execute()).toHaveLength(0);
  });
});

describe('the CoinGate credentials test', () => {
  it('answers error without a key, success with a good key and the provider’s message with a bad one', async () => {
    const test = () => t.request({ method: 'POST', url: '/api/admin/test-coingate', token: admin });
    await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { coingate_api_key: '' } });
    expect((await test()).json()).toEqual({ status: 'error', message: 'No CoinGate API key is saved' });
    await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { coingate_api_key: 'sandbox-coingate-key' } });
    expect((await test()).json()).toEqual({ status: 'success', message: 'CoinGate API connection successful' });
    await t.request({ method: 'PUT', url: '/api/admin/settings', token: admin, payload: { coingate_api_key: 'wrong-key' } });
    expect((await test()).json()).toEqual({ status: 'error', message: 'Auth Token is not valid' });
  });
});
