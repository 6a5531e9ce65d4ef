import { ORDER_ID, PRODUCT_ID, aFreeOrder, anOrder, catalogueOf, vectorStudioPro as product } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { browser } from './browser.ts';
import { CHECKOUT_STORAGE_KEYS, readOrderAccessToken } from './checkout-storage.ts';

const PAYMENT_URL = 'http://127.0.0.1:3100/sandbox/checkoutnow?token=5O190127TN364715T';
const INVOICE = { email: 'guest@example.com', name: 'Gus Guest', address: '1 Road', city: 'Leeds', country: 'UK' };

const api = setupShopApi();

beforeEach(() => {
  resetShop();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(resetShop);

/** A guest at the checkout with two Vector Studio Pro; the order and the PayPal address are answered. */
function guestCheckout() {
  api.on('listProducts', catalogueOf(product()));
  api.on('createOrder', anOrder({ access_token: 'guest-access-token' }));
  api.on('createPayment', { payment_url: PAYMENT_URL });
  cartStore.getState().add(product(), 2);
  renderApp('/guest-checkout');
}

async function fillInvoice(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof INVOICE> = INVOICE) {
  const labels = { email: 'Email', name: 'Full name', address: 'Address', city: 'City', country: 'Country' } as const;
  for (const [field, value] of Object.entries(values) as [keyof typeof labels, string][]) {
    // Pasted rather than typed key by key: the same events for the form, far quicker in a busy test run.
    await user.click(screen.getByRole('textbox', { name: labels[field] }));
    await user.paste(value);
  }
}

const pay = () => screen.getByRole('button', { name: 'Pay with PayPal' });

describe('the guest checkout', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('has a labelled invoice field for each of email, full name, address, city and country, with autofill names', async () => {
    guestCheckout();

    const form = await screen.findByRole('form', { name: 'Guest checkout' });
    const expected = [
      ['Email', 'email'],
      ['Full name', 'name'],
      ['Address', 'street-address'],
      ['City', 'address-level2'],
      ['Country', 'country-name'],
    ] as const;
    for (const [label, autocomplete] of expected) {
      const field = within(form).getByRole('textbox', { name: label });
      expect(field).toHaveAttribute('autocomplete', autocomplete);
      expect(field).toBeRequired();
    }
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$39.98'));
  });

  it("shows the contract schema's messages and asks for the terms when submitted empty", async () => {
    guestCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(pay()).toBeEnabled());

    await user.click(pay());

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription('Full name is required');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription('Address is required');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription('City is required');
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveAccessibleDescription('Country is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(await screen.findAllByText('Please agree to the Terms of Service to proceed with payment')).not.toHaveLength(0);
    expect(api.calls('createOrder')).toHaveLength(0);
  });

  it('refuses a malformed email and blank text, and clears a message once the field is fixed', async () => {
    guestCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(pay()).toBeEnabled());
    await fillInvoice(user, { ...INVOICE, email: 'not-an-email', name: '   ' });

    await user.click(pay());
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription('Full name is required');

    await user.clear(email);
    await user.paste('guest@example.com');
    expect(email).not.toHaveAccessibleDescription();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('toasts the terms message when everything else is filled in', async () => {
    guestCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(pay()).toBeEnabled());
    await fillInvoice(user);

    await user.click(pay());

    expect((await screen.findAllByText('Please agree to the Terms of Service to proceed with payment')).length).toBe(2);
    expect(api.calls('createOrder')).toHaveLength(0);
  });

  it('creates the order with the invoice, saves what the return pages need and goes to PayPal', async () => {
    guestCheckout();
    const user = userEvent.setup();
    await waitFor(() => expect(pay()).toBeEnabled());
    await fillInvoice(user, { ...INVOICE, name: '  Gus Guest ' });
    await user.click(screen.getByRole('checkbox', { name: /all sales of digital products are final/ }));

    await user.click(pay());

    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.calls('createOrder')[0]?.body).toEqual({
      items: [{ product_id: PRODUCT_ID, quantity: 2 }],
      payment_method: 'paypal',
      invoice_data: INVOICE,
    });
    const stored = (key: string) => window.localStorage.getItem(key);
    expect(JSON.parse(stored(CHECKOUT_STORAGE_KEYS.guestOrderInfo)!)).toEqual(INVOICE);
    expect(JSON.parse(stored(CHECKOUT_STORAGE_KEYS.guestCartItems)!)).toEqual([
      expect.objectContaining({ id: PRODUCT_ID, quantity: 2, price: 19.99 }),
    ]);
    expect(stored(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBe(ORDER_ID);
    expect(stored(CHECKOUT_STORAGE_KEYS.pendingOrderTotal)).toBe('39.98');
    expect(readOrderAccessToken(ORDER_ID)).toBe('guest-access-token');
    expect(await screen.findByText('Redirecting to PayPal...')).toBeInTheDocument();
    expect(cartStore.getState().items).toHaveLength(1);
  });

  it('fills the form with the invoice used last time', async () => {
    window.localStorage.setItem(CHECKOUT_STORAGE_KEYS.guestOrderInfo, JSON.stringify(INVOICE));
    guestCheckout();

    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('guest@example.com');
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveValue('UK');
  });

  it('sends a signed-in shopper to the regular checkout', async () => {
    signIn(api);
    api.on('listProducts', catalogueOf(product()));
    cartStore.getState().add(product(), 1);
    renderApp('/guest-checkout');

    expect(await screen.findByRole('link', { name: 'Go to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('form', { name: 'Guest checkout' })).toBeNull();
  });

  it('shows the empty state when the cart is empty', async () => {
    renderApp('/guest-checkout');

    expect(await screen.findByRole('heading', { name: 'Cart is empty' })).toBeInTheDocument();
  });

  it('offers Get it free for a $0 cart: places a free order without PayPal, keeps its access token and shows the goods', async () => {
    const free = product({ price: 0 });
    api.on('listProducts', catalogueOf(free));
    api.on('createOrder', aFreeOrder({ access_token: 'free-order-token' }));
    api.on('getGuestOrder', ({ query }) => (query.token === 'free-order-token' ? aFreeOrder() : anOrder()));
    cartStore.getState().add(free, 2);
    const { router } = renderApp('/guest-checkout');
    const user = userEvent.setup();

    const getItFree = await screen.findByRole('button', { name: 'Get it free' });
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
    await waitFor(() => expect(getItFree).toBeEnabled());
    await fillInvoice(user);
    await user.click(screen.getByRole('checkbox', { name: /all sales of digital products are final/ }));
    await user.click(getItFree);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-success/${ORDER_ID}`));
    const goods = await screen.findByRole('region', { name: 'Your products' });
    expect(within(goods).getByText('CCCC-2222-DDDD')).toBeInTheDocument();
    expect(within(goods).getByRole('link', { name: 'Download course-bundle.zip' })).toBeInTheDocument();
    expect(api.calls('createOrder')[0]?.body).toEqual({
      items: [{ product_id: PRODUCT_ID, quantity: 2 }],
      payment_method: 'free',
      invoice_data: INVOICE,
    });
    expect(api.calls('createPayment')).toHaveLength(0);
    expect(browser.assign).not.toHaveBeenCalled();
    expect(readOrderAccessToken(ORDER_ID)).toBe('free-order-token');
    expect(cartStore.getState().items).toEqual([]);
    // Nothing is waiting for a payment: no pending order and no cart copy are kept.
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBeNull();
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.guestCartItems)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.guestOrderInfo)!)).toEqual(INVOICE);
  });

  it('still asks for the terms before a free order', async () => {
    const free = product({ price: 0 });
    api.on('listProducts', catalogueOf(free));
    api.on('createOrder', aFreeOrder());
    cartStore.getState().add(free, 1);
    renderApp('/guest-checkout');
    const user = userEvent.setup();

    const getItFree = await screen.findByRole('button', { name: 'Get it free' });
    await waitFor(() => expect(getItFree).toBeEnabled());
    await fillInvoice(user);
    await user.click(getItFree);

    expect((await screen.findAllByText('Please agree to the Terms of Service to proceed with payment')).length).toBe(2);
    expect(api.calls('createOrder')).toHaveLength(0);
  });

  it('sends the cart’s discount code with the order, shows the discounted total, and shows the server’s refusal keeping the form', async () => {
    cartStore.getState().setDiscountCode('SAVE10');
    api.on('previewDiscount', { code: 'SAVE10', amount: 4, subtotal: 39.98, total: 35.98 });
    guestCheckout();
    api.on('createOrder', { status: 400, detail: 'This discount code is not valid', code: 'discount_code_invalid' });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$35.98'));
    expect(screen.getByTestId('discount-amount')).toHaveTextContent('−$4.00');
    await fillInvoice(user);
    await user.click(screen.getByRole('checkbox', { name: /all sales of digital products are final/ }));

    await user.click(pay());

    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code is not valid');
    expect(api.calls('createOrder')[0]?.body).toEqual({
      items: [{ product_id: PRODUCT_ID, quantity: 2 }],
      payment_method: 'paypal',
      invoice_data: INVOICE,
      discount_code: 'SAVE10',
    });
    // The form stays as filled, and the shopper can drop the code and pay without it.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(INVOICE.email);
    expect(browser.assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    api.on('createOrder', anOrder({ access_token: 'guest-access-token' }));
    await user.click(pay());
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.calls('createOrder')[1]?.body).not.toHaveProperty('discount_code');
  });
});
