import { describe, expect, it, onTestFinished } from 'vitest';
import { SANDBOX_CREDENTIALS } from './state.ts';
import { startPaymentSandbox } from './standalone.ts';

describe('startPaymentSandbox', () => {
  it('serves the whole PayPal flow and CoinGate over real HTTP on a free local port', async () => {
    const sandbox = await startPaymentSandbox();
    onTestFinished(() => sandbox.close());
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const tokenResponse = await fetch(`${sandbox.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.clientId}:${SANDBOX_CREDENTIALS.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

    const created = await fetch(`${sandbox.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { ...headers, 'PayPal-Request-Id': 'standalone-1' },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: 'order-7', amount: { currency_code: 'USD', value: '12.50' } }],
        payment_source: {
          paypal: { experience_context: { return_url: 'http://127.0.0.1:5173/return', cancel_url: 'http://127.0.0.1:5173/cancel' } },
        },
      }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { id: string; links: { rel: string; href: string }[] };
    const payerAction = order.links.find((link) => link.rel === 'payer-action')?.href ?? '';
    expect(payerAction).toBe(`${sandbox.url}/checkoutnow?token=${order.id}`);

    const page = await fetch(payerAction);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$12.50');

    const approved = await fetch(`${sandbox.url}/checkoutnow/${order.id}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:5173/return\\?token=${order.id}&PayerID=[A-Z0-9]{13}$`),
    );

    const captured = await fetch(`${sandbox.url}/v2/checkout/orders/${order.id}/capture`, { method: 'POST', headers });
    expect(captured.status).toBe(201);
    expect(await captured.json()).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [
        { payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '12.50' }, custom_id: 'order-7' }] } },
      ],
    });
    expect(sandbox.state.orders.get(order.id)?.status).toBe('COMPLETED');

    const coingate = await fetch(`${sandbox.url}/coingate/v2/auth/test`, {
      headers: { Authorization: `Token ${SANDBOX_CREDENTIALS.coingateKey}` },
    });
    expect(coingate.status).toBe(200);
    expect(await coingate.json()).toBe(true);
  });

  it('builds links from the publicUrl given instead of its own address', async () => {
    const sandbox = await startPaymentSandbox({ publicUrl: 'https://pay.example.test/sandbox/' });
    onTestFinished(() => sandbox.close());
    expect(sandbox.state.config.publicUrl).toBe('https://pay.example.test/sandbox');
  });

  it('stops listening on close', async () => {
    const sandbox = await startPaymentSandbox();
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/coingate/v2/auth/test`)).rejects.toThrow();
  });
});
