import { describe, expect, it } from 'vitest';
import { CANCEL_URL, PUBLIC_URL, RETURN_URL, accessToken, build, issuesOf, orderBody, postOrder } from './test-helpers.ts';

const ORDER_ID = /^[A-Z0-9]{17}$/;

interface ErrorBody {
  name: string;
  details: { field?: string; value?: string; location?: string; issue: string }[];
}

async function sandboxWithToken() {
  const sandbox = await build();
  return { ...sandbox, token: await accessToken(sandbox.app) };
}

describe('POST /v2/checkout/orders answers', () => {
  it('answers 201 with the minimal order: id, PAYER_ACTION_REQUIRED and the payer-action link', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string }>();
    expect(body).toEqual({
      id: expect.stringMatching(ORDER_ID),
      status: 'PAYER_ACTION_REQUIRED',
      payment_source: { paypal: {} },
      links: [
        { href: `${PUBLIC_URL}/v2/checkout/orders/${body.id}`, rel: 'self', method: 'GET' },
        { href: `${PUBLIC_URL}/checkoutnow?token=${body.id}`, rel: 'payer-action', method: 'GET' },
      ],
    });
  });

  it('answers the full order with Prefer: return=representation', async () => {
    const { app, token } = await sandboxWithToken();
    const sent = orderBody();
    const response = await postOrder(app, token, sent, { prefer: 'return=representation' });
    expect(response.statusCode).toBe(201);
    const [unit] = sent.purchase_units as Record<string, unknown>[];
    expect(response.json()).toMatchObject({
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        {
          reference_id: 'order-1001',
          custom_id: 'order-1001',
          invoice_id: unit?.invoice_id,
          amount: unit?.amount,
          items: unit?.items,
          payee: { email_address: expect.any(String), merchant_id: expect.stringMatching(/^[A-Z0-9]{13}$/) },
        },
      ],
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      update_time: expect.any(String),
    });
  });

  it('answers CREATED with an approve link for the legacy application_context', async () => {
    const { app, token } = await sandboxWithToken();
    const body = orderBody({
      body: { payment_source: undefined, application_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL } },
    });
    const response = await postOrder(app, token, body);
    expect(response.statusCode).toBe(201);
    const order = response.json<{ id: string; status: string; links: { rel: string; href: string }[] }>();
    expect(order.status).toBe('CREATED');
    expect(order.links.map((link) => link.rel)).toEqual(['self', 'approve']);
    expect(order.links[1]?.href).toBe(`${PUBLIC_URL}/checkoutnow?token=${order.id}`);
  });

  it('names a lone purchase unit "default" when no reference_id is given', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, orderBody({ unit: { reference_id: undefined } }), { prefer: 'return=representation' });
    expect(response.json()).toMatchObject({ purchase_units: [{ reference_id: 'default' }] });
  });

  it('replays the original answer with 200 for the same PayPal-Request-Id, creating nothing', async () => {
    const { app, token, state } = await sandboxWithToken();
    const first = await postOrder(app, token, orderBody(), { 'paypal-request-id': 'create-1001' });
    const again = await postOrder(app, token, orderBody(), { 'paypal-request-id': 'create-1001' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(state.orders.size).toBe(1);
  });

  it('creates a second order for a different PayPal-Request-Id', async () => {
    const { app, token, state } = await sandboxWithToken();
    const first = await postOrder(app, token, orderBody(), { 'paypal-request-id': 'create-1' });
    const second = await postOrder(app, token, orderBody(), { 'paypal-request-id': 'create-2' });
    expect(second.statusCode).toBe(201);
    expect(second.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    expect(state.orders.size).toBe(2);
  });

  it('adds up money in integer cents, so 3 × 0.10 equals 0.30', async () => {
    const { app, token } = await sandboxWithToken();
    const unit = {
      amount: { currency_code: 'USD', value: '0.30', breakdown: { item_total: { currency_code: 'USD', value: '0.30' } } },
      items: [{ name: 'Sticker pack', quantity: '3', unit_amount: { currency_code: 'USD', value: '0.10' } }],
    };
    expect((await postOrder(app, token, orderBody({ unit }))).statusCode).toBe(201);
  });

  it('accepts a breakdown whose discount brings the parts down to the amount', async () => {
    const { app, token } = await sandboxWithToken();
    const unit = {
      amount: {
        currency_code: 'USD',
        value: '44.97',
        breakdown: { item_total: { currency_code: 'USD', value: '49.97' }, discount: { currency_code: 'USD', value: '5.00' } },
      },
    };
    expect((await postOrder(app, token, orderBody({ unit }))).statusCode).toBe(201);
  });
});

describe('POST /v2/checkout/orders refuses with 400 INVALID_REQUEST', () => {
  it('a body that is not JSON, as MALFORMED_REQUEST_JSON', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, '{"intent": "CAPTURE",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'INVALID_REQUEST' });
    expect(issuesOf(response)).toEqual(['MALFORMED_REQUEST_JSON']);
  });

  it('a JSON body that is not an object, as MALFORMED_REQUEST_JSON', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, '[1, 2]');
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response)).toEqual(['MALFORMED_REQUEST_JSON']);
  });

  it('missing intent and purchase_units, each listed as MISSING_REQUIRED_PARAMETER', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, {});
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/intent', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' }),
      expect.objectContaining({ field: '/purchase_units', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' }),
    ]);
  });

  it('missing amount fields and item fields, with their paths', async () => {
    const { app, token } = await sandboxWithToken();
    const unit = { amount: { currency_code: 'USD' }, items: [{ quantity: '1', unit_amount: { currency_code: 'USD', value: '1.00' } }] };
    const response = await postOrder(app, token, orderBody({ unit }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details.map(({ field, issue }) => [field, issue])).toEqual([
      ['/purchase_units/0/amount/value', 'MISSING_REQUIRED_PARAMETER'],
      ['/purchase_units/0/items/0/name', 'MISSING_REQUIRED_PARAMETER'],
    ]);
  });

  it('an intent other than CAPTURE, as INVALID_PARAMETER_VALUE', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, orderBody({ body: { intent: 'AUTHORIZE' } }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/intent', value: 'AUTHORIZE', issue: 'INVALID_PARAMETER_VALUE' }),
    ]);
  });

  it('no purchase unit, or more than ten', async () => {
    const { app, token } = await sandboxWithToken();
    const none = await postOrder(app, token, orderBody({ body: { purchase_units: [] } }));
    expect(issuesOf(none)).toEqual(['INVALID_ARRAY_MIN_ITEMS']);
    const unit = { amount: { currency_code: 'USD', value: '1.00' } };
    const eleven = await postOrder(app, token, orderBody({ body: { purchase_units: Array.from({ length: 11 }, () => unit) } }));
    expect(eleven.statusCode).toBe(400);
    expect(issuesOf(eleven)).toEqual(['INVALID_ARRAY_MAX_ITEMS']);
  });

  it('an invoice_id or custom_id longer than 127 characters', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, orderBody({ unit: { invoice_id: 'i'.repeat(128), custom_id: 'c'.repeat(128) } }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details.map(({ field, issue }) => [field, issue])).toEqual([
      ['/purchase_units/0/custom_id', 'INVALID_STRING_MAX_LENGTH'],
      ['/purchase_units/0/invoice_id', 'INVALID_STRING_MAX_LENGTH'],
    ]);
  });

  it('accepts an invoice_id of exactly 127 characters', async () => {
    const { app, token } = await sandboxWithToken();
    expect((await postOrder(app, token, orderBody({ unit: { invoice_id: 'i'.repeat(127) } }))).statusCode).toBe(201);
  });

  it('an item quantity that is not a positive whole number written as a string', async () => {
    const { app, token } = await sandboxWithToken();
    for (const quantity of ['0', '1.5', 2, '01']) {
      const items = [{ name: 'Licence', quantity, unit_amount: { currency_code: 'USD', value: '49.97' } }];
      const response = await postOrder(app, token, orderBody({ unit: { items } }));
      expect(response.statusCode, `quantity ${JSON.stringify(quantity)}`).toBe(400);
      expect(response.json<ErrorBody>().details).toEqual([
        expect.objectContaining({ field: '/purchase_units/0/items/0/quantity', issue: 'INVALID_PARAMETER_SYNTAX' }),
      ]);
    }
  });

  it('an item name longer than 127 characters', async () => {
    const { app, token } = await sandboxWithToken();
    const items = [{ name: 'n'.repeat(128), quantity: '1', unit_amount: { currency_code: 'USD', value: '49.97' } }];
    expect(issuesOf(await postOrder(app, token, orderBody({ unit: { items } })))).toEqual(['INVALID_STRING_MAX_LENGTH']);
  });

  it('a money value that is a number or not a decimal', async () => {
    const { app, token } = await sandboxWithToken();
    for (const value of [49.97, '49,97', '$49.97']) {
      const response = await postOrder(app, token, orderBody({ unit: { amount: { currency_code: 'USD', value }, items: undefined } }));
      expect(response.statusCode, `value ${JSON.stringify(value)}`).toBe(400);
      expect(issuesOf(response)).toEqual(['INVALID_PARAMETER_SYNTAX']);
    }
  });

  it('a return_url that is not an absolute http(s) URL', async () => {
    const { app, token } = await sandboxWithToken();
    const body = orderBody({ body: { payment_source: { paypal: { experience_context: { return_url: '/checkout/return' } } } } });
    const response = await postOrder(app, token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/payment_source/paypal/experience_context/return_url', issue: 'INVALID_PARAMETER_SYNTAX' }),
    ]);
    const withoutScheme = orderBody({
      body: { payment_source: { paypal: { experience_context: { cancel_url: 'shop.test/checkout/cancel' } } } },
    });
    expect(issuesOf(await postOrder(app, token, withoutScheme))).toEqual(['INVALID_PARAMETER_SYNTAX']);
  });

  it('a payment source other than paypal, which the sandbox cannot take', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, orderBody({ body: { payment_source: { card: { number: '4111111111111111' } } } }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/payment_source', issue: 'INVALID_PARAMETER_VALUE' }),
    ]);
  });

  it('an unknown shipping_preference or user_action', async () => {
    const { app, token } = await sandboxWithToken();
    const experience = { return_url: RETURN_URL, shipping_preference: 'SHIP_IT', user_action: 'BUY' };
    const response = await postOrder(app, token, orderBody({ body: { payment_source: { paypal: { experience_context: experience } } } }));
    expect(issuesOf(response)).toEqual(['INVALID_PARAMETER_VALUE', 'INVALID_PARAMETER_VALUE']);
  });
});

describe('POST /v2/checkout/orders refuses with 422 UNPROCESSABLE_ENTITY', () => {
  it('a value with more than two decimals, as DECIMAL_PRECISION', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(
      app,
      token,
      orderBody({ unit: { amount: { currency_code: 'USD', value: '49.975' }, items: undefined } }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY' });
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/purchase_units/0/amount/value', value: '49.975', issue: 'DECIMAL_PRECISION' }),
    ]);
  });

  it('items without breakdown.item_total, as ITEM_TOTAL_REQUIRED', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(app, token, orderBody({ unit: { amount: { currency_code: 'USD', value: '49.97' } } }));
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual(['ITEM_TOTAL_REQUIRED']);
  });

  it('items whose unit_amount × quantity do not add up to item_total, as ITEM_TOTAL_MISMATCH', async () => {
    const { app, token } = await sandboxWithToken();
    const amount = { currency_code: 'USD', value: '39.98', breakdown: { item_total: { currency_code: 'USD', value: '39.98' } } };
    const response = await postOrder(app, token, orderBody({ unit: { amount } }));
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual(['ITEM_TOTAL_MISMATCH']);
  });

  it('an item_total different from the amount, as AMOUNT_MISMATCH', async () => {
    const { app, token } = await sandboxWithToken();
    const amount = { currency_code: 'USD', value: '50.00', breakdown: { item_total: { currency_code: 'USD', value: '49.97' } } };
    const response = await postOrder(app, token, orderBody({ unit: { amount } }));
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual(['AMOUNT_MISMATCH']);
  });

  it('an invoice_id already used by another order, as DUPLICATE_INVOICE_ID', async () => {
    const { app, token } = await sandboxWithToken();
    expect((await postOrder(app, token, orderBody({ unit: { invoice_id: 'INV-1001' } }))).statusCode).toBe(201);
    const response = await postOrder(app, token, orderBody({ unit: { invoice_id: 'INV-1001' } }));
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/purchase_units/0/invoice_id', value: 'INV-1001', issue: 'DUPLICATE_INVOICE_ID' }),
    ]);
  });

  it('lets another REST client (another merchant) use the same invoice_id', async () => {
    const { app } = await build({ clients: { 'shop-a': 'secret-a', 'shop-b': 'secret-b' } });
    const first = await postOrder(app, await accessToken(app, 'shop-a', 'secret-a'), orderBody({ unit: { invoice_id: 'INV-1' } }));
    const second = await postOrder(app, await accessToken(app, 'shop-b', 'secret-b'), orderBody({ unit: { invoice_id: 'INV-1' } }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
  });

  it('a zero amount, as CANNOT_BE_ZERO_OR_NEGATIVE', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await postOrder(
      app,
      token,
      orderBody({ unit: { amount: { currency_code: 'USD', value: '0.00' }, items: undefined } }),
    );
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual(['CANNOT_BE_ZERO_OR_NEGATIVE']);
  });

  it('items in another currency than the amount, as MULTI_CURRENCY_ORDER', async () => {
    const { app, token } = await sandboxWithToken();
    const items = [{ name: 'Licence', quantity: '1', unit_amount: { currency_code: 'EUR', value: '49.97' } }];
    expect(issuesOf(await postOrder(app, token, orderBody({ unit: { items } })))).toEqual(['MULTI_CURRENCY_ORDER']);
  });

  it('several purchase units without their own reference_id, as REFERENCE_ID_REQUIRED', async () => {
    const { app, token } = await sandboxWithToken();
    const unit = { amount: { currency_code: 'USD', value: '1.00' } };
    const response = await postOrder(app, token, orderBody({ body: { purchase_units: [unit, { ...unit, reference_id: 'b' }] } }));
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().details).toEqual([
      expect.objectContaining({ field: '/purchase_units/0/reference_id', issue: 'REFERENCE_ID_REQUIRED' }),
    ]);
  });
});
