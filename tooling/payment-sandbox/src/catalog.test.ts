import { describe, expect, it } from 'vitest';
import { PUBLIC_URL, accessToken, api, build, createProduct, issuesOf, planBody } from './test-helpers.ts';

async function sandboxWithToken() {
  const sandbox = await build();
  return { ...sandbox, token: await accessToken(sandbox.app) };
}

describe('Catalog Products', () => {
  it('creates a product (201, PROD- id, links) and shows it', async () => {
    const { app, token } = await sandboxWithToken();
    const created = await api(app, token, 'POST', '/v1/catalogs/products', {
      name: 'Aurora AI Writer',
      description: 'Writes for you',
      type: 'DIGITAL',
      category: 'SOFTWARE',
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<{ id: string }>();
    expect(product).toEqual({
      id: expect.stringMatching(/^PROD-[A-Z0-9]{17}$/),
      name: 'Aurora AI Writer',
      description: 'Writes for you',
      type: 'DIGITAL',
      category: 'SOFTWARE',
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      update_time: expect.any(String),
      links: [
        { href: `${PUBLIC_URL}/v1/catalogs/products/${product.id}`, rel: 'self', method: 'GET' },
        { href: `${PUBLIC_URL}/v1/catalogs/products/${product.id}`, rel: 'edit', method: 'PATCH' },
      ],
    });
    const shown = await api(app, token, 'GET', `/v1/catalogs/products/${product.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(created.json());
  });

  it('lists every problem of a bad body as 400 INVALID_REQUEST', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await api(app, token, 'POST', '/v1/catalogs/products', { type: 'SOFTWARE', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [
        { field: '/name', issue: 'MISSING_REQUIRED_PARAMETER', location: 'body' },
        { field: '/type', value: 'SOFTWARE', issue: 'INVALID_PARAMETER_VALUE', location: 'body' },
        { field: '/description', issue: 'INVALID_STRING_MIN_LENGTH', location: 'body' },
      ],
    });
  });

  it('replays a create with the same PayPal-Request-Id instead of making a second product', async () => {
    const { app, token, state } = await sandboxWithToken();
    const body = { name: 'Aurora AI Writer', type: 'DIGITAL' };
    const first = await api(app, token, 'POST', '/v1/catalogs/products', body, { 'PayPal-Request-Id': 'product-7' });
    const again = await api(app, token, 'POST', '/v1/catalogs/products', body, { 'PayPal-Request-Id': 'product-7' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(state.products.size).toBe(1);
  });

  it('changes the description with a JSON Patch (204) and refuses other paths', async () => {
    const { app, token } = await sandboxWithToken();
    const id = await createProduct(app, token);
    const patched = await api(app, token, 'PATCH', `/v1/catalogs/products/${id}`, [
      { op: 'replace', path: '/description', value: 'Now with a free trial' },
      { op: 'add', path: '/home_url', value: 'https://shop.test/aurora' },
    ]);
    expect(patched.statusCode).toBe(204);
    expect((await api(app, token, 'GET', `/v1/catalogs/products/${id}`)).json()).toMatchObject({
      description: 'Now with a free trial',
      home_url: 'https://shop.test/aurora',
    });
    const refused = await api(app, token, 'PATCH', `/v1/catalogs/products/${id}`, [{ op: 'replace', path: '/name', value: 'Other' }]);
    expect(refused.statusCode).toBe(400);
    expect(issuesOf(refused)).toEqual(['INVALID_PARAMETER_VALUE']);
  });

  it('answers 404 for an unknown or another client’s product, and 401 without a valid token', async () => {
    const { app } = await build({ clients: { 'sandbox-client-id': 'sandbox-client-secret', other: 'other-secret' } });
    const token = await accessToken(app);
    const unknown = await api(app, token, 'GET', '/v1/catalogs/products/PROD-NOSUCHPRODUCT0000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    const id = await createProduct(app, token);
    const otherToken = await accessToken(app, 'other', 'other-secret');
    expect((await api(app, otherToken, 'GET', `/v1/catalogs/products/${id}`)).statusCode).toBe(404);
    expect((await api(app, otherToken, 'POST', '/v1/billing/plans', planBody(id))).statusCode).toBe(404);
    const noToken = await app.inject({ method: 'GET', url: `/sandbox/v1/catalogs/products/${id}` });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    expect((await api(app, 'not-a-token', 'POST', '/v1/catalogs/products', { name: 'x', type: 'DIGITAL' })).statusCode).toBe(401);
  });
});

describe('Plans', () => {
  it('creates an ACTIVE plan (201, P- id; minimal answer by default, full with Prefer) with PayPal’s defaults', async () => {
    const { app, token } = await sandboxWithToken();
    const productId = await createProduct(app, token);
    const body = planBody(productId);
    delete (body as { payment_preferences?: unknown }).payment_preferences;
    const minimal = await api(app, token, 'POST', '/v1/billing/plans', body);
    expect(minimal.statusCode).toBe(201);
    const planId = minimal.json<{ id: string }>().id;
    expect(minimal.json()).toEqual({
      id: expect.stringMatching(/^P-[A-Z0-9]{24}$/),
      product_id: productId,
      name: 'Aurora AI Writer monthly',
      status: 'ACTIVE',
      usage_type: 'LICENSED',
      create_time: expect.any(String),
      links: expect.arrayContaining([{ href: `${PUBLIC_URL}/v1/billing/plans/${planId}`, rel: 'self', method: 'GET' }]),
    });
    const full = await api(app, token, 'POST', '/v1/billing/plans', body, { Prefer: 'return=representation' });
    expect(full.json()).toMatchObject({
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { version: 1, fixed_price: { value: '19.99', currency_code: 'USD' } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: 'CANCEL', payment_failure_threshold: 0 },
      quantity_supported: false,
    });
    const shown = await api(app, token, 'GET', `/v1/billing/plans/${planId}`);
    expect(shown.json()).toMatchObject({ id: planId, status: 'ACTIVE', billing_cycles: [{ tenure_type: 'REGULAR' }] });
  });

  it('keeps a trial before the regular cycle, and a free trial has no pricing scheme', async () => {
    const { app, token } = await sandboxWithToken();
    const response = await api(app, token, 'POST', '/v1/billing/plans', planBody(await createProduct(app, token), { trialDays: 7 }), {
      Prefer: 'return=representation',
    });
    expect(response.statusCode).toBe(201);
    const cycles = response.json<{ billing_cycles: Record<string, unknown>[] }>().billing_cycles;
    expect(cycles.map((cycle) => [cycle.tenure_type, cycle.sequence])).toEqual([
      ['TRIAL', 1],
      ['REGULAR', 2],
    ]);
    expect(cycles[0]).not.toHaveProperty('pricing_scheme');
  });

  it('answers 400 INVALID_REQUEST with details for bad billing cycles and preferences', async () => {
    const { app, token } = await sandboxWithToken();
    const productId = await createProduct(app, token);
    const response = await api(app, token, 'POST', '/v1/billing/plans', {
      product_id: productId,
      name: 'Broken',
      billing_cycles: [{ frequency: { interval_unit: 'FORTNIGHT' }, tenure_type: 'REGULAR', sequence: 1 }],
      payment_preferences: { payment_failure_threshold: -1 },
    });
    expect(response.statusCode).toBe(400);
    const details = response.json<{ details: { field: string; issue: string }[] }>().details;
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: '/billing_cycles/0/frequency/interval_unit', issue: 'INVALID_PARAMETER_VALUE' }),
        expect.objectContaining({ field: '/billing_cycles/0/pricing_scheme', issue: 'MISSING_REQUIRED_PARAMETER' }),
        expect.objectContaining({ field: '/payment_preferences/payment_failure_threshold', issue: 'INVALID_PARAMETER_VALUE' }),
      ]),
    );
    const noCycles = await api(app, token, 'POST', '/v1/billing/plans', { product_id: productId, name: 'Empty', billing_cycles: [] });
    expect(issuesOf(noCycles)).toEqual(['INVALID_ARRAY_MIN_ITEMS']);
    const twoRegular = planBody(productId);
    const [regular] = twoRegular.billing_cycles as Record<string, unknown>[];
    twoRegular.billing_cycles = [regular, { ...regular, sequence: 2 }];
    expect(issuesOf(await api(app, token, 'POST', '/v1/billing/plans', twoRegular))).toEqual(['INVALID_PARAMETER_VALUE']);
  });

  it('answers 422 for an unsupported currency and 404 for an unknown product', async () => {
    const { app, token } = await sandboxWithToken();
    const productId = await createProduct(app, token);
    const body = planBody(productId, { price: '19.999' });
    const precision = await api(app, token, 'POST', '/v1/billing/plans', body);
    expect(precision.statusCode).toBe(422);
    expect(issuesOf(precision)).toEqual(['DECIMAL_PRECISION']);
    const unknown = await api(app, token, 'POST', '/v1/billing/plans', planBody('PROD-NOSUCHPRODUCT0000'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ field: '/product_id', issue: 'INVALID_RESOURCE_ID' }] });
  });

  it('deactivates and activates a plan (204), and answers 422 PLAN_STATUS_INVALID when it already is', async () => {
    const { app, token } = await sandboxWithToken();
    const planId = (await api(app, token, 'POST', '/v1/billing/plans', planBody(await createProduct(app, token)))).json<{ id: string }>()
      .id;
    expect((await api(app, token, 'POST', `/v1/billing/plans/${planId}/deactivate`)).statusCode).toBe(204);
    expect((await api(app, token, 'GET', `/v1/billing/plans/${planId}`)).json()).toMatchObject({ status: 'INACTIVE' });
    const again = await api(app, token, 'POST', `/v1/billing/plans/${planId}/deactivate`);
    expect(again.statusCode).toBe(422);
    expect(issuesOf(again)).toEqual(['PLAN_STATUS_INVALID']);
    expect((await api(app, token, 'POST', `/v1/billing/plans/${planId}/activate`)).statusCode).toBe(204);
    expect((await api(app, token, 'GET', `/v1/billing/plans/${planId}`)).json()).toMatchObject({ status: 'ACTIVE' });
    expect((await api(app, token, 'POST', '/v1/billing/plans/P-NOSUCHPLAN/activate')).statusCode).toBe(404);
  });

  it('replays a plan creation with the same PayPal-Request-Id', async () => {
    const { app, token, state } = await sandboxWithToken();
    const body = planBody(await createProduct(app, token));
    const first = await api(app, token, 'POST', '/v1/billing/plans', body, { 'PayPal-Request-Id': 'plan-1' });
    const again = await api(app, token, 'POST', '/v1/billing/plans', body, { 'PayPal-Request-Id': 'plan-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(state.plans.size).toBe(1);
  });
});
