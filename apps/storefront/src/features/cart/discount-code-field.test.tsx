import { PRODUCT_ID, catalogueOf, vectorStudioPro as product } from '@store/api-fake';
import { DISCOUNT_CODE_STORAGE_KEY } from '@store/cart-core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from './cart-store.ts';

const api = setupShopApi();
beforeEach(resetShop);
afterEach(resetShop);

const total = () => screen.getByTestId('cart-total').textContent;
const codeField = () => screen.findByRole('textbox', { name: 'Discount code' });

/** A cart of two Vector Studio Pro ($39.98). */
function cartOfTwo() {
  api.on('listProducts', catalogueOf(product()));
  cartStore.getState().add(product(), 2);
  renderApp('/cart');
}

describe('the cart’s discount code', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('applies a code the server accepts: the discount line and the new total are the server’s, and the code is kept', async () => {
    api.on('previewDiscount', ({ body }) => ({ code: body.code, amount: 4, subtotal: 39.98, total: 35.98 }));
    cartOfTwo();
    const user = userEvent.setup();
    await user.type(await codeField(), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByTestId('cart-discount')).toHaveTextContent('−$4.00');
    expect(screen.getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(total()).toBe('$35.98');
    expect(api.calls('previewDiscount')[0]?.body).toEqual({ code: 'SAVE10', items: [{ product_id: PRODUCT_ID, quantity: 2 }] });
    expect(cartStore.getState().discountCode).toBe('SAVE10');
    expect(window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBe('SAVE10');
    expect(screen.getByTestId('discount-code')).toHaveTextContent('SAVE10');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(cartStore.getState().discountCode).toBeNull();
    expect(screen.queryByTestId('cart-discount')).toBeNull();
    await waitFor(() => expect(total()).toBe('$39.98'));
  });

  it('shows the server’s reason for a refused code and keeps no code', async () => {
    api.on('previewDiscount', { status: 400, detail: 'This discount code is not valid', code: 'discount_code_invalid' });
    cartOfTwo();
    const user = userEvent.setup();
    await user.type(await codeField(), 'NOPE123');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('This discount code is not valid')).toBeInTheDocument();
    expect(await codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(cartStore.getState().discountCode).toBeNull();
    expect(screen.queryByTestId('cart-discount')).toBeNull();
  });

  it('refuses text that cannot be a code without asking the server', async () => {
    cartOfTwo();
    const user = userEvent.setup();
    await user.type(await codeField(), 'no way!');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('A discount code is 3 to 32 letters, digits, dashes or underscores')).toBeInTheDocument();
    expect(api.calls('previewDiscount')).toHaveLength(0);
  });

  it('says why a kept code no longer applies when the cart changes, and keeps the plain total', async () => {
    api.on('previewDiscount', {
      status: 400,
      detail: 'This discount code needs an order of at least $50.00',
      code: 'discount_code_min_order',
    });
    cartStore.getState().setDiscountCode('BIG50');
    cartOfTwo();

    expect(await screen.findByText('This discount code needs an order of at least $50.00')).toBeInTheDocument();
    expect(screen.getByText(/does not apply/)).toBeInTheDocument();
    expect(screen.queryByTestId('cart-discount')).toBeNull();
    await waitFor(() => expect(total()).toBe('$39.98'));
  });
});
