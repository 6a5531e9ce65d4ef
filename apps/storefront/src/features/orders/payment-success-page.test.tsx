import { ORDER_ID, USER_ID, aDeliveredOrder, anOrder, anOrderSummary, vectorStudioPro as product } from '@store/api-fake';
import { createShellApp } from '@store/shell';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createAppRouter } from '../../router.tsx';
import { shell } from '../../shell.ts';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { CHECKOUT_STORAGE_KEYS, saveOrderAccessToken, savePendingOrder } from '../checkout/checkout-storage.ts';
import { formatOrderDate } from './order-format.ts';
import { CAPTURE_MUTATION_KEY } from './payment-success-page.tsx';

const PAYPAL_ID = '5O190127TN364715T';
const RETURN_PATH = `/payment/success/${ORDER_ID}?token=${PAYPAL_ID}&PayerID=PAYER12345678`;

const api = setupShopApi();
const CAPTURED = { success: true, capture_id: 'CAPTURE123', order_id: ORDER_ID };

beforeEach(() => {
  resetShop();
  cartStore.getState().add(product(), 2);
  savePendingOrder({ orderId: ORDER_ID, total: 44.98 });
});
afterEach(resetShop);

describe('the payment success page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('captures the payment, shows the paid order with its keys and download, and only then empties the cart', async () => {
    saveOrderAccessToken(ORDER_ID, 'guest-access-token');
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', aDeliveredOrder());
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Paid')).toBeInTheDocument();
    expect(within(details).getByText('#abcdef12')).toBeInTheDocument();
    // The date and time is one <time>, styled not to break inside ("9:39 / AM" at a phone's width).
    const placed = within(details).getByText(formatOrderDate(aDeliveredOrder().created_at));
    expect(placed.tagName).toBe('TIME');
    expect(placed).toHaveAttribute('datetime', aDeliveredOrder().created_at);
    expect(within(details).getByTestId('order-total')).toHaveTextContent('$44.98');
    expect(within(details).getAllByText('$5.00')).toHaveLength(2);

    const goods = screen.getByRole('region', { name: 'Your products' });
    expect(within(goods).getByText('AAAA-1111-BBBB').tagName).toBe('CODE');
    expect(within(goods).getAllByRole('button', { name: 'Copy key' })).toHaveLength(2);
    expect(within(goods).getByRole('link', { name: 'Download course-bundle.zip' }).getAttribute('href')).toMatch(
      /^\/api\/downloads\/66666666-6666-4666-8666-666666666666\/[\w-]+\?expires=1&signature=s{43}$/,
    );
    expect(await screen.findByText('PayPal payment completed! Your products are available for download.')).toBeInTheDocument();

    expect(api.calls('paypalCaptureOrder').map((call) => call.params.paypalOrderId)).toEqual([PAYPAL_ID]);
    expect(api.calls('getGuestOrder')[0]?.query.token).toBe('guest-access-token');
    expect(cartStore.getState().items).toEqual([]);
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBeNull();
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderTotal)).toBeNull();
    expect(screen.getByRole('link', { name: 'View Order Page' })).toHaveAttribute('href', `/order-success/${ORDER_ID}`);
  });

  it("shows 'Paid' even though the API has already moved the order on to completed", async () => {
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', aDeliveredOrder({ status: 'completed' }));
    renderApp(RETURN_PATH);

    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Paid')).toHaveAttribute('data-tone', 'green');
    expect(within(details).queryByText('Completed')).toBeNull();
  });

  it("reads a signed-in buyer's order from the account", async () => {
    signIn(api);
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getMyOrder', aDeliveredOrder({ user_id: USER_ID }));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(api.calls('getMyOrder')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/account');
    await waitFor(() => expect(cartStore.getState().items).toEqual([]));
  });

  it('does not capture again on a reload of the page, nor empty a cart filled since', async () => {
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', aDeliveredOrder());
    const first = renderApp(RETURN_PATH);
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    await waitFor(() => expect(cartStore.getState().items).toEqual([]));
    first.unmount();

    cartStore.getState().add(product(), 1);
    renderApp(RETURN_PATH);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();

    expect(api.calls('paypalCaptureOrder')).toHaveLength(1);
    expect(cartStore.getState().items).toHaveLength(1);
  });

  it('keeps the cart and offers to try again when the capture fails', async () => {
    api.on('paypalCaptureOrder', api.error(409, 'PayPal declined the payment. Please try again with another funding source.', 'payment_declined'));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText('PayPal declined the payment. Please try again with another funding source.')).toBeInTheDocument();
    expect(await screen.findByText('Payment capture failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/cart');
    expect(cartStore.getState().items).toHaveLength(1);
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBe(ORDER_ID);
  });

  it('says the PayPal payment failed when the capture cannot be completed on the way', async () => {
    api.on('paypalCaptureOrder', api.error(502, 'PayPal is not answering', 'paypal_error'));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(await screen.findByText('PayPal payment failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Payment capture failed')).toBeNull();
    expect(cartStore.getState().items).toHaveLength(1);
  });

  it('says the payment is still processing, and checks again on request', async () => {
    api.once('paypalCaptureOrder', api.error(409, 'PayPal is still processing this payment; the order completes as soon as it clears.', 'payment_pending'));
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', aDeliveredOrder());
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    expect(screen.getByText('PayPal is still processing this payment; the order completes as soon as it clears.')).toBeInTheDocument();
    expect(screen.queryByText('Payment capture failed')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(api.calls('paypalCaptureOrder')).toHaveLength(2);
  });

  it('shows an unpaid order as awaiting payment when PayPal sent no token', async () => {
    api.on('getGuestOrder', anOrder({ status: 'pending' }));
    renderApp(`/payment/success/${ORDER_ID}`);

    expect(await screen.findByRole('heading', { name: 'Awaiting payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
    expect(api.calls('paypalCaptureOrder')).toHaveLength(0);
    expect(cartStore.getState().items).toHaveLength(1);
  });

  it("shows a paid guest order opened without its token by its summary, without the buyer's email or the goods", async () => {
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', anOrderSummary({ status: 'completed', receipt: 'sent' }));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Order details' })).getByTestId('order-total')).toHaveTextContent('$39.98');
    expect(screen.getByText(/A receipt was sent to the email given at checkout\./)).toBeInTheDocument();
    expect(screen.queryByText(/guest@example\.com/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your products' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Order Page' })).toHaveAttribute('href', `/order-success/${ORDER_ID}`);
  });

  it('says a refunded order was not delivered and its payment returned', async () => {
    api.on('getGuestOrder', anOrder({ status: 'refunded' }));
    renderApp(`/payment/success/${ORDER_ID}`);

    expect(await screen.findByRole('heading', { name: 'Payment refunded' })).toBeInTheDocument();
    expect(screen.getByText(/was refunded: its payment went back to your PayPal account/)).toBeInTheDocument();
  });

  it.each([
    ['sent', 'Thank you for your purchase. A receipt was sent to guest@example.com.'],
    ['queued', 'Thank you for your purchase. A receipt is on its way to guest@example.com.'],
    ['not_sent', "Thank you for your purchase. We could not email a receipt: keep this page's link (and the keys shown here)."],
  ] as const)('says what became of the receipt: %s', async (receipt, sentence) => {
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', aDeliveredOrder({ receipt }));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText(/A receipt with your products was sent/)).toBeNull();
  });

  it('captures exactly once per visit, even under StrictMode and re-renders', async () => {
    api.on('paypalCaptureOrder', CAPTURED);
    api.on('getGuestOrder', aDeliveredOrder());
    // As main.tsx renders the shop: under StrictMode, whose development double effects would fire a write twice.
    const app = createShellApp({ createRouter: createAppRouter, shell, history: createMemoryHistory({ initialEntries: [RETURN_PATH] }) });
    onTestFinished(app.stop);
    const { queryClient } = app;
    const view = render(<StrictMode>{app.element}</StrictMode>);

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    view.rerender(<StrictMode>{app.element}</StrictMode>);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    // One run of the capture mutation (not only one request, which captureOnce would also ensure), and no query.
    expect(queryClient.getMutationCache().findAll({ mutationKey: CAPTURE_MUTATION_KEY })).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['payments', 'capture'] })).toHaveLength(0);
    expect(api.calls('paypalCaptureOrder')).toHaveLength(1);
  });
});
