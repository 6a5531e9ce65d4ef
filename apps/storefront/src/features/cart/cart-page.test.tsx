import { OTHER_PRODUCT_ID, PRODUCT_ID, catalogueOf, vectorStudioPro as product } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from './cart-store.ts';

const api = setupShopApi();
beforeEach(resetShop);
afterEach(resetShop);

const total = () => screen.getByTestId('cart-total').textContent;

describe('the cart page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('says the cart is empty and links to the products', async () => {
    renderApp('/cart');

    expect(await screen.findByRole('heading', { name: 'Cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('raises and lowers a quantity, never below 1 from the controls, and removes a line', async () => {
    api.on('listProducts', catalogueOf(product()));
    cartStore.getState().add(product(), 1);
    const user = userEvent.setup();
    renderApp('/cart');

    const decrease = await screen.findByRole('button', { name: 'Decrease quantity of Vector Studio Pro' });
    const increase = screen.getByRole('button', { name: 'Increase quantity of Vector Studio Pro' });
    expect(decrease).toBeDisabled();

    await user.click(increase);
    await user.click(increase);
    expect(screen.getByRole('status', { name: 'Quantity of Vector Studio Pro' })).toHaveTextContent('3');
    await waitFor(() => expect(total()).toBe('$59.97'));
    expect(decrease).toBeEnabled();

    await user.click(decrease);
    await user.click(decrease);
    expect(cartStore.getState().items[0]?.quantity).toBe(1);
    expect(decrease).toBeDisabled();
    await user.click(decrease);
    expect(cartStore.getState().items[0]?.quantity).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Remove Vector Studio Pro' }));
    expect(await screen.findByRole('heading', { name: 'Cart is empty' })).toBeInTheDocument();
  });

  it('stops raising a quantity at 20 of one product, and every quantity at 100 units in all', async () => {
    const ids = ['a1', 'a2', 'a3', 'a4', 'a5'].map((suffix) => `11111111-1111-4111-8111-1111111111${suffix}`);
    const products = ids.map((id, index) => product({ id, title: `Tool ${index + 1}` }));
    api.on('listProducts', catalogueOf(...products));
    cartStore.getState().add(products[0]!, 20);
    for (const entry of products.slice(1)) cartStore.getState().add(entry, 19);
    const user = userEvent.setup();
    renderApp('/cart');

    expect(await screen.findByRole('button', { name: 'Increase quantity of Tool 1' })).toBeDisabled();
    const second = screen.getByRole('button', { name: 'Increase quantity of Tool 2' });
    expect(second).toBeEnabled();

    // 20 + 4 × 19 = 96 units: four more reach the order's limit of 100.
    for (const title of ['Tool 2', 'Tool 3', 'Tool 4', 'Tool 5'])
      await user.click(screen.getByRole('button', { name: `Increase quantity of ${title}` }));

    for (const title of ['Tool 2', 'Tool 3', 'Tool 4', 'Tool 5'])
      expect(screen.getByRole('button', { name: `Increase quantity of ${title}` })).toBeDisabled();
  });

  it('adds the line totals in whole cents, with the current prices of all lines read in one request', async () => {
    api.on('listProducts', catalogueOf(product({ price: 0.1 }), product({ id: OTHER_PRODUCT_ID, title: 'Other', price: 0.2 })));
    cartStore.getState().add(product({ price: 0.1 }), 1);
    cartStore.getState().add(product({ id: OTHER_PRODUCT_ID, title: 'Other', price: 0.2 }), 1);
    renderApp('/cart');

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    expect(total()).toBe('$0.30');
    const reads = api.calls('listProducts');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.query.ids?.split(',').sort()).toEqual([PRODUCT_ID, OTHER_PRODUCT_ID].sort());
    expect(api.calls('getProduct')).toHaveLength(0);
  });

  it('brings a stale stored price up to date and says so', async () => {
    api.on('listProducts', catalogueOf(product({ price: 24.5 })));
    cartStore.getState().add(product({ price: 19.99 }), 2);
    renderApp('/cart');

    expect(await screen.findByText('Prices updated…')).toBeInTheDocument();
    expect(screen.getByText(/Vector Studio Pro: now/)).toHaveTextContent('now $24.50 (was $19.99)');
    expect(total()).toBe('$49');
    expect(cartStore.getState().items[0]?.price).toBe(24.5);
  });

  it('drops a line whose product no longer exists, with a notice', async () => {
    // The catalogue no longer has Vector Studio Pro.
    api.on('listProducts', catalogueOf(product({ id: OTHER_PRODUCT_ID, title: 'Course Bundle', price: 5 })));
    cartStore.getState().add(product(), 1);
    cartStore.getState().add(product({ id: OTHER_PRODUCT_ID, title: 'Course Bundle', price: 5 }), 1);
    renderApp('/cart');

    expect(await screen.findByText('“Vector Studio Pro” is no longer available and was removed from your cart.')).toBeInTheDocument();
    expect(cartStore.getState().items.map((line) => line.id)).toEqual([OTHER_PRODUCT_ID]);
    expect(total()).toBe('$5');
  });

  it('offers a guest Guest Checkout, Login and Sign Up', async () => {
    api.on('listProducts', catalogueOf(product()));
    cartStore.getState().add(product(), 1);
    renderApp('/cart');

    expect(await screen.findByRole('link', { name: 'Guest Checkout' })).toHaveAttribute('href', '/guest-checkout');
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByRole('link', { name: 'Login' }).getAttribute('href')).toMatch(/^\/login/);
    expect(within(summary).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it('offers a signed-in shopper Proceed to Checkout', async () => {
    signIn(api);
    api.on('listProducts', catalogueOf(product()));
    cartStore.getState().add(product(), 1);
    renderApp('/cart');

    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('link', { name: 'Guest Checkout' })).toBeNull();
  });

  it('clears the cart after confirming', async () => {
    api.on('listProducts', catalogueOf(product()));
    cartStore.getState().add(product(), 2);
    const user = userEvent.setup();
    renderApp('/cart');

    await user.click(await screen.findByRole('button', { name: 'Clear cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear cart' }));

    expect(await screen.findByRole('heading', { name: 'Cart is empty' })).toBeInTheDocument();
    expect(cartStore.getState().items).toEqual([]);
    expect(window.localStorage.getItem('keyvault_cart')).toBeNull();
  });

  it('shows each line with its picture box, a link to the product and the unit price', async () => {
    api.on('listProducts', catalogueOf(product({ images: ['/uploads/vector.png'] })));
    cartStore.getState().add(product({ images: ['/uploads/vector.png'] }), 1);
    renderApp('/cart');

    const link = await screen.findByRole('link', { name: 'Vector Studio Pro' });
    expect(link).toHaveAttribute('href', `/products/${PRODUCT_ID}`);
    const image = document.querySelector('img[src$="/uploads/vector.png"]');
    expect(image).toHaveAttribute('width', '80');
    expect(image).toHaveAttribute('height', '80');
    expect(screen.getByText(/each/)).toHaveTextContent('$19.99 each');
  });
});
