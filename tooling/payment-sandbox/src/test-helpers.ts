import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { expect, onTestFinished } from 'vitest';
import { paymentSandbox } from './plugin.ts';
import { type PaymentSandboxOptions, SANDBOX_CREDENTIALS, type SandboxState, createSandboxState } from './state.ts';

/** Shared by the tests: a sandbox under /sandbox on a Fastify instance, driven with `inject`. */

export const PUBLIC_URL = 'http://shop.test/sandbox';
export const RETURN_URL = 'https://shop.test/checkout/paypal/return';
export const CANCEL_URL = 'https://shop.test/checkout/paypal/cancel';

export interface TestSandbox {
  app: FastifyInstance;
  state: SandboxState;
}

/** A host app with the sandbox registered under /sandbox; closed when the test ends. */
export async function build(options: Partial<PaymentSandboxOptions> = {}): Promise<TestSandbox> {
  const state = createSandboxState({ publicUrl: PUBLIC_URL, ...options });
  const app = Fastify({ logger: false });
  await app.register(paymentSandbox, { prefix: '/sandbox', state });
  await app.ready();
  onTestFinished(() => app.close());
  return { app, state };
}

export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

export function requestToken(
  app: FastifyInstance,
  clientId: string = SANDBOX_CREDENTIALS.clientId,
  secret: string = SANDBOX_CREDENTIALS.clientSecret,
  payload = 'grant_type=client_credentials',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/sandbox/v1/oauth2/token',
    headers: { authorization: basicAuth(clientId, secret), 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
}

export async function accessToken(app: FastifyInstance, clientId?: string, secret?: string): Promise<string> {
  const response = await requestToken(app, clientId, secret);
  expect(response.statusCode).toBe(200);
  return response.json<{ access_token: string }>().access_token;
}

/** A typical store order: two licences and an e-book, $49.97, with the experience_context the store sends. */
export function orderBody(overrides: { unit?: Record<string, unknown>; body?: Record<string, unknown> } = {}): Record<string, unknown> {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'order-1001',
        custom_id: 'order-1001',
        invoice_id: `inv-${Math.random().toString(36).slice(2)}`,
        description: 'Digital Store order 1001',
        amount: { currency_code: 'USD', value: '49.97', breakdown: { item_total: { currency_code: 'USD', value: '49.97' } } },
        items: [
          { name: 'Writer Pro licence', quantity: '2', unit_amount: { currency_code: 'USD', value: '19.99' }, category: 'DIGITAL_GOODS' },
          { name: 'Prompting e-book', quantity: '1', unit_amount: { currency_code: 'USD', value: '9.99' }, category: 'DIGITAL_GOODS' },
        ],
        ...overrides.unit,
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: 'Digital Store',
          return_url: RETURN_URL,
          cancel_url: CANCEL_URL,
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
        },
      },
    },
    ...overrides.body,
  };
}

export function postOrder(
  app: FastifyInstance,
  token: string,
  body: unknown = orderBody(),
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/sandbox/v2/checkout/orders',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Creates an order and returns its id. */
export async function createOrder(app: FastifyInstance, token: string, body: unknown = orderBody()): Promise<string> {
  const response = await postOrder(app, token, body);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The buyer presses Approve on the approval page. */
export function pressApprove(app: FastifyInstance, orderId: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/sandbox/checkoutnow/${orderId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

export function postCapture(
  app: FastifyInstance,
  token: string,
  orderId: string,
  headers: Record<string, string> = {},
  payload = '{}',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/sandbox/v2/checkout/orders/${orderId}/capture`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    payload,
  });
}

/** An approved order, ready to capture. */
export async function approvedOrder(app: FastifyInstance, token: string, body?: unknown): Promise<string> {
  const orderId = await createOrder(app, token, body);
  expect((await pressApprove(app, orderId)).statusCode).toBe(303);
  return orderId;
}

export interface ErrorBodyShape {
  name: string;
  message: string;
  debug_id: string;
  details: { field?: string; value?: string; location?: string; issue: string; description: string }[];
  links: { href: string; rel: string; method?: string }[];
}

/** The issues of a PayPal error answer, after checking its shape. */
export function issuesOf(response: LightMyRequestResponse): string[] {
  const body = response.json<ErrorBodyShape>();
  expect(body).toEqual({
    name: expect.any(String),
    message: expect.any(String),
    debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
    details: expect.any(Array),
    links: expect.any(Array),
  });
  return body.details.map((detail) => detail.issue);
}

/** A JSON call to the sandbox's REST API with the bearer token. */
export function api(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/sandbox${path}`,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

export const SUBSCRIPTION_RETURN_URL = 'https://shop.test/account/subscriptions/return';
export const SUBSCRIPTION_CANCEL_URL = 'https://shop.test/account/subscriptions/cancel';

/** The store's "Aurora AI Writer": a monthly plan at 19.99 USD, with an optional free trial of some days. */
export function planBody(
  productId: string,
  options: { trialDays?: number; unit?: string; price?: string; totalCycles?: number; threshold?: number } = {},
): Record<string, unknown> {
  const regular = {
    frequency: { interval_unit: options.unit ?? 'MONTH', interval_count: 1 },
    tenure_type: 'REGULAR',
    sequence: options.trialDays ? 2 : 1,
    total_cycles: options.totalCycles ?? 0,
    pricing_scheme: { fixed_price: { value: options.price ?? '19.99', currency_code: 'USD' } },
  };
  const trial = {
    frequency: { interval_unit: 'DAY', interval_count: options.trialDays },
    tenure_type: 'TRIAL',
    sequence: 1,
    total_cycles: 1,
  };
  return {
    product_id: productId,
    name: 'Aurora AI Writer monthly',
    billing_cycles: options.trialDays ? [trial, regular] : [regular],
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: options.threshold ?? 1 },
  };
}

export async function createProduct(app: FastifyInstance, token: string): Promise<string> {
  const response = await api(app, token, 'POST', '/v1/catalogs/products', {
    name: 'Aurora AI Writer',
    type: 'DIGITAL',
    category: 'SOFTWARE',
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

export async function createPlan(app: FastifyInstance, token: string, options: Parameters<typeof planBody>[1] = {}): Promise<string> {
  const response = await api(app, token, 'POST', '/v1/billing/plans', planBody(await createProduct(app, token), options));
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

export function subscriptionBody(planId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    plan_id: planId,
    custom_id: 'sub-1001',
    subscriber: { email_address: 'shopper@example.com', name: { given_name: 'Sam', surname: 'Shopper' } },
    application_context: {
      brand_name: 'Digital Store',
      user_action: 'SUBSCRIBE_NOW',
      return_url: SUBSCRIPTION_RETURN_URL,
      cancel_url: SUBSCRIPTION_CANCEL_URL,
    },
    ...overrides,
  };
}

/** A new subscription (APPROVAL_PENDING) of a new plan; returns its id. */
export async function createSubscription(
  app: FastifyInstance,
  token: string,
  options: Parameters<typeof planBody>[1] = {},
): Promise<{ subscriptionId: string; planId: string }> {
  const planId = await createPlan(app, token, options);
  const response = await api(app, token, 'POST', '/v1/billing/subscriptions', subscriptionBody(planId));
  expect(response.statusCode).toBe(201);
  return { subscriptionId: response.json<{ id: string }>().id, planId };
}

export interface SubscriptionShape {
  id: string;
  status: string;
  plan_id: string;
  custom_id?: string;
  billing_info: {
    outstanding_balance: { currency_code: string; value: string };
    cycle_executions: { tenure_type: string; sequence: number; cycles_completed: number; cycles_remaining: number; total_cycles: number }[];
    last_payment?: { amount: { currency_code: string; value: string }; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
  };
  links: { href: string; rel: string; method?: string }[];
}

export async function getSubscription(app: FastifyInstance, token: string, id: string): Promise<SubscriptionShape> {
  const response = await api(app, token, 'GET', `/v1/billing/subscriptions/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<SubscriptionShape>();
}

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: { id: string; event_type: string; resource_type: string; create_time: string; resource: Record<string, unknown> };
}

/** The store's webhook endpoint on a free port: records what arrives and answers `status`. */
export async function webhookReceiver(status = 200): Promise<{ url: string; received: ReceivedWebhook[] }> {
  const received: ReceivedWebhook[] = [];
  const app = Fastify({ logger: false });
  app.post('/webhooks/paypal', async (request, reply) => {
    received.push({ headers: request.headers, body: request.body as ReceivedWebhook['body'] });
    return reply.status(status).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/paypal`, received };
}

/** Asks the sandbox to verify a received webhook, as the store does. */
export async function verifyReceived(app: FastifyInstance, token: string, received: ReceivedWebhook, webhookId: string): Promise<string> {
  const response = await api(app, token, 'POST', '/v1/notifications/verify-webhook-signature', {
    auth_algo: received.headers['paypal-auth-algo'],
    cert_url: received.headers['paypal-cert-url'],
    transmission_id: received.headers['paypal-transmission-id'],
    transmission_sig: received.headers['paypal-transmission-sig'],
    transmission_time: received.headers['paypal-transmission-time'],
    webhook_id: webhookId,
    webhook_event: received.body,
  });
  return response.json<{ verification_status: string }>().verification_status;
}
