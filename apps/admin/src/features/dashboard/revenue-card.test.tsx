import { aDashboardStats, aRevenueSeries } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const WEEK = aRevenueSeries({
  to: '2026-11-28',
  points: [
    { date: '2026-11-22', revenue: 0, orders: 0 },
    { date: '2026-11-23', revenue: 120.5, orders: 3 },
    { date: '2026-11-24', revenue: 0, orders: 0 },
    { date: '2026-11-25', revenue: 49.99, orders: 1 },
    { date: '2026-11-26', revenue: 0, orders: 0 },
    { date: '2026-11-27', revenue: 19.99, orders: 1 },
    { date: '2026-11-28', revenue: 0, orders: 0 },
  ],
});

const revenueCard = () => screen.findByRole('region', { name: 'Revenue' });

describe('the revenue card', () => {
  beforeEach(() => {
    signInAsAdmin(api);
    api.on('adminStats', aDashboardStats());
    api.on('adminListOrders', { orders: [], total: 0 });
  });

  it('draws the last 30 days first: a bar a day, the totals, and a summary and table for screen readers', async () => {
    api.on('adminRevenue', aRevenueSeries());
    renderApp('/admin/');

    const card = await revenueCard();
    // A sale of $49.99 every third day of 30: 10 orders.
    await waitFor(() => expect(card).toHaveTextContent('$499.90 from 10 orders in the last 30 days'));
    const chart = await within(card).findByRole('img');
    expect(chart).toHaveAccessibleName(
      'Revenue per day from Oct 30 to Nov 28 (UTC): $499.90 from 10 orders; the best day Oct 30 with $49.99.',
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const table = within(card).getByRole('table', { name: 'Revenue and orders per day (UTC)' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: 'Sat, Nov 28, 2026' }).closest('tr')).toHaveTextContent('$0.00');
    expect(within(card).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls('adminRevenue').map((call) => Number(call.query.days))).toEqual([30]);
  });

  it('switches to 7 and 90 days, asking the API for that period', async () => {
    api.on('adminRevenue', ({ query }) => (Number(query.days) === 7 ? WEEK : aRevenueSeries({ days: Number(query.days) })));
    renderApp('/admin/');
    const card = await revenueCard();
    await within(card).findByRole('img');
    const user = userEvent.setup();

    await user.click(within(card).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(card).toHaveTextContent('$190.48 from 5 orders in the last 7 days'));
    expect(within(card).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
    const chart = within(card).getByRole('img');
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(chart).toHaveAccessibleName(
      'Revenue per day from Nov 22 to Nov 28 (UTC): $190.48 from 5 orders; the best day Nov 23 with $120.50.',
    );
    const nov23 = within(card).getByRole('rowheader', { name: 'Mon, Nov 23, 2026' }).closest('tr');
    expect(nov23).toHaveTextContent('$120.50');
    expect(nov23).toHaveTextContent('3');

    await user.click(within(card).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(within(card).getByRole('img').querySelectorAll('rect')).toHaveLength(90));
    expect(card).toHaveTextContent('in the last 90 days');
    expect(api.calls('adminRevenue').map((call) => Number(call.query.days))).toEqual([30, 7, 90]);
  });

  it('says so when the period had no sales, without an empty chart', async () => {
    api.on(
      'adminRevenue',
      aRevenueSeries({
        points: Array.from({ length: 30 }, (_, day) => ({ date: `2026-11-${String(day + 1).padStart(2, '0')}`, revenue: 0, orders: 0 })),
      }),
    );
    renderApp('/admin/');

    const card = await revenueCard();
    expect(await within(card).findByText('No sales in the last 30 days.')).toBeInTheDocument();
    expect(card).toHaveTextContent('$0.00 from 0 orders in the last 30 days');
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('says so when the revenue cannot be loaded, the rest of the dashboard still there', async () => {
    api.on('adminRevenue', api.error(500, 'Something went wrong', 'internal_error'));
    renderApp('/admin/');

    const card = await revenueCard();
    expect(await within(card).findByText('The revenue could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent orders' })).toBeInTheDocument();
  });
});
