import { ORDER_ID, vectorStudioPro as product } from '@store/api-fake';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { CHECKOUT_STORAGE_KEYS, saveGuestCheckout, savePendingOrder } from '../checkout/checkout-storage.ts';

const api = setupShopApi();
beforeEach(resetShop);
afterEach(resetShop);

describe('the payment cancelled page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('says the payment was cancelled, keeps the cart, and offers Try Again, Continue Shopping and Go Home', async () => {
    cartStore.getState().add(product(), 2);
    savePendingOrder({ orderId: ORDER_ID, total: 39.98 });
    saveGuestCheckout({ email: 'g@example.com', name: 'G', address: 'A', city: 'C', country: 'UK' }, cartStore.getState().items);

    renderApp(`/payment/cancel/${ORDER_ID}?token=5O190127TN364715T`);

    expect(await screen.findByRole('heading', { name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(await screen.findByText('PayPal payment was cancelled.')).toBeInTheDocument();
    expect(screen.getByText(/Your cart is saved with 2 items/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');

    expect(cartStore.getState().items).toEqual([expect.objectContaining({ id: product().id, quantity: 2 })]);
    expect(window.localStorage.getItem('keyvault_cart')).not.toBeNull();
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.guestCartItems)).not.toBeNull();
    expect(api.allCalls().filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
