import { X509Certificate, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { crc32, signedString } from './webhook-signing.ts';
import { type WebhookEvent, captureEvent, deliverWebhook, orderApprovedEvent, replayWebhook } from './webhooks.ts';
import { PUBLIC_URL, accessToken, approvedOrder, build, postCapture } from './test-helpers.ts';

const WEBHOOK_ID = '8PT597110X687430LKGECATA';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: WebhookEvent;
  raw: string;
}

/** The store's webhook endpoint: records what arrives and answers with the given status. */
async function receiver(status = 200): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/webhooks/paypal', async (request, reply) => {
    const raw = String(request.body);
    received.push({ headers: request.headers, body: JSON.parse(raw) as WebhookEvent, raw });
    return reply.status(status).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/paypal`, received };
}

async function capturedSandbox() {
  const sandbox = await build();
  const token = await accessToken(sandbox.app);
  const orderId = await approvedOrder(sandbox.app, token);
  await postCapture(sandbox.app, token, orderId);
  const captureId = [...sandbox.state.captures.keys()][0] ?? 'missing';
  return { ...sandbox, token, orderId, captureId };
}

/** What the store sends to verify-webhook-signature for a received webhook. */
function verification(received: Received, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    auth_algo: received.headers['paypal-auth-algo'],
    cert_url: received.headers['paypal-cert-url'],
    transmission_id: received.headers['paypal-transmission-id'],
    transmission_sig: received.headers['paypal-transmission-sig'],
    transmission_time: received.headers['paypal-transmission-time'],
    webhook_id: WEBHOOK_ID,
    webhook_event: received.body,
    ...overrides,
  };
}

describe('deliverWebhook', () => {
  it('posts the PayPal envelope with the PayPal transmission headers', async () => {
    const { state, captureId, orderId } = await capturedSandbox();
    const store = await receiver();
    const delivery = await deliverWebhook(state, { url: store.url, webhookId: WEBHOOK_ID, ...captureEvent(state, captureId) });
    expect(delivery.status).toBe(200);
    const [received] = store.received;
    expect(received?.body).toEqual(delivery.event);
    expect(received?.body).toEqual({
      id: expect.stringMatching(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/),
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed for 49.97 USD',
      resource: expect.objectContaining({
        id: captureId,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '49.97' },
        supplementary_data: { related_ids: { order_id: orderId } },
      }),
      resource_version: '2.0',
      event_version: '1.0',
    });
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'paypal-transmission-id': delivery.transmission.id,
      'paypal-transmission-time': expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      'paypal-transmission-sig': expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      'paypal-cert-url': `${PUBLIC_URL}/v1/notifications/certs/CERT-sandbox`,
      'paypal-auth-algo': 'SHA256withRSA',
    });
    expect(state.transmissions.get(delivery.transmission.id)?.webhookId).toBe(WEBHOOK_ID);
  });

  it('builds CHECKOUT.ORDER.APPROVED with the order as resource', async () => {
    const sandbox = await build();
    const token = await accessToken(sandbox.app);
    const orderId = await approvedOrder(sandbox.app, token);
    const event = orderApprovedEvent(sandbox.state, orderId);
    expect(event).toMatchObject({
      eventType: 'CHECKOUT.ORDER.APPROVED',
      resourceType: 'checkout-order',
      resource: { id: orderId, status: 'APPROVED', intent: 'CAPTURE', payer: { email_address: 'sb-buyer@personal.example.com' } },
    });
  });

  it('reports the endpoint’s own status, so a failing endpoint can be retried', async () => {
    const { state, captureId } = await capturedSandbox();
    const store = await receiver(500);
    const delivery = await deliverWebhook({ state }, { url: store.url, webhookId: WEBHOOK_ID, ...captureEvent(state, captureId) });
    expect(delivery.status).toBe(500);
  });

  it('replays the same event with the same transmission', async () => {
    const { state, captureId } = await capturedSandbox();
    const store = await receiver();
    const delivery = await deliverWebhook(state, { url: store.url, webhookId: WEBHOOK_ID, ...captureEvent(state, captureId) });
    const replay = await replayWebhook(state, delivery);
    expect(replay).toEqual({ status: 200, event: delivery.event });
    const [first, second] = store.received;
    expect(second?.raw).toBe(first?.raw);
    expect(second?.headers['paypal-transmission-id']).toBe(first?.headers['paypal-transmission-id']);
    expect(second?.headers['paypal-transmission-sig']).toBe(first?.headers['paypal-transmission-sig']);
  });
});

describe('POST /v1/notifications/verify-webhook-signature', () => {
  async function deliveredSandbox() {
    const sandbox = await capturedSandbox();
    const store = await receiver();
    await deliverWebhook(sandbox.state, { url: store.url, webhookId: WEBHOOK_ID, ...captureEvent(sandbox.state, sandbox.captureId) });
    const received = store.received[0];
    if (!received) throw new Error('the webhook did not arrive');
    const verify = (body: unknown) =>
      sandbox.app.inject({
        method: 'POST',
        url: '/sandbox/v1/notifications/verify-webhook-signature',
        headers: { authorization: `Bearer ${sandbox.token}` },
        payload: body as Record<string, unknown>,
      });
    return { ...sandbox, received, verify };
  }

  it('answers SUCCESS for a delivered event sent back as received', async () => {
    const { verify, received } = await deliveredSandbox();
    const response = await verify(verification(received));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ verification_status: 'SUCCESS' });
  });

  it('answers FAILURE for a tampered event', async () => {
    const { verify, received } = await deliveredSandbox();
    const tampered = { ...received.body, resource: { ...received.body.resource, amount: { currency_code: 'USD', value: '0.01' } } };
    expect((await verify(verification(received, { webhook_event: tampered }))).json()).toEqual({ verification_status: 'FAILURE' });
  });

  it('answers FAILURE for an unknown transmission id', async () => {
    const { verify, received } = await deliveredSandbox();
    const response = await verify(verification(received, { transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55' }));
    expect(response.json()).toEqual({ verification_status: 'FAILURE' });
  });

  it('answers FAILURE for another webhook id or another signature', async () => {
    const { verify, received } = await deliveredSandbox();
    expect((await verify(verification(received, { webhook_id: 'OTHER-WEBHOOK' }))).json()).toEqual({ verification_status: 'FAILURE' });
    const forged = Buffer.from('forged').toString('base64');
    expect((await verify(verification(received, { transmission_sig: forged }))).json()).toEqual({ verification_status: 'FAILURE' });
  });

  it('refuses a request with missing fields as INVALID_REQUEST', async () => {
    const { verify, received } = await deliveredSandbox();
    const response = await verify(verification(received, { webhook_event: undefined, transmission_sig: undefined }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [
        { field: '/transmission_sig', issue: 'MISSING_REQUIRED_PARAMETER' },
        { field: '/webhook_event', issue: 'MISSING_REQUIRED_PARAMETER' },
      ],
    });
  });
});

describe('the webhook signature', () => {
  it('verifies offline with the certificate at PAYPAL-CERT-URL, over id|time|webhook id|crc32(body)', async () => {
    const { app, state, captureId } = await capturedSandbox();
    const store = await receiver();
    await deliverWebhook(state, { url: store.url, webhookId: WEBHOOK_ID, ...captureEvent(state, captureId) });
    const received = store.received[0];
    const certPath = new URL(String(received?.headers['paypal-cert-url'])).pathname;
    const certResponse = await app.inject({ method: 'GET', url: certPath });
    expect(certResponse.statusCode).toBe(200);
    const certificate = new X509Certificate(certResponse.body);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    const signed = signedString(
      String(received?.headers['paypal-transmission-id']),
      String(received?.headers['paypal-transmission-time']),
      WEBHOOK_ID,
      received?.raw ?? '',
    );
    const signature = Buffer.from(String(received?.headers['paypal-transmission-sig']), 'base64');
    expect(verify('sha256', Buffer.from(signed), certificate.publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from(`${signed}0`), certificate.publicKey, signature)).toBe(false);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });
});
