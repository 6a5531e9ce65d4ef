import { aDashboardStats, aDispute, anAdminOrder, deferred } from '@store/api-fake';
import type { AdminOrderList, DashboardStats } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const STATS: DashboardStats = aDashboardStats({ total_products: 24, total_orders: 1530, total_users: 87, total_revenue: 12345.5 });

const api = setupAdminApi();

/** The value shown under a stat card's name. */
function figure(name: string): HTMLElement {
  // The name is a span of the <dt>, beside the card's icon.
  const term = screen.getByText(name, { selector: 'dt > span' }).closest('dt');
  const value = term?.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${name}`);
  return value;
}

/** The Open disputes card: its name is a link, so it is found through the link. */
function disputesCard(): HTMLElement {
  const card = screen.getByRole('link', { name: 'Open disputes' }).closest('[data-tone]');
  if (!(card instanceof HTMLElement)) throw new Error('No Open disputes card');
  return card;
}

describe('the dashboard', () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('shows the four figures, revenue in dollars', async () => {
    api.on('adminStats', STATS);
    api.on('adminListOrders', { orders: [], total: 0 });
    renderApp('/admin/');

    await waitFor(() => expect(figure('Total revenue')).toHaveTextContent('$12,345.50'));
    expect(figure('Total products')).toHaveTextContent('24');
    expect(figure('Total orders')).toHaveTextContent('1,530');
    expect(figure('Total users')).toHaveTextContent('87');
  });

  it('shortens a six-figure revenue to one line, exact on hover and for screen readers, and says test orders are not counted', async () => {
    api.on('adminStats', { ...STATS, total_revenue: 135_119, total_orders: 1_234_567 });
    api.on('adminListOrders', { orders: [], total: 0 });
    renderApp('/admin/');

    await waitFor(() => expect(figure('Total revenue').querySelector('[aria-hidden="true"]')).toHaveTextContent('$135.1K'));
    expect(figure('Total revenue').querySelector('[title]')).toHaveAttribute('title', '$135,119.00');
    expect(within(figure('Total revenue')).getByText('$135,119.00')).toBeInTheDocument();
    expect(figure('Total orders').querySelector('[aria-hidden="true"]')).toHaveTextContent('1.2M');
    expect(figure('Total products')).toHaveTextContent(/^24$/);
    expect(screen.getByText(/^Test orders and subscriptions \(paid through the payment sandbox\) are not counted in Total orders, Total revenue/)).toBeInTheDocument();
  });

  it('counts the open disputes in a card that stands out and leads to those orders', { timeout: 30_000 }, async () => {
    api.on('adminStats', { ...STATS, open_disputes: 3 });
    api.on('adminListOrders', ({ query }) =>
      query.dispute === 'open'
        ? { orders: [anAdminOrder({ id: '11111111-2222-4333-8444-5555d15b07ed', status: 'completed', dispute: aDispute() })], total: 1 }
        : { orders: [], total: 0 },
    );
    const { router } = renderApp('/admin/');

    const link = await screen.findByRole('link', { name: 'Open disputes' });
    const card = disputesCard();
    await waitFor(() => expect(within(card).getByRole('definition')).toHaveTextContent('3'));
    expect(card).toHaveAttribute('data-tone', 'warning');
    expect(link).toHaveAttribute('href', '/admin/orders?dispute=open');

    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toEqual({ dispute: 'open' });
    expect(await screen.findByRole('button', { name: 'View order #d15b07ed' })).toBeInTheDocument();
    expect(screen.getByLabelText('Disputes')).toHaveValue('open');
  });

  it('shows no open dispute in the ordinary tone', async () => {
    api.on('adminStats', STATS);
    api.on('adminListOrders', { orders: [], total: 0 });
    renderApp('/admin/');

    await screen.findByRole('link', { name: 'Open disputes' });
    await waitFor(() => expect(within(disputesCard()).getByRole('definition')).toHaveTextContent('0'));
    expect(disputesCard()).toHaveAttribute('data-tone', 'default');
  });

  it('shows the active subscriptions, leading to them, and the monthly recurring revenue in dollars', { timeout: 30_000 }, async () => {
    api.on('adminStats', { ...STATS, active_subscriptions: 1234, mrr: 4567.08 });
    api.on('adminListOrders', { orders: [], total: 0 });
    renderApp('/admin/');

    const link = await screen.findByRole('link', { name: 'Active subscriptions' });
    expect(link).toHaveAttribute('href', '/admin/subscriptions?status=active');
    await waitFor(() => expect(figure('MRR')).toHaveTextContent('$4,567.08'));
    // Its name is a link: the card is found through it, as the Open disputes card is.
    expect(within(link.closest('[data-tone]') as HTMLElement).getByRole('definition')).toHaveTextContent('1,234');
  });

  it('shows skeletons while the figures and orders load', async () => {
    const stats = deferred<DashboardStats>();
    const orders = deferred<AdminOrderList>();
    api.on('adminStats', () => stats.promise);
    api.on('adminListOrders', () => orders.promise);
    const { container } = renderApp('/admin/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(figure('Total products')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Loading recent orders' })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-skeleton]').length).toBeGreaterThanOrEqual(7 + 5);

    stats.resolve(STATS);
    orders.resolve({ orders: [], total: 0 });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('[data-skeleton]')).toBeNull());
  });

  it('lists the 5 latest orders: # and the last 8 characters of the id, the date in Serbian, the amount and the status', async () => {
    const list: AdminOrderList = {
      orders: [
        anAdminOrder({ id: '11111111-2222-4333-8444-5555deadbeef', created_at: '2024-10-24T09:05:00.000Z', total_amount: 49, status: 'paid' }),
        anAdminOrder({ id: '11111111-2222-4333-8444-5555cafef00d', created_at: '2024-03-02T17:30:00.000Z', total_amount: 19.99, status: 'rejected' }),
      ],
      total: 2,
    };
    api.on('adminStats', STATS);
    api.on('adminListOrders', list);
    renderApp('/admin/');

    const recent = await screen.findByRole('region', { name: 'Recent orders' });
    const first = await within(recent).findByRole('link', { name: 'Order #deadbeef' });
    expect(first).toHaveAttribute('href', '/admin/orders?search=11111111-2222-4333-8444-5555deadbeef');
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('#deadbeef');
    expect(items[0]).toHaveTextContent('24. okt 2024. 09:05');
    expect(items[0]).toHaveTextContent('$49.00');
    expect(items[0]).toHaveTextContent('Paid');
    expect(items[1]).toHaveTextContent('#cafef00d');
    expect(items[1]).toHaveTextContent('2. mar 2024. 17:30');
    expect(items[1]).toHaveTextContent('Rejected');

    expect(api.calls('adminListOrders')[0]?.query.limit).toBe(5);
  });

  it('offers the quick actions, Add Product opening the product form', async () => {
    api.on('adminStats', STATS);
    api.on('adminListOrders', { orders: [], total: 0 });
    renderApp('/admin/');

    const actions = await screen.findByRole('navigation', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/admin/products?new=1');
    expect(within(actions).getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(within(actions).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(actions).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });
});
