import { describe, expect, it } from 'vitest';
import { accessToken, approvedOrder, build, issuesOf, postCapture } from './test-helpers.ts';

async function capturedSandbox() {
  const sandbox = await build();
  const token = await accessToken(sandbox.app);
  const orderId = await approvedOrder(sandbox.app, token);
  const captured = (await postCapture(sandbox.app, token, orderId)).json<{
    purchase_units: { payments: { captures: { id: string }[] } }[];
  }>();
  const captureId = captured.purchase_units[0]?.payments.captures[0]?.id ?? 'missing';
  const refund = (payload?: unknown) =>
    sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/v2/payments/captures/${captureId}/refund`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    });
  return { ...sandbox, token, orderId, captureId, refund };
}

describe('POST /v2/payments/captures/{id}/refund', () => {
  it('refunds the whole capture with an empty body and marks the capture REFUNDED', async () => {
    const { refund, state, captureId } = await capturedSandbox();
    const response = await refund();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '49.97' },
    });
    expect(state.captures.get(captureId)?.status).toBe('REFUNDED');
  });

  it('refuses a second full refund, as CAPTURE_FULLY_REFUNDED', async () => {
    const { refund } = await capturedSandbox();
    expect((await refund()).statusCode).toBe(201);
    const again = await refund();
    expect(again.statusCode).toBe(422);
    expect(issuesOf(again)).toEqual(['CAPTURE_FULLY_REFUNDED']);
  });

  it('refunds part of a capture, then refuses more than what is left', async () => {
    const { refund, state, captureId } = await capturedSandbox();
    expect((await refund({ amount: { currency_code: 'USD', value: '40.00' } })).statusCode).toBe(201);
    expect(state.captures.get(captureId)?.status).toBe('PARTIALLY_REFUNDED');
    expect(issuesOf(await refund({ amount: { currency_code: 'USD', value: '10.00' } }))).toEqual(['REFUND_AMOUNT_EXCEEDED']);
    const rest = await refund();
    expect(rest.json()).toMatchObject({ amount: { value: '9.97' } });
  });

  it('shows the refunded capture on GET /v2/payments/captures/{id}', async () => {
    const { app, token, refund, captureId, orderId } = await capturedSandbox();
    await refund();
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/v2/payments/captures/${captureId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json()).toMatchObject({
      id: captureId,
      status: 'REFUNDED',
      links: expect.arrayContaining([expect.objectContaining({ rel: 'up', href: expect.stringContaining(orderId) })]),
    });
  });

  it('answers 404 for an unknown capture', async () => {
    const { app, token } = await capturedSandbox();
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox/v2/payments/captures/NOSUCHCAPTURE/refund',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(issuesOf(response)).toEqual(['INVALID_RESOURCE_ID']);
  });
});
