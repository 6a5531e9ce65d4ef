import { USER_ID, aDeliveredOrder, anOrder } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../checkout/browser.ts';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupShopApi();
beforeEach(resetShop);
afterEach(() => {
  resetShop();
  vi.restoreAllMocks();
});

describe('the account page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it("lists the shopper's orders with status, total and items, and the keys and downloads of delivered ones", async () => {
    const older = anOrder({ id: '77777777-7777-4777-8777-777777770001', user_id: USER_ID, created_at: '2026-11-01T10:00:00.000Z' });
    const newer = aDeliveredOrder({ id: '77777777-7777-4777-8777-777777770002', user_id: USER_ID });
    signIn(api);
    api.on('listMyOrders', { orders: [newer, older], total: 2 });
    renderApp('/account');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Order #77770002',
      'Order #77770001',
    ]);
    expect(within(cards[0]!).getByText('Completed')).toHaveAttribute('data-tone', 'green');
    expect(within(cards[1]!).getByText('Pending')).toHaveAttribute('data-tone', 'yellow');
    expect(within(cards[0]!).getAllByRole('button', { name: 'Copy key' })).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Download course-bundle.zip' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Downloaded 1 of 5 times')).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: 'Copy key' })).toBeNull();
    expect(screen.getByText('alice · alice@example.com')).toBeInTheDocument();
    expect(api.calls('listMyOrders')[0]?.query.limit).toBe(50);
  });

  it("links each product of a completed order to its page's reviews, and no other order's", async () => {
    const completed = aDeliveredOrder({ id: '77777777-7777-4777-8777-777777770003', user_id: USER_ID });
    const pending = anOrder({ id: '77777777-7777-4777-8777-777777770004', user_id: USER_ID });
    signIn(api);
    api.on('listMyOrders', { orders: [completed, pending], total: 2 });
    renderApp('/account');

    const [done, waiting] = await screen.findAllByRole('article');
    const links = within(within(done!).getByRole('list', { name: 'Review your purchases' })).getAllByRole('link');
    const products = [...new Map(completed.items.map((item) => [item.product_id, item.title])).entries()];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      products.map(([id, title]) => [`Review ${title}`, `/products/${id}#reviews`]),
    );
    expect(within(waiting!).queryByRole('list', { name: 'Review your purchases' })).toBeNull();
  });

  it('shows a refunded order as Refunded, saying its payment was returned', async () => {
    signIn(api);
    api.on('listMyOrders', { orders: [anOrder({ user_id: USER_ID, status: 'refunded' })], total: 1 });
    renderApp('/account');

    const card = await screen.findByRole('article');
    expect(within(card).getByText('Refunded')).toHaveAttribute('data-tone', 'gray');
    expect(within(card).getByText('This order was refunded: its payment went back to your PayPal account, and any keys or downloads it delivered no longer work.')).toBeInTheDocument();
  });

  it('fetches fresh download links on request', async () => {
    signIn(api);
    api.on('listMyOrders', { orders: [aDeliveredOrder({ user_id: USER_ID })], total: 1 });
    renderApp('/account');

    await userEvent.click(await screen.findByRole('button', { name: 'Refresh links' }));

    await screen.findByRole('button', { name: 'Refresh links' });
    expect(api.calls('listMyOrders').length).toBeGreaterThanOrEqual(2);
  });

  it('says there are no orders yet, with a link to the products', async () => {
    signIn(api);
    api.on('listMyOrders', { orders: [], total: 0 });
    renderApp('/account');

    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('pages through more than 50 orders', async () => {
    signIn(api);
    api.on('listMyOrders', { orders: [anOrder({ user_id: USER_ID })], total: 120 });
    renderApp('/account?page=2');

    const pager = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(pager).toHaveTextContent('Page 2 of 3');
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/account');
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/account?page=3');
    expect(api.calls('listMyOrders')[0]?.query.offset).toBe(50);
  });

  it('sends an unpaid order back to PayPal with Complete payment', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const unpaid = anOrder({ id: '77777777-7777-4777-8777-777777770005', user_id: USER_ID });
    signIn(api);
    api.on('listMyOrders', { orders: [unpaid, aDeliveredOrder({ user_id: USER_ID })], total: 2 });
    api.on('createPayment', { payment_url: 'https://paypal.test/checkoutnow?token=PAYPAL1' });
    renderApp('/account');

    const [card, done] = await screen.findAllByRole('article');
    expect(within(done!).queryByRole('button', { name: 'Complete payment' })).toBeNull();
    await userEvent.click(within(card!).getByRole('button', { name: 'Complete payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=PAYPAL1'));
    expect(api.calls('createPayment')[0]?.query).toEqual({ order_id: unpaid.id });
  });

  it('says why an order whose time is over cannot be paid, and goes nowhere', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    signIn(api);
    api.on('listMyOrders', { orders: [anOrder({ user_id: USER_ID })], total: 1 });
    api.on('createPayment', api.error(409, 'This order has expired. Please place it again.', 'order_expired'));
    renderApp('/account');

    const card = await screen.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Complete payment' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This order has expired. Please place it again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('cancels an unpaid order only after the shopper confirms', async () => {
    const unpaid = anOrder({ id: '77777777-7777-4777-8777-777777770006', user_id: USER_ID });
    let cancelled = false;
    signIn(api);
    api.on('listMyOrders', () => ({ orders: [cancelled ? { ...unpaid, status: 'failed' as const } : unpaid], total: 1 }));
    api.on('cancelMyOrder', () => {
      cancelled = true;
      return { ...unpaid, status: 'failed' as const };
    });
    renderApp('/account');

    const card = await screen.findByRole('article');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #77770006?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(api.calls('cancelMyOrder')).toHaveLength(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(within(card).getByText('Failed')).toBeInTheDocument());
    expect(api.calls('cancelMyOrder')[0]?.params).toMatchObject({ id: unpaid.id });
    expect(within(card).queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it('names each order’s products region after its order, so no two regions share a name', async () => {
    signIn(api);
    api.on('listMyOrders', {
      orders: [aDeliveredOrder({ id: '77777777-7777-4777-8777-777777770007', user_id: USER_ID }), aDeliveredOrder({ id: '77777777-7777-4777-8777-777777770008', user_id: USER_ID })],
      total: 2,
    });
    renderApp('/account');

    await screen.findAllByRole('article');
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '));
    expect(names).toContain('Your products Order #77770007');
    expect(new Set(names).size).toBe(names.length);
  });
});
