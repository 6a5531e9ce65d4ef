import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SANDBOX_CREDENTIALS } from './state.ts';
import { accessToken, approvedOrder, build, postCapture } from './test-helpers.ts';
import type { WebhookEvent } from './webhooks.ts';

const WEBHOOK_ID = 'LOCAL-SANDBOX-WEBHOOK';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: WebhookEvent;
}

/** The store's webhook endpoint, on loopback: records what arrives. */
async function receiver(): Promise<{ origin: string; url: string; received: Received[] }> {
  const received: Received[] = [];
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/api/paypal/webhook', async (request) => {
    received.push({ headers: request.headers, body: JSON.parse(String(request.body)) as WebhookEvent });
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { origin, url: `${origin}/api/paypal/webhook`, received };
}

/** A sandbox mounted in the store at `origin` (its publicUrl there), with one captured payment. */
async function storeSandbox() {
  const store = await receiver();
  const sandbox = await build({
    publicUrl: `${store.origin}/sandbox`,
    clients: { [SANDBOX_CREDENTIALS.clientId]: SANDBOX_CREDENTIALS.clientSecret, other: 'other-secret' },
  });
  const token = await accessToken(sandbox.app);
  await postCapture(sandbox.app, token, await approvedOrder(sandbox.app, token));
  const captureId = [...sandbox.state.captures.keys()][0] ?? 'missing';
  const simulate = (payload: Record<string, unknown>, bearer = token) =>
    sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/v1/notifications/simulate-event',
      headers: { authorization: `Bearer ${bearer}` },
      payload,
    });
  return { ...sandbox, store, token, captureId, simulate };
}

describe('POST /v1/notifications/simulate-event', () => {
  it("delivers a signed dispute event about the caller's capture to the store, which PayPal's verification confirms", async () => {
    const { app, store, token, captureId, simulate } = await storeSandbox();

    const response = await simulate({
      url: store.url,
      webhook_id: WEBHOOK_ID,
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource: { capture_id: captureId, reason: 'UNAUTHORISED', dispute_id: 'PP-D-1234' },
    });

    expect(response.statusCode).toBe(202);
    const answer = response.json<WebhookEvent & { dispute_id: string; delivery_status: number }>();
    expect(answer).toMatchObject({ event_type: 'CUSTOMER.DISPUTE.CREATED', dispute_id: 'PP-D-1234', delivery_status: 200 });
    const [received] = store.received;
    // The answer is the event the store received, with the dispute's id and the store's HTTP status.
    expect({ ...received?.body, dispute_id: 'PP-D-1234', delivery_status: 200 }).toEqual(answer);
    expect(received?.body.resource).toMatchObject({
      dispute_id: 'PP-D-1234',
      reason: 'UNAUTHORISED',
      status: 'OPEN',
      disputed_transactions: [expect.objectContaining({ seller_transaction_id: captureId })],
    });
    const verified = await app.inject({
      method: 'POST',
      url: '/sandbox/v1/notifications/verify-webhook-signature',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        auth_algo: received?.headers['paypal-auth-algo'],
        cert_url: received?.headers['paypal-cert-url'],
        transmission_id: received?.headers['paypal-transmission-id'],
        transmission_sig: received?.headers['paypal-transmission-sig'],
        transmission_time: received?.headers['paypal-transmission-time'],
        webhook_id: WEBHOOK_ID,
        webhook_event: received?.body,
      },
    });
    expect(verified.json()).toEqual({ verification_status: 'SUCCESS' });
  });

  it('resolves a dispute with its outcome', async () => {
    const { store, captureId, simulate } = await storeSandbox();

    const response = await simulate({
      url: store.url,
      webhook_id: WEBHOOK_ID,
      event_type: 'CUSTOMER.DISPUTE.RESOLVED',
      resource: { capture_id: captureId, dispute_id: 'PP-D-1234', outcome: 'RESOLVED_SELLER_FAVOUR' },
    });

    expect(response.statusCode).toBe(202);
    expect(store.received[0]?.body.resource).toMatchObject({
      status: 'RESOLVED',
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
  });

  it('sends nothing to an address off its own host, for an event other than a dispute, or without a capture id', async () => {
    const { store, captureId, simulate } = await storeSandbox();
    const event = { webhook_id: WEBHOOK_ID, event_type: 'CUSTOMER.DISPUTE.CREATED', resource: { capture_id: captureId } };

    const elsewhere = await simulate({ ...event, url: 'http://127.0.0.1:9/api/paypal/webhook' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ field: '/url', issue: 'INVALID_PARAMETER_VALUE' }],
    });

    const other = await simulate({ ...event, url: store.url, event_type: 'PAYMENT.CAPTURE.REFUNDED' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ details: [{ field: '/event_type', issue: 'INVALID_PARAMETER_VALUE' }] });

    const noCapture = await simulate({ ...event, url: store.url, resource: {} });
    expect(noCapture.statusCode).toBe(400);
    expect(noCapture.json()).toMatchObject({ details: [{ field: '/resource/capture_id', issue: 'MISSING_REQUIRED_PARAMETER' }] });

    expect(store.received).toHaveLength(0);
  });

  it("answers 404 for a capture that is not the caller's, and 401 without a token", async () => {
    const { app, store, captureId, simulate } = await storeSandbox();
    const event = { url: store.url, webhook_id: WEBHOOK_ID, event_type: 'CUSTOMER.DISPUTE.CREATED', resource: { capture_id: captureId } };

    expect((await simulate(event, await accessToken(app, 'other', 'other-secret'))).statusCode).toBe(404);
    expect((await simulate({ ...event, resource: { capture_id: 'NOSUCHCAPTURE' } })).statusCode).toBe(404);
    expect((await simulate(event, 'not-a-token')).statusCode).toBe(401);
    expect(store.received).toHaveLength(0);
  });
});
