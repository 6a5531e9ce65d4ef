import { OTHER_PRODUCT_ID, PRODUCT_ID, USER_ID, anOrder, catalogueOf, vectorStudioPro as product } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { APPROVE_URL, aCreatedSubscription, aSubscriptionProduct } from '../../test/subscriptions.ts';
import { browser } from '../checkout/browser.ts';
import { cartStore } from './cart-store.ts';

const api = setupShopApi();
beforeEach(() => {
  resetShop();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(resetShop);

const aurora = aSubscriptionProduct({ id: OTHER_PRODUCT_ID });

/** A cart of two Vector Studio Pro and the Aurora AI Writer subscription, added from the product cards. */
function mixedCart() {
  api.on('listProducts', catalogueOf(product(), aurora));
  cartStore.getState().add(product(), 2);
  cartStore.getState().add(aurora);
}

const subscriptionsSection = () => screen.findByRole('region', { name: 'Subscriptions' });

describe('a subscription in the cart', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('stands apart from the order, which totals only the other lines, and says it is subscribed to separately', async () => {
    mixedCart();
    renderApp('/cart');

    const subscriptions = await subscriptionsSection();
    expect(within(subscriptions).getByText('Aurora AI Writer')).toBeInTheDocument();
    expect(within(subscriptions).getByText(/not part of the checkout below: subscribe to it separately/)).toBeInTheDocument();
    expect(within(subscriptions).getByRole('button', { name: 'Subscribe to Aurora AI Writer' })).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Items in your cart' });
    expect(within(order).queryByText('Aurora AI Writer')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$39.98'));
    expect(screen.getByText('Subtotal (2 items)')).toBeInTheDocument();
  });

  it('subscribes a signed-in shopper from the cart, on its own', async () => {
    signIn(api);
    mixedCart();
    api.on('createSubscription', aCreatedSubscription());
    const user = userEvent.setup();
    renderApp('/cart');

    await user.click(within(await subscriptionsSection()).getByRole('button', { name: 'Subscribe to Aurora AI Writer' }));

    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(APPROVE_URL));
    expect(api.calls('createSubscription').map((call) => call.body)).toEqual([{ product_id: OTHER_PRODUCT_ID }]);
  });

  it('asks a guest to sign in first, coming back to the cart', async () => {
    mixedCart();
    const user = userEvent.setup();
    renderApp('/cart');

    await user.click(within(await subscriptionsSection()).getByRole('button', { name: 'Subscribe to Aurora AI Writer' }));

    expect(await screen.findByRole('link', { name: 'Sign in to subscribe' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
    expect(api.calls('createSubscription')).toHaveLength(0);
    expect(cartStore.getState().items).toHaveLength(2);
  });

  it('shows no order summary when the cart holds only the subscription', async () => {
    api.on('listProducts', catalogueOf(aurora));
    cartStore.getState().add(aurora);
    renderApp('/cart');

    expect(await subscriptionsSection()).toHaveTextContent('A subscription is billed by PayPal on its own: subscribe to it here.');
    expect(screen.queryByRole('heading', { name: 'Order Summary' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Checkout/ })).toBeNull();
  });

  it('is never sent in an order: the checkout orders the other lines only', async () => {
    signIn(api);
    mixedCart();
    api.on('createOrder', anOrder({ user_id: USER_ID }));
    api.on('createPayment', { payment_url: 'http://127.0.0.1:3100/sandbox/checkoutnow?token=5O190127TN364715T' });
    const user = userEvent.setup();
    renderApp('/checkout');

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).queryByText('Aurora AI Writer')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /all sales of digital products are final/ }));
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));

    await waitFor(() => expect(browser.assign).toHaveBeenCalled());
    expect(api.calls('createOrder').map((call) => call.body.items)).toEqual([[{ product_id: PRODUCT_ID, quantity: 2 }]]);
  });

  it('sends a checkout of only subscriptions back to the cart', async () => {
    signIn(api);
    api.on('listProducts', catalogueOf(aurora));
    cartStore.getState().add(aurora);
    renderApp('/checkout');

    expect(await screen.findByRole('heading', { name: 'Nothing to check out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
  });
});
