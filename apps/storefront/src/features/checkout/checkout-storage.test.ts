import { aCartLine } from '@store/api-fake';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_STORAGE_KEYS,
  MAX_STORED_ORDER_TOKENS,
  clearPendingOrder,
  readGuestOrderInfo,
  readOrderAccessToken,
  readPendingOrder,
  saveGuestCheckout,
  saveOrderAccessToken,
  savePendingOrder,
} from './checkout-storage.ts';

afterEach(() => window.localStorage.clear());

describe('checkout storage', () => {
  it("keeps the pending order under the spec's keys until it is cleared", () => {
    savePendingOrder({ orderId: 'order-1', total: 40 });
    saveGuestCheckout({ email: 'g@example.com', name: 'G', address: 'A', city: 'C', country: 'UK' }, [aCartLine()]);

    expect(window.localStorage.getItem('pending_order_id')).toBe('order-1');
    expect(window.localStorage.getItem('pending_order_total')).toBe('40.00');
    expect(JSON.parse(window.localStorage.getItem('guest_cart_items')!)).toEqual([aCartLine()]);
    expect(readPendingOrder()).toEqual({ orderId: 'order-1', total: 40 });

    clearPendingOrder();
    expect(readPendingOrder()).toBeNull();
    expect(window.localStorage.getItem('pending_order_total')).toBeNull();
    expect(window.localStorage.getItem('guest_cart_items')).toBeNull();
    // The invoice stays, to fill the form next time.
    expect(readGuestOrderInfo()).toMatchObject({ email: 'g@example.com' });
  });

  it('keeps an access token per order, the newest ones only', () => {
    for (let index = 0; index < MAX_STORED_ORDER_TOKENS + 2; index += 1) saveOrderAccessToken(`order-${index}`, `token-${index}`);

    expect(readOrderAccessToken('order-0')).toBeNull();
    expect(readOrderAccessToken('order-1')).toBeNull();
    expect(readOrderAccessToken('order-2')).toBe('token-2');
    expect(readOrderAccessToken(`order-${MAX_STORED_ORDER_TOKENS + 1}`)).toBe(`token-${MAX_STORED_ORDER_TOKENS + 1}`);
  });

  it('ignores and removes corrupt stored values', () => {
    window.localStorage.setItem(CHECKOUT_STORAGE_KEYS.guestOrderTokens, '{not json');
    window.localStorage.setItem(CHECKOUT_STORAGE_KEYS.guestOrderInfo, JSON.stringify({ email: 42, name: 'Only name', role: 'admin' }));

    expect(readOrderAccessToken('order-1')).toBeNull();
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.guestOrderTokens)).toBeNull();
    expect(readGuestOrderInfo()).toEqual({ name: 'Only name' });
  });
});
