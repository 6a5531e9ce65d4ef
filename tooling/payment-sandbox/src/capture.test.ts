import { describe, expect, it } from 'vitest';
import { SANDBOX_BUYER } from './state.ts';
import {
  PUBLIC_URL,
  accessToken,
  approvedOrder,
  build,
  createOrder,
  issuesOf,
  orderBody,
  postCapture,
  pressApprove,
} from './test-helpers.ts';

interface CapturedOrder {
  id: string;
  status: string;
  payer: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  purchase_units: {
    reference_id: string;
    payments: {
      captures: {
        id: string;
        status: string;
        amount: { currency_code: string; value: string };
        final_capture: boolean;
        custom_id?: string;
        invoice_id?: string;
        status_details?: { reason: string };
        seller_receivable_breakdown: Record<'gross_amount' | 'paypal_fee' | 'net_amount', { currency_code: string; value: string }>;
        create_time: string;
        update_time: string;
      }[];
    };
  }[];
}

async function sandboxWithToken() {
  const sandbox = await build();
  return { ...sandbox, token: await accessToken(sandbox.app) };
}

const cents = (value: string): number => Math.round(Number(value) * 100);

describe('POST /v2/checkout/orders/{id}/capture', () => {
  it('refuses to capture an order the buyer has not approved, as ORDER_NOT_APPROVED', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await createOrder(app, token);
    const response = await postCapture(app, token, orderId);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY' });
    expect(issuesOf(response)).toEqual(['ORDER_NOT_APPROVED']);
  });

  it('captures an approved order in full and answers 201 with PayPal’s capture shape', async () => {
    const { app, token } = await sandboxWithToken();
    const body = orderBody({ unit: { custom_id: 'order-1001', invoice_id: 'INV-1001' } });
    const orderId = await approvedOrder(app, token, body);
    const response = await postCapture(app, token, orderId);
    expect(response.statusCode).toBe(201);
    const captured = response.json<CapturedOrder>();
    expect(captured).toMatchObject({
      id: orderId,
      status: 'COMPLETED',
      payer: { payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/), email_address: SANDBOX_BUYER.email_address, name: SANDBOX_BUYER.name },
      links: [{ href: `${PUBLIC_URL}/v2/checkout/orders/${orderId}`, rel: 'self', method: 'GET' }],
    });
    const [unit] = captured.purchase_units;
    expect(unit?.reference_id).toBe('order-1001');
    expect(unit?.payments.captures).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '49.97' },
        final_capture: true,
        custom_id: 'order-1001',
        invoice_id: 'INV-1001',
        create_time: expect.stringMatching(/Z$/),
        update_time: expect.stringMatching(/Z$/),
      }),
    ]);
  });

  it('reports a seller breakdown where the fee and the net add up to the gross', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const capture = (await postCapture(app, token, orderId)).json<CapturedOrder>().purchase_units[0]?.payments.captures[0];
    const breakdown = capture?.seller_receivable_breakdown;
    expect(breakdown?.gross_amount).toEqual({ currency_code: 'USD', value: '49.97' });
    expect(cents(breakdown?.paypal_fee.value ?? 'NaN')).toBeGreaterThan(0);
    expect(cents(breakdown?.paypal_fee.value ?? '0') + cents(breakdown?.net_amount.value ?? '0')).toBe(4997);
  });

  it('shows the captured order, with its captures and payer, on GET', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const captureId = (await postCapture(app, token, orderId)).json<CapturedOrder>().purchase_units[0]?.payments.captures[0]?.id;
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/v2/checkout/orders/${orderId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: orderId,
      intent: 'CAPTURE',
      status: 'COMPLETED',
      payer: { email_address: 'sb-buyer@personal.example.com' },
      purchase_units: [{ amount: { value: '49.97' }, payments: { captures: [{ id: captureId, status: 'COMPLETED' }] } }],
    });
  });

  it('refuses a second capture of the same order, as ORDER_ALREADY_CAPTURED', async () => {
    const { app, token, state } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    expect((await postCapture(app, token, orderId)).statusCode).toBe(201);
    const again = await postCapture(app, token, orderId);
    expect(again.statusCode).toBe(422);
    expect(issuesOf(again)).toEqual(['ORDER_ALREADY_CAPTURED']);
    expect(state.captures.size).toBe(1);
  });

  it('answers a retry with the same PayPal-Request-Id with the original answer and 200', async () => {
    const { app, token, state } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const first = await postCapture(app, token, orderId, { 'paypal-request-id': 'capture-1001' });
    const retry = await postCapture(app, token, orderId, { 'paypal-request-id': 'capture-1001' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(state.captures.size).toBe(1);
    const otherId = await postCapture(app, token, orderId, { 'paypal-request-id': 'capture-1002' });
    expect(issuesOf(otherId)).toEqual(['ORDER_ALREADY_CAPTURED']);
  });

  it('accepts Content-Type: application/json with an empty body', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const response = await postCapture(app, token, orderId, {}, '');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'COMPLETED' });
  });

  it('accepts a capture with no body and no Content-Type', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/v2/checkout/orders/${orderId}/capture`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers the full order to a capture with Prefer: return=representation', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const response = await postCapture(app, token, orderId, { prefer: 'return=representation' });
    expect(response.json()).toMatchObject({
      intent: 'CAPTURE',
      create_time: expect.any(String),
      purchase_units: [{ items: expect.any(Array) }],
    });
  });

  it('declines the instrument when PayPal-Mock-Response asks for INSTRUMENT_DECLINED, capturing nothing', async () => {
    const { app, token, state } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const declined = await postCapture(app, token, orderId, { 'paypal-mock-response': '{"mock_application_codes":"INSTRUMENT_DECLINED"}' });
    expect(declined.statusCode).toBe(422);
    expect(issuesOf(declined)).toEqual(['INSTRUMENT_DECLINED']);
    expect(declined.json()).toMatchObject({
      links: expect.arrayContaining([{ href: `${PUBLIC_URL}/checkoutnow?token=${orderId}`, rel: 'redirect', method: 'GET' }]),
    });
    expect(state.captures.size).toBe(0);
    expect(state.orders.get(orderId)?.status).toBe('APPROVED');
    expect((await postCapture(app, token, orderId)).statusCode).toBe(201);
  });

  it('honours the other mocked issues: TRANSACTION_REFUSED and ORDER_NOT_APPROVED', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    for (const code of ['TRANSACTION_REFUSED', 'ORDER_NOT_APPROVED']) {
      const response = await postCapture(app, token, orderId, { 'paypal-mock-response': JSON.stringify({ mock_application_codes: code }) });
      expect(response.statusCode).toBe(422);
      expect(issuesOf(response)).toEqual([code]);
    }
  });

  it('refuses a PayPal-Mock-Response it cannot honour', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    const response = await postCapture(app, token, orderId, { 'paypal-mock-response': '{"mock_application_codes":"TEAPOT"}' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [{ field: 'PayPal-Mock-Response', location: 'header', issue: 'INVALID_PARAMETER_VALUE' }],
    });
  });

  it('gives the capture the status a test forced, PENDING with a reason', async () => {
    const { app, token, state } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    state.forceCaptureStatus(orderId, 'PENDING');
    const response = await postCapture(app, token, orderId);
    expect(response.statusCode).toBe(201);
    const captured = response.json<CapturedOrder>();
    expect(captured.status).toBe('COMPLETED');
    expect(captured.purchase_units[0]?.payments.captures[0]).toMatchObject({
      status: 'PENDING',
      status_details: { reason: 'PENDING_REVIEW' },
    });
  });

  it('gives the capture a forced DECLINED status', async () => {
    const { app, token, state } = await sandboxWithToken();
    const orderId = await approvedOrder(app, token);
    state.forceCaptureStatus(orderId, 'DECLINED');
    const capture = (await postCapture(app, token, orderId)).json<CapturedOrder>().purchase_units[0]?.payments.captures[0];
    expect(capture?.status).toBe('DECLINED');
  });

  it('captures each purchase unit of a multi-unit order', async () => {
    const { app, token } = await sandboxWithToken();
    const units = [
      { reference_id: 'a', amount: { currency_code: 'USD', value: '10.00' } },
      { reference_id: 'b', amount: { currency_code: 'USD', value: '2.50' } },
    ];
    const orderId = await approvedOrder(app, token, orderBody({ body: { purchase_units: units } }));
    const captured = (await postCapture(app, token, orderId)).json<CapturedOrder>();
    expect(captured.purchase_units.map((unit) => unit.payments.captures[0]?.amount.value)).toEqual(['10.00', '2.50']);
  });
});

describe('GET /v2/checkout/orders/{id}', () => {
  it('answers 404 RESOURCE_NOT_FOUND with INVALID_RESOURCE_ID for an unknown order', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await app.inject({
      method: 'GET',
      url: '/sandbox/v2/checkout/orders/5O190127TN364715T',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [{ field: 'id', value: '5O190127TN364715T', location: 'path', issue: 'INVALID_RESOURCE_ID' }],
    });
  });

  it('hides an order from the other REST clients', async () => {
    const { app } = await build({ clients: { 'shop-a': 'secret-a', 'shop-b': 'secret-b' } });
    const orderId = await createOrder(app, await accessToken(app, 'shop-a', 'secret-a'));
    const otherToken = await accessToken(app, 'shop-b', 'secret-b');
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/v2/checkout/orders/${orderId}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(response.statusCode).toBe(404);
    expect(issuesOf(await postCapture(app, otherToken, orderId))).toEqual(['INVALID_RESOURCE_ID']);
  });

  it('shows an approved order as APPROVED with its payer and a capture link', async () => {
    const { app, token } = await sandboxWithToken();
    const orderId = await createOrder(app, token);
    await pressApprove(app, orderId);
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/v2/checkout/orders/${orderId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json()).toMatchObject({
      status: 'APPROVED',
      payer: { email_address: 'sb-buyer@personal.example.com' },
      payment_source: { paypal: { email_address: 'sb-buyer@personal.example.com', account_status: 'VERIFIED' } },
      links: [{ rel: 'self' }, { rel: 'capture', method: 'POST', href: `${PUBLIC_URL}/v2/checkout/orders/${orderId}/capture` }],
    });
  });
});
