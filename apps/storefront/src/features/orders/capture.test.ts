import { setupFakeApi } from '@store/api-fake';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPTURED_PAYMENTS_KEY, captureOnce } from './capture.ts';

const api = setupFakeApi();

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('captureOnce', () => {
  it('sends one capture for calls made at the same time, as React does twice in development', async () => {
    api.on('paypalCaptureOrder', { success: true, capture_id: 'CAP1' });

    const outcomes = await Promise.all([captureOnce('PAYPALORDER1'), captureOnce('PAYPALORDER1')]);

    expect(outcomes).toEqual([{ fresh: true }, { fresh: true }]);
    expect(api.calls('paypalCaptureOrder').map((call) => call.url.pathname)).toEqual(['/api/paypal/capture-order/PAYPALORDER1']);
  });

  it('skips the call after a reload of the tab that captured', async () => {
    api.on('paypalCaptureOrder', { success: true, capture_id: 'CAP1' });
    await captureOnce('PAYPALORDER2');

    expect(await captureOnce('PAYPALORDER2')).toEqual({ fresh: false });
    expect(api.calls('paypalCaptureOrder')).toHaveLength(1);
    expect(JSON.parse(window.sessionStorage.getItem(CAPTURED_PAYMENTS_KEY)!)).toEqual(['PAYPALORDER2']);
  });

  it('lets a failed capture be tried again', async () => {
    api.once('paypalCaptureOrder', api.error(409, 'The payment has not been approved at PayPal yet', 'payment_not_approved'));
    api.on('paypalCaptureOrder', { success: true, capture_id: 'CAP1' });

    await expect(captureOnce('PAYPALORDER3')).rejects.toMatchObject({ status: 409 });
    expect(await captureOnce('PAYPALORDER3')).toEqual({ fresh: true });
  });

  it('treats an answer that says the capture did not succeed as a failure', async () => {
    api.on('paypalCaptureOrder', { success: false, error: 'Declined' });

    await expect(captureOnce('PAYPALORDER4')).rejects.toThrow('Declined');
    expect(window.sessionStorage.getItem(CAPTURED_PAYMENTS_KEY)).toBeNull();
  });
});
