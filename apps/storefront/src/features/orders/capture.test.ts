import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { CAPTURED_PAYMENTS_KEY, captureOnce } from './capture.ts';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('captureOnce', () => {
  it('sends one capture for calls made at the same time, as React does twice in development', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ success: true, capture_id: 'CAP1' }));
    vi.stubGlobal('fetch', fetchMock);

    const outcomes = await Promise.all([captureOnce('PAYPALORDER1'), captureOnce('PAYPALORDER1')]);

    expect(outcomes).toEqual([{ fresh: true }, { fresh: true }]);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/paypal/capture-order/PAYPALORDER1');
  });

  it('skips the call after a reload of the tab that captured', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ success: true, capture_id: 'CAP1' }));
    vi.stubGlobal('fetch', fetchMock);
    await captureOnce('PAYPALORDER2');

    expect(await captureOnce('PAYPALORDER2')).toEqual({ fresh: false });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(JSON.parse(window.sessionStorage.getItem(CAPTURED_PAYMENTS_KEY)!)).toEqual(['PAYPALORDER2']);
  });

  it('lets a failed capture be tried again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ detail: 'The payment has not been approved at PayPal yet', code: 'payment_not_approved' }, 409))
      .mockResolvedValueOnce(jsonResponse({ success: true, capture_id: 'CAP1' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(captureOnce('PAYPALORDER3')).rejects.toMatchObject({ status: 409 });
    expect(await captureOnce('PAYPALORDER3')).toEqual({ fresh: true });
  });

  it('treats an answer that says the capture did not succeed as a failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, error: 'Declined' })));

    await expect(captureOnce('PAYPALORDER4')).rejects.toThrow('Declined');
    expect(window.sessionStorage.getItem(CAPTURED_PAYMENTS_KEY)).toBeNull();
  });
});
