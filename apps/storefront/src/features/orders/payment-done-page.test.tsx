import { ORDER_ID, aProductList } from '@store/api-fake';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

// The visit starts on the home page, which lists the newest products.
setupShopApi({ listProducts: aProductList([]) });
beforeEach(resetShop);
afterEach(resetShop);

describe('the /payment-success page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows the payment handed over in the navigation state, with a link to the order', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('banner');

    await router.navigate({ to: '/payment-success', state: { payment: { orderId: ORDER_ID, total: 39.98, guest: true } } });

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Your payment for order #abcdef12 of $39.98 was received');
    expect(screen.getByRole('link', { name: 'View Order' })).toHaveAttribute('href', `/order-success/${ORDER_ID}`);
  });

  it('says it in general words, with links to the account and products, when opened directly', async () => {
    renderApp('/payment-success');

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });
});
