import { api } from '../../lib/api.ts';

/** PayPal orders this tab has captured: a reload of the return page then only reads the order. */
export const CAPTURED_PAYMENTS_KEY = 'keyvault_captured_payments';

function readCaptured(): string[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(CAPTURED_PAYMENTS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function markCaptured(paypalOrderId: string): void {
  try {
    window.sessionStorage.setItem(CAPTURED_PAYMENTS_KEY, JSON.stringify([...readCaptured().slice(-19), paypalOrderId]));
  } catch {
    // Without storage a reload captures again, which the API answers idempotently.
  }
}

export interface CaptureOutcome {
  /** True when this call captured the payment; false when this tab had already done it (a reload). */
  fresh: boolean;
}

const inFlight = new Map<string, Promise<CaptureOutcome>>();

/**
 * Captures an approved PayPal order once per tab: React's double effects share one request, a reload
 * skips it. The API's capture is idempotent anyway (same request id, no second charge or delivery);
 * this only saves the round trip and a second success message.
 */
export function captureOnce(paypalOrderId: string): Promise<CaptureOutcome> {
  if (readCaptured().includes(paypalOrderId)) return Promise.resolve({ fresh: false });
  let running = inFlight.get(paypalOrderId);
  if (!running) {
    running = api
      .paypalCaptureOrder({ params: { paypalOrderId } })
      .then((result) => {
        // The API answers failures with an error status; a `success: false` body is refused the same way.
        if (!result.success) throw new Error(result.error || 'PayPal did not complete the payment.');
        markCaptured(paypalOrderId);
        return { fresh: true };
      })
      .finally(() => inFlight.delete(paypalOrderId));
    inFlight.set(paypalOrderId, running);
  }
  return running;
}
