import { ORDER_ID, OTHER_PRODUCT_ID, PRODUCT_ID, USER_ID, aDeliveredOrder, aFreeOrder, anOrder, catalogueOf, vectorStudioPro as product } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { browser } from './browser.ts';
import { CHECKOUT_STORAGE_KEYS } from './checkout-storage.ts';

const PAYMENT_URL = 'http://127.0.0.1:3100/sandbox/checkoutnow?token=5O190127TN364715T';

beforeEach(() => {
  resetShop();
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(resetShop);

const api = setupShopApi();

/** A signed-in shopper at the checkout with two Vector Studio Pro; the order and the PayPal address are answered. */
function signedInCheckout() {
  signIn(api);
  api.on('listProducts', catalogueOf(product()));
  api.on('createOrder', anOrder({ user_id: USER_ID }));
  api.on('createPayment', { payment_url: PAYMENT_URL });
  cartStore.getState().add(product(), 2);
  renderApp('/checkout');
}

const payButton = () => screen.findByRole('button', { name: 'Pay with PayPal' });
const termsBox = () => screen.getByRole('checkbox', { name: /all sales of digital products are final/ });

describe('the signed-in checkout', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows the order, the account name and email, and links to the legal pages', async () => {
    signedInCheckout();

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Vector Studio Pro')).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('$39.98'));
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(details).toHaveTextContent('alice');
    expect(details).toHaveTextContent('alice@example.com');
    const terms = termsBox().closest('label')!;
    expect(within(terms).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(within(terms).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('keeps the pay button disabled until the terms are agreed', async () => {
    signedInCheckout();
    const user = userEvent.setup();

    const pay = await payButton();
    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    expect(pay).toBeDisabled();

    await user.click(termsBox());
    expect(pay).toBeEnabled();
    await user.click(termsBox());
    expect(pay).toBeDisabled();
  });

  it('offers PayPal, chosen, and shows crypto and card as Coming Soon that cannot be chosen', async () => {
    signedInCheckout();
    const user = userEvent.setup();

    const paypal = await screen.findByRole('radio', { name: /PayPal/ });
    const crypto = screen.getByRole('radio', { name: /Crypto \(CoinGate\)/ });
    const card = screen.getByRole('radio', { name: /^Card/ });
    expect(paypal).toBeChecked();
    expect(crypto).toBeDisabled();
    expect(card).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Payment method' })).getAllByText('Coming Soon')).toHaveLength(2);

    await user.click(crypto);
    expect(paypal).toBeChecked();
    expect(crypto).not.toBeChecked();
  });

  it('creates the order, asks for the PayPal address, keeps the pending order and sends the browser there', async () => {
    signedInCheckout();
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());

    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(PAYMENT_URL));
    const [created] = api.calls('createOrder');
    expect(created?.body).toEqual({ items: [{ product_id: PRODUCT_ID, quantity: 2 }], payment_method: 'paypal' });
    expect(created?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(api.calls('createPayment')[0]?.query.order_id).toBe(ORDER_ID);
    expect(await screen.findByText('Redirecting to PayPal...')).toBeInTheDocument();
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBe(ORDER_ID);
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderTotal)).toBe('39.98');
    // The cart stays until the payment is captured.
    expect(cartStore.getState().items).toHaveLength(1);
    expect(await payButton()).toBeDisabled();
  });

  it("shows the server's reason when the order cannot be created, such as stock running out", async () => {
    signedInCheckout();
    api.on('createOrder', api.error(409, 'Only 1 left of "Vector Studio Pro"', 'out_of_stock'));
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of "Vector Studio Pro"');
    expect(screen.getAllByText('Only 1 left of "Vector Studio Pro"').length).toBeGreaterThanOrEqual(2);
    expect(browser.assign).not.toHaveBeenCalled();
    expect(await payButton()).toBeEnabled();
  });

  it('says the order failed in general words when the server gives no reason', async () => {
    signedInCheckout();
    api.on('createOrder', api.error(500, 'Internal Server Error', 'internal_error'));
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create order. Please try again.');
  });

  it('reports a failed PayPal payment and, on retry, pays the order already created', async () => {
    signedInCheckout();
    api.once('createPayment', api.error(502, 'PayPal order creation failed', 'paypal_error'));
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());

    expect(await screen.findByText('Failed to create PayPal order')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('PayPal order creation failed');

    await user.click(await payButton());
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.calls('createOrder')).toHaveLength(1);
  });

  it('shows why the payment cannot start while other checkouts hold the last units, and pays the same order on the next click', async () => {
    signedInCheckout();
    const held = 'Every unit of "Vector Studio Pro" left is in another buyer\'s checkout right now. Units not paid for are back on sale from about 14:32 UTC: please try again then.';
    api.once('createPayment', api.error(409, held, 'held_by_other_buyers'));
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(held);
    expect(browser.assign).not.toHaveBeenCalled();

    await user.click(await payButton());
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.calls('createOrder')).toHaveLength(1);
    expect(api.calls('createPayment')).toHaveLength(2);
  });

  it('places a new order on the next click when the payment cannot start because the units were sold', async () => {
    signedInCheckout();
    api.once('createPayment', api.error(409, '"Vector Studio Pro" is out of stock', 'out_of_stock'));
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('"Vector Studio Pro" is out of stock');

    await user.click(await payButton());
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(api.calls('createOrder')).toHaveLength(2);
  });

  it('refuses a payment address that is not a web address', async () => {
    signedInCheckout();
    api.on('createPayment', { payment_url: 'javascript:alert(1)' });
    const user = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await user.click(termsBox());
    await user.click(await payButton());

    expect(await screen.findByText('Payment creation failed')).toBeInTheDocument();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('shows the empty state with a link to the products when the cart is empty', async () => {
    signIn(api);
    renderApp('/checkout');

    expect(await screen.findByRole('heading', { name: 'Cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('offers Get it free for a $0 cart: places a free order without PayPal, empties the cart and shows the goods', async () => {
    const free = product({ price: 0 });
    const placed = aFreeOrder({ user_id: USER_ID });
    signIn(api);
    api.on('listProducts', catalogueOf(free));
    api.on('createOrder', placed);
    api.on('getMyOrder', placed);
    cartStore.getState().add(free, 2);
    const { router } = renderApp('/checkout');
    const shopper = userEvent.setup();

    const getItFree = await screen.findByRole('button', { name: 'Get it free' });
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /PayPal/ })).toBeNull();
    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    // The terms rule stays: nothing is placed before they are agreed.
    expect(getItFree).toBeDisabled();
    await shopper.click(termsBox());
    await shopper.click(getItFree);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/payment/success/${ORDER_ID}`));
    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeInTheDocument();
    const goods = screen.getByRole('region', { name: 'Your products' });
    expect(within(goods).getByText('AAAA-1111-BBBB')).toBeInTheDocument();
    expect(within(goods).getByRole('link', { name: 'Download course-bundle.zip' })).toBeInTheDocument();
    expect(api.calls('createOrder').map((call) => call.body)).toEqual([{ items: [{ product_id: PRODUCT_ID, quantity: 2 }], payment_method: 'free' }]);
    expect(api.calls('createPayment')).toHaveLength(0);
    expect(browser.assign).not.toHaveBeenCalled();
    expect(cartStore.getState().items).toEqual([]);
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBeNull();
  });

  it('keeps Pay with PayPal for a cart with a free line and a paid one', async () => {
    signIn(api);
    api.on('listProducts', catalogueOf(product(), product({ id: OTHER_PRODUCT_ID, title: 'Free Template', price: 0 })));
    cartStore.getState().add(product(), 1);
    cartStore.getState().add(product({ id: OTHER_PRODUCT_ID, title: 'Free Template', price: 0 }), 1);
    renderApp('/checkout');

    expect(await payButton()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Get it free' })).toBeNull();
  });

  it("shows the server's reason when the order turns out not to be free", async () => {
    const free = product({ price: 0 });
    signIn(api);
    api.on('listProducts', catalogueOf(free));
    api.on('createOrder', api.error(400, 'This order is not free: please pay with PayPal', 'order_not_free'));
    cartStore.getState().add(free, 1);
    renderApp('/checkout');
    const shopper = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await shopper.click(termsBox());
    await shopper.click(await screen.findByRole('button', { name: 'Get it free' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This order is not free: please pay with PayPal');
    expect(cartStore.getState().items).toHaveLength(1);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the shopper already has unpaid orders waiting", async () => {
    const detail = 'You already have unpaid orders waiting. Complete or cancel them, or wait a few minutes, before placing another.';
    signedInCheckout();
    api.on('createOrder', api.error(429, detail, 'too_many_unpaid_orders'));
    const shopper = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await shopper.click(termsBox());
    await shopper.click(await payButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('goes to the order without PayPal when the server completes an order it priced at $0', async () => {
    const placed = aFreeOrder({ user_id: USER_ID });
    signedInCheckout();
    api.on('createOrder', placed);
    api.on('getMyOrder', placed);
    const shopper = userEvent.setup();

    await waitFor(() => expect(screen.queryByText('Checking current prices…')).toBeNull());
    await shopper.click(termsBox());
    await shopper.click(await payButton());

    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeInTheDocument();
    expect(api.calls('createPayment')).toHaveLength(0);
    expect(cartStore.getState().items).toEqual([]);
  });

  it('sends the discount code, and a code the server prices at $0 makes the order free', async () => {
    cartStore.getState().setDiscountCode('FREEBIE');
    api.on('previewDiscount', { code: 'FREEBIE', amount: 39.98, subtotal: 39.98, total: 0 });
    signedInCheckout();
    const placed = aDeliveredOrder({ user_id: USER_ID, payment_method: 'free', payment_id: null, total_amount: 0, discount: { code: 'FREEBIE', amount: 44.98 } });
    api.on('createOrder', placed);
    api.on('getMyOrder', placed);
    const user = userEvent.setup();
    const getItFree = await screen.findByRole('button', { name: 'Get it free' });
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$0'));
    await user.click(termsBox());
    await user.click(getItFree);

    expect(await screen.findByRole('heading', { name: 'Order Complete!' })).toBeInTheDocument();
    expect(api.calls('createOrder')[0]?.body).toMatchObject({ discount_code: 'FREEBIE' });
    // The order's page shows the lines, the code's discount and the $0 total.
    expect(screen.getByText('Discount (FREEBIE)')).toBeInTheDocument();
    expect(screen.getByTestId('discount-amount')).toHaveTextContent('−$44.98');
    await waitFor(() => expect(cartStore.getState().items).toHaveLength(0));
    expect(cartStore.getState().discountCode).toBeNull();
    expect(browser.assign).not.toHaveBeenCalled();
  });
});
