import { ORDER_ID, aDeliveredOrder, aDownload, anOrder, anOrderSummary, vectorStudioPro as product } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { CHECKOUT_STORAGE_KEYS, readOrderAccessToken, saveOrderAccessToken, savePendingOrder } from '../checkout/checkout-storage.ts';
import { formatOrderDate, guestOrderTone } from './order-format.ts';

const api = setupShopApi();
beforeEach(resetShop);
afterEach(resetShop);

const badgeOf = async () => {
  const details = await screen.findByRole('region', { name: /^Order #/ });
  return within(details).getByText(/^(Pending|Paid|Completed|Confirmed|Rejected|Failed|Refunded)$/);
};

describe('the guest order page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows the order with amounts in two decimals and a yellow badge while pending', async () => {
    api.on('getGuestOrder', anOrder({ total_amount: 40, items: [{ ...anOrder().items[0]!, price: 20, quantity: 2 }] }));
    renderApp(`/order-success/${ORDER_ID}`);

    expect(await screen.findByRole('heading', { name: 'Order Placed Successfully!' })).toBeInTheDocument();
    expect(await badgeOf()).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$40.00');
    expect(screen.getAllByText('$40.00')).toHaveLength(3);
    expect(screen.getAllByText('$20.00')).toHaveLength(1);
    expect(screen.getByText(/Billed to/)).toHaveTextContent('Billed to Gus Guest, guest@example.com');
    expect(screen.getByText(/A receipt with your products is sent by email once the payment is confirmed/)).toBeInTheDocument();
  });

  it('paints a paid order green and any other status grey, unlike the admin colours', async () => {
    for (const [status, tone] of [
      ['paid', 'green'],
      ['completed', 'green'],
      ['pending', 'yellow'],
      ['failed', 'gray'],
      ['rejected', 'gray'],
      ['confirmed', 'gray'],
      ['refunded', 'gray'],
    ] as const) {
      expect(guestOrderTone(status)).toBe(tone);
    }
    api.on('getGuestOrder', anOrder({ status: 'failed' }));
    renderApp(`/order-success/${ORDER_ID}`);

    expect(await badgeOf()).toHaveAttribute('data-tone', 'gray');
  });

  it('shows the keys and download link with the token kept at checkout', async () => {
    saveOrderAccessToken(ORDER_ID, 'stored-token');
    api.on('getGuestOrder', aDeliveredOrder({ receipt: 'sent' }));
    renderApp(`/order-success/${ORDER_ID}`);

    expect(await badgeOf()).toHaveAttribute('data-tone', 'green');
    const goods = screen.getByRole('region', { name: 'Your products' });
    expect(within(goods).getByText('CCCC-2222-DDDD')).toBeInTheDocument();
    expect(within(goods).getByRole('link', { name: 'Download course-bundle.zip' })).toBeInTheDocument();
    expect(within(goods).getByText('1.5 MB')).toBeInTheDocument();
    expect(api.calls('getGuestOrder')[0]?.query.token).toBe('stored-token');
    expect(screen.getByText('Thank you for your order. A receipt was sent to guest@example.com.')).toBeInTheDocument();
  });

  it('asks for the order again shortly after a download, and shows the new count', async () => {
    saveOrderAccessToken(ORDER_ID, 'stored-token');
    api.on('getGuestOrder', aDeliveredOrder());
    // jsdom cannot follow the link (a browser would start the download); the click handlers still run.
    const stayOnPage = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stayOnPage);
    onTestFinished(() => document.removeEventListener('click', stayOnPage));
    renderApp(`/order-success/${ORDER_ID}`);

    const goods = await screen.findByRole('region', { name: 'Your products' });
    expect(within(goods).getByText('Downloaded 1 of 5 times')).toBeInTheDocument();
    const [keyLine, fileLine] = aDeliveredOrder().items;
    api.on('getGuestOrder', aDeliveredOrder({ items: [keyLine!, { ...fileLine!, downloads: [aDownload({ download_count: 2 })] }] }));
    await userEvent.click(within(goods).getByRole('link', { name: 'Download course-bundle.zip' }));

    expect(await within(goods).findByText('Downloaded 2 of 5 times')).toBeInTheDocument();
    expect(within(goods).getByText('3 downloads left')).toBeInTheDocument();
    expect(api.calls('getGuestOrder')).toHaveLength(2);
  });

  it("uses and keeps the receipt link's token", async () => {
    api.on('getGuestOrder', aDeliveredOrder());
    renderApp(`/order-success/${ORDER_ID}?token=1E5`);

    await screen.findByRole('region', { name: 'Your products' });
    // Taken as written, not as the number 100000 the router's parser would make of it.
    expect(api.calls('getGuestOrder')[0]?.query.token).toBe('1E5');
    expect(readOrderAccessToken(ORDER_ID)).toBe('1E5');
  });

  it("shows the summary the API answers without the order's token: status, date, total and lines, but not the buyer", async () => {
    api.on('getGuestOrder', anOrderSummary({ status: 'completed', receipt: 'sent' }));
    renderApp(`/order-success/${ORDER_ID}`);

    const details = await screen.findByRole('region', { name: /^Order #/ });
    expect(within(details).getByText('Completed')).toHaveAttribute('data-tone', 'green');
    expect(within(details).getByText(formatOrderDate(anOrderSummary().created_at))).toBeInTheDocument();
    expect(within(details).getByTestId('order-total')).toHaveTextContent('$39.98');
    expect(within(details).getByText('Vector Studio Pro')).toBeInTheDocument();
    expect(within(details).queryByText('Payment method')).toBeNull();
    expect(screen.queryByText(/Billed to/)).toBeNull();
    expect(screen.queryByText(/guest@example\.com/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your products' })).toBeNull();
    expect(screen.getByText(/A receipt was sent to the email given at checkout\./)).toBeInTheDocument();
    expect(screen.getByText(/Open the link in that email to see them here/)).toBeInTheDocument();
    expect(api.calls('getGuestOrder')[0]?.query).not.toHaveProperty('token');
  });

  it('offers "Mark Payment as Complete" only while the order awaits payment, and heads a closed order with what happened', async () => {
    api.on('getGuestOrder', anOrder({ status: 'completed' }));
    renderApp(`/order-success/${ORDER_ID}`);
    expect(await badgeOf()).toHaveTextContent('Completed');
    expect(screen.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Payment as Complete' })).toBeNull();
  });

  it('heads a lapsed order as not completed', async () => {
    api.on('getGuestOrder', anOrder({ status: 'failed' }));
    renderApp(`/order-success/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Order Not Completed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Payment as Complete' })).toBeNull();
  });

  it('says the payment of a refunded order was returned', async () => {
    api.on('getGuestOrder', anOrder({ status: 'refunded' }));
    renderApp(`/order-success/${ORDER_ID}`);

    expect(await badgeOf()).toHaveTextContent('Refunded');
    expect(screen.getByRole('heading', { name: 'Payment Refunded' })).toBeInTheDocument();
    expect(screen.getByText('Payment refunded')).toBeInTheDocument();
    expect(screen.getByText('This order was refunded: its payment went back to your PayPal account, and any keys or downloads it delivered no longer work.')).toBeInTheDocument();
  });

  it('shows no details when the order cannot be fetched', async () => {
    api.on('getGuestOrder', api.error(404, 'Order not found', 'order_not_found'));
    renderApp(`/order-success/${ORDER_ID}`);

    expect(await screen.findByText('Error loading order details')).toBeInTheDocument();
    // An order that cannot be loaded is not claimed to be placed, and has nothing to mark as paid.
    expect(screen.getByRole('heading', { name: 'Order Details Unavailable' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order Placed Successfully!' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Payment as Complete' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Order #/ })).toBeNull();
    expect(screen.queryByTestId('order-total')).toBeNull();
  });

  it('marks the payment as complete: the cart and the saved pending order are cleared, and it says so', async () => {
    api.on('getGuestOrder', anOrder());
    cartStore.getState().add(product(), 1);
    savePendingOrder({ orderId: ORDER_ID, total: 39.98 });
    renderApp(`/order-success/${ORDER_ID}`);

    await userEvent.click(await screen.findByRole('button', { name: 'Mark Payment as Complete' }));

    expect(screen.getByText(/your cart and the saved pending order were cleared/)).toBeInTheDocument();
    expect(cartStore.getState().items).toEqual([]);
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderId)).toBeNull();
    expect(window.localStorage.getItem(CHECKOUT_STORAGE_KEYS.pendingOrderTotal)).toBeNull();
  });

  it.each([
    ['sent', 'Thank you for your order. A receipt was sent to guest@example.com.'],
    ['queued', 'Thank you for your order. A receipt is on its way to guest@example.com.'],
    ['not_sent', "Thank you for your order. We could not email a receipt: keep this page's link (and the keys shown here)."],
  ] as const)('says what became of the receipt: %s', async (receipt, sentence) => {
    saveOrderAccessToken(ORDER_ID, 'stored-token');
    api.on('getGuestOrder', aDeliveredOrder({ receipt }));
    renderApp(`/order-success/${ORDER_ID}`);

    await screen.findByRole('region', { name: 'Your products' });
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText(/A receipt with your products was sent/)).toBeNull();
  });

  it('does not claim the goods were emailed when the receipt could not be sent', async () => {
    api.on('getGuestOrder', anOrderSummary({ status: 'completed', receipt: 'not_sent' }));
    renderApp(`/order-success/${ORDER_ID}`);

    expect(await screen.findByText(/We could not email your licence keys and download links/)).toBeInTheDocument();
    expect(screen.queryByText(/were sent to/)).toBeNull();
  });
});
