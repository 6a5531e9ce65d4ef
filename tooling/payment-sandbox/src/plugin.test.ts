import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { paymentSandbox } from './plugin.ts';
import { createSandboxState } from './state.ts';
import { accessToken, basicAuth, orderBody } from './test-helpers.ts';

async function hostWithTwoSandboxes() {
  const app = Fastify({ logger: false });
  await app.register(paymentSandbox, { prefix: '/one', publicUrl: 'http://localhost:3000/one' });
  await app.register(paymentSandbox, { prefix: '/two', publicUrl: 'http://localhost:3000/two' });
  app.post('/api/echo', async (request) => ({ body: request.body ?? null }));
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

async function tokenAt(app: Awaited<ReturnType<typeof hostWithTwoSandboxes>>, prefix: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `${prefix}/v1/oauth2/token`,
    headers: {
      authorization: basicAuth('sandbox-client-id', 'sandbox-client-secret'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  return response.json<{ access_token: string }>().access_token;
}

describe('paymentSandbox registered with options', () => {
  it('builds its links from publicUrl', async () => {
    const app = await hostWithTwoSandboxes();
    const token = await tokenAt(app, '/one');
    const response = await app.inject({
      method: 'POST',
      url: '/one/v2/checkout/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: orderBody(),
    });
    const { id, links } = response.json<{ id: string; links: { href: string; rel: string }[] }>();
    expect(links.find((link) => link.rel === 'payer-action')?.href).toBe(`http://localhost:3000/one/checkoutnow?token=${id}`);
  });

  it('keeps two instances apart: a token or an order of one is unknown to the other', async () => {
    const app = await hostWithTwoSandboxes();
    const tokenOne = await tokenAt(app, '/one');
    const tokenTwo = await tokenAt(app, '/two');
    expect(tokenTwo).not.toBe(tokenOne);
    const refused = await app.inject({
      method: 'GET',
      url: '/two/v2/checkout/orders/ANY',
      headers: { authorization: `Bearer ${tokenOne}` },
    });
    expect(refused.statusCode).toBe(401);
    const created = await app.inject({
      method: 'POST',
      url: '/one/v2/checkout/orders',
      headers: { authorization: `Bearer ${tokenOne}` },
      payload: orderBody(),
    });
    const orderId = created.json<{ id: string }>().id;
    const elsewhere = await app.inject({
      method: 'GET',
      url: `/two/v2/checkout/orders/${orderId}`,
      headers: { authorization: `Bearer ${tokenTwo}` },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/two/checkoutnow?token=${orderId}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/one/checkoutnow?token=${orderId}` })).statusCode).toBe(200);
  });

  it('keeps separate states when the same options are registered twice', async () => {
    const first = createSandboxState({ publicUrl: 'http://localhost:3000/sandbox' });
    const second = createSandboxState({ publicUrl: 'http://localhost:3000/sandbox' });
    const app = Fastify({ logger: false });
    await app.register(paymentSandbox, { prefix: '/a', state: first });
    await app.register(paymentSandbox, { prefix: '/b', state: second });
    onTestFinished(() => app.close());
    await app.inject({
      method: 'POST',
      url: '/a/v1/oauth2/token',
      headers: {
        authorization: basicAuth('sandbox-client-id', 'sandbox-client-secret'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(first.tokens.size).toBe(1);
    expect(second.tokens.size).toBe(0);
  });

  it('leaves the host’s own body parsing and errors alone', async () => {
    const app = await hostWithTwoSandboxes();
    const emptyJson = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(emptyJson.statusCode).toBe(400);
    expect(emptyJson.json()).toMatchObject({ code: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
    const form = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
  });

  it('refuses a publicUrl that is not an absolute http(s) URL', async () => {
    expect(() => createSandboxState({ publicUrl: '/sandbox' })).toThrow(/absolute URL/);
    const app = Fastify({ logger: false });
    onTestFinished(() => app.close());
    await expect(app.register(paymentSandbox, { prefix: '/sandbox', publicUrl: 'ftp://example.test' })).rejects.toThrow(/http/);
  });

  it('uses the token helper’s default credentials', async () => {
    const app = Fastify({ logger: false });
    await app.register(paymentSandbox, { prefix: '/sandbox', publicUrl: 'http://localhost:3000/sandbox/' });
    onTestFinished(() => app.close());
    expect(await accessToken(app)).toMatch(/^A21AA/);
  });
});
