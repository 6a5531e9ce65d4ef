import { PRODUCT_ID, aProductList } from '@store/api-fake';
import type { Product } from '@store/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { APPROVE_URL, aCreatedSubscription, aSubscriptionProduct } from '../../test/subscriptions.ts';
import { cartStore } from '../cart/cart-store.ts';
import { browser } from '../checkout/browser.ts';

const api = setupShopApi();
beforeEach(() => {
  resetShop();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(resetShop);

function stubProduct(product: Product) {
  api.on('getProduct', product);
  api.on('listProducts', aProductList([product]));
}

const subscribeButton = () => screen.findByRole('button', { name: 'Subscribe to Aurora AI Writer' });

describe('a subscription on its product page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows the price per month, the free trial and Subscribe instead of Add to Cart', async () => {
    stubProduct(aSubscriptionProduct());
    renderApp(`/products/${PRODUCT_ID}`);

    expect(await subscribeButton()).toHaveTextContent(/^Subscribe$/);
    expect(screen.getByTestId('subscription-price')).toHaveTextContent('$19.99 / month');
    expect(screen.getByText('7-day free trial')).toBeInTheDocument();
    expect(screen.getByText('Cancel at any time')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it('shows a yearly price without a trial', async () => {
    stubProduct(aSubscriptionProduct({ price: 99, billing_interval: 'year', trial_days: 0 }));
    renderApp(`/products/${PRODUCT_ID}`);

    await subscribeButton();
    expect(screen.getByTestId('subscription-price')).toHaveTextContent('$99.00 / year');
    expect(screen.queryByText(/free trial/)).toBeNull();
  });

  it('subscribes a signed-in shopper and sends the browser to PayPal to approve', async () => {
    signIn(api);
    stubProduct(aSubscriptionProduct());
    api.on('createSubscription', aCreatedSubscription());
    const user = userEvent.setup();
    renderApp(`/products/${PRODUCT_ID}`);

    await user.click(await subscribeButton());

    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(APPROVE_URL));
    expect(api.calls('createSubscription').map((call) => call.body)).toEqual([{ product_id: PRODUCT_ID }]);
    expect(api.calls('createSubscription')[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(await screen.findByText('Redirecting to PayPal...')).toBeInTheDocument();
    // Leaving for PayPal: a second click starts nothing.
    expect(await subscribeButton()).toBeDisabled();
  });

  it('says why the store refused, and stays on the page', async () => {
    signIn(api);
    stubProduct(aSubscriptionProduct());
    api.on('createSubscription', api.error(409, 'You already subscribe to Aurora AI Writer', 'subscription_exists'));
    const user = userEvent.setup();
    renderApp(`/products/${PRODUCT_ID}`);

    await user.click(await subscribeButton());

    expect(await screen.findByText('You already subscribe to Aurora AI Writer')).toBeInTheDocument();
    expect(browser.assign).not.toHaveBeenCalled();
    expect(await subscribeButton()).toBeEnabled();
  });

  it('does not follow an approval address that is not http(s)', async () => {
    signIn(api);
    stubProduct(aSubscriptionProduct());
    api.on('createSubscription', aCreatedSubscription('javascript:alert(1)'));
    const user = userEvent.setup();
    renderApp(`/products/${PRODUCT_ID}`);

    await user.click(await subscribeButton());

    expect(await screen.findByText('PayPal answered without a valid approval address. Please try again.')).toBeInTheDocument();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('asks a guest to sign in or register first, coming back to the product, and leaves the cart as it is', async () => {
    stubProduct(aSubscriptionProduct());
    const user = userEvent.setup();
    renderApp(`/products/${PRODUCT_ID}`);
    const cartBefore = cartStore.getState().items;

    await user.click(await subscribeButton());

    expect(await screen.findByText('Subscribing needs an account')).toBeInTheDocument();
    const back = encodeURIComponent(`/products/${PRODUCT_ID}`);
    expect(screen.getByRole('link', { name: 'Sign in to subscribe' })).toHaveAttribute('href', `/login?redirect=${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/register?redirect=${back}`);
    expect(api.calls('createSubscription')).toHaveLength(0);
    expect(cartStore.getState().items).toBe(cartBefore);
  });
});
