import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken, basicAuth, build, issuesOf, postOrder, requestToken } from './test-helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /v1/oauth2/token', () => {
  it('issues a bearer token for the default sandbox credentials with PayPal fields', async () => {
    const { app } = await build();
    const response = await requestToken(app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      scope: expect.stringContaining('https://uri.paypal.com/services/payments/payment/authcapture'),
      access_token: expect.stringMatching(/^A21AA[\w-]{40,}$/),
      token_type: 'Bearer',
      app_id: expect.stringMatching(/^APP-/),
      expires_in: 32400,
      nonce: expect.any(String),
    });
  });

  it('lives for the configured number of seconds', async () => {
    const { app } = await build({ tokenTtlSeconds: 600 });
    expect((await requestToken(app)).json()).toMatchObject({ expires_in: 600 });
  });

  it('hands out the same token again until it expires, like PayPal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const { app } = await build();
    const first = (await requestToken(app)).json<{ access_token: string }>();
    vi.setSystemTime(new Date('2026-01-01T11:00:00Z'));
    const second = (await requestToken(app)).json<{ access_token: string; expires_in: number }>();
    expect(second.access_token).toBe(first.access_token);
    expect(second.expires_in).toBe(32400 - 3600);
  });

  it('accepts the credentials of any configured client', async () => {
    const { app } = await build({ clients: { 'shop-a': 'secret-a' } });
    expect((await requestToken(app, 'shop-a', 'secret-a')).statusCode).toBe(200);
    expect((await requestToken(app)).statusCode).toBe(401);
  });

  it('refuses a wrong secret with invalid_client', async () => {
    const { app } = await build();
    const response = await requestToken(app, 'sandbox-client-id', 'wrong-secret');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
  });

  it('refuses an unknown client and a request without credentials', async () => {
    const { app } = await build();
    expect((await requestToken(app, 'someone-else', 'sandbox-client-secret')).statusCode).toBe(401);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/sandbox/v1/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses another grant type with unsupported_grant_type', async () => {
    const { app } = await build();
    const response = await requestToken(app, undefined, undefined, 'grant_type=password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses a request without a grant type', async () => {
    const { app } = await build();
    const response = await requestToken(app, undefined, undefined, '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
  });

  it('reads the grant type only from a form body, as PayPal does', async () => {
    const { app } = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/v1/oauth2/token',
      headers: { authorization: basicAuth('sandbox-client-id', 'sandbox-client-secret'), 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('bearer authentication of the REST calls', () => {
  const AUTHENTICATION_FAILURE = {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    debug_id: expect.any(String),
    details: [],
    links: [],
  };

  it('refuses an orders call without an Authorization header', async () => {
    const { app } = await build();
    const response = await app.inject({ method: 'GET', url: '/sandbox/v2/checkout/orders/5O190127TN364715T' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTHENTICATION_FAILURE);
  });

  it('refuses an unknown token before reading the body', async () => {
    const { app } = await build();
    const response = await postOrder(app, 'A21AAnot-a-token', '{not json');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTHENTICATION_FAILURE);
  });

  it('refuses the webhook verification call without a token', async () => {
    const { app } = await build();
    const response = await app.inject({ method: 'POST', url: '/sandbox/v1/notifications/verify-webhook-signature', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(issuesOf(response)).toEqual([]);
  });

  it('refuses an expired token, and the client then gets a new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const { app } = await build({ tokenTtlSeconds: 60 });
    const token = await accessToken(app);
    const get = (bearer: string) =>
      app.inject({ method: 'GET', url: '/sandbox/v2/checkout/orders/UNKNOWN', headers: { authorization: `Bearer ${bearer}` } });
    expect((await get(token)).statusCode).toBe(404);
    vi.setSystemTime(new Date('2026-01-01T10:01:00Z'));
    expect((await get(token)).json()).toEqual(AUTHENTICATION_FAILURE);
    const fresh = await accessToken(app);
    expect(fresh).not.toBe(token);
    expect((await get(fresh)).statusCode).toBe(404);
  });
});
