import { aDeliveredOrder, aDeliveryLog, aDispute, anAdminOrder } from '@store/api-fake';
import type { AdminOrder, AdminOrderList } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi({ adminDeliveryLog: aDeliveryLog({ events: [] }) });

const DISPUTED = anAdminOrder({ ...aDeliveredOrder({ id: '11111111-2222-4333-8444-5555abcd1234' }), dispute: aDispute() });
const RESOLVED: AdminOrder = {
  ...DISPUTED,
  dispute: aDispute({
    status: 'RESOLVED',
    reason: 'SOMETHING_PAYPAL_ADDED',
    outcome: 'RESOLVED_SELLER_FAVOUR',
    resolved_at: '2026-11-30T12:00:00.000Z',
    open: false,
  }),
};
const PLAIN = anAdminOrder(aDeliveredOrder({ id: '11111111-2222-4333-8444-5555feedf00d' }));

const list = (orders: AdminOrder[]): AdminOrderList => ({ orders, total: orders.length });
/** The query strings GET /admin/orders was called with, oldest first. */
const listQueries = () => api.calls('adminListOrders').map((call) => call.url.searchParams);

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('button', { name }).closest('tr');
  if (!row) throw new Error('No row');
  return row;
}

async function openDetails(order: AdminOrder) {
  api.on('adminListOrders', list([order]));
  renderApp('/admin/orders');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'View order #abcd1234' }));
  return screen.findByRole('dialog', { name: 'Order #abcd1234' });
}

beforeEach(() => {
  signInAsAdmin(api);
});

describe("an order's PayPal dispute", { timeout: 30_000 }, () => {
  it('shows an open dispute in words: badge, status, reason, opened date and id, above the delivery log', async () => {
    const details = await openDetails(DISPUTED);

    const panel = within(details).getByRole('region', { name: 'PayPal dispute' });
    const dispute = within(panel);
    expect(dispute.getByText('Open')).toHaveAttribute('data-tone', 'red');
    expect(dispute.getByText('Waiting for our response')).toBeInTheDocument();
    expect(dispute.getByText('Item not received')).toBeInTheDocument();
    expect(dispute.getByText('25. nov 2026. 08:15')).toHaveAttribute('datetime', '2026-11-25T08:15:00.000Z');
    expect(dispute.getByText('PP-D-27803')).toBeInTheDocument();
    expect(dispute.queryByText('Resolved')).not.toBeInTheDocument();
    expect(dispute.getByText(/The delivery log below shows when each key was shown/)).toBeInTheDocument();
    // The evidence it speaks of comes after it.
    const log = within(details).getByRole('region', { name: 'Delivery log' });
    expect(panel.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('exports the delivery log as CSV from the panel, the same export as the log’s own', async () => {
    const csv = '\ufeffat,kind,title\r\n';
    api.on('adminDeliveryLog', ({ query }) =>
      query.format === 'csv'
        ? new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : aDeliveryLog({ order_id: DISPUTED.id, events: [] }),
    );
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // jsdom cannot follow a link; the click is where a browser would start the save.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const details = await openDetails(DISPUTED);

    const panel = within(details).getByRole('region', { name: 'PayPal dispute' });
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Export delivery log (CSV)' }));

    await waitFor(() => expect(saved).toEqual(['delivery-log-abcd1234.csv']));
    const csvCalls = api.calls('adminDeliveryLog').filter((call) => call.url.searchParams.get('format') === 'csv');
    expect(csvCalls.map((call) => call.params.id)).toEqual([DISPUTED.id]);
  });

  it('shows a resolved dispute with its outcome and date, and a reason PayPal added since as PayPal sent it', async () => {
    const details = await openDetails(RESOLVED);

    const dispute = within(within(details).getByRole('region', { name: 'PayPal dispute' }));
    expect(dispute.getByText('Resolved', { selector: '[data-tone]' })).toHaveAttribute('data-tone', 'gray');
    expect(dispute.getByText("Resolved in the store's favour")).toBeInTheDocument();
    expect(dispute.getByText('30. nov 2026. 12:00')).toBeInTheDocument();
    expect(dispute.getByText('SOMETHING_PAYPAL_ADDED')).toBeInTheDocument();
    expect(dispute.queryByText('Open')).not.toBeInTheDocument();
  });

  it('shows no dispute panel for an order without one', async () => {
    const details = await openDetails({ ...PLAIN, id: DISPUTED.id });

    expect(within(details).getByRole('region', { name: 'Items' })).toBeInTheDocument();
    expect(within(details).queryByRole('region', { name: 'PayPal dispute' })).not.toBeInTheDocument();
    expect(within(details).queryByText('Disputed')).not.toBeInTheDocument();
  });
});

describe('disputes on the orders screen', { timeout: 30_000 }, () => {
  it('marks an order with an open dispute Disputed beside its status, in the list and in its details', async () => {
    const resolved = { ...RESOLVED, id: '11111111-2222-4333-8444-5555cafef00d' };
    api.on('adminListOrders', list([DISPUTED, PLAIN, resolved]));
    renderApp('/admin/orders');

    await screen.findByRole('button', { name: 'View order #abcd1234' });
    const disputed = within(rowOf('View order #abcd1234'));
    expect(disputed.getByText('Completed')).toBeInTheDocument();
    expect(disputed.getByText('Disputed')).toHaveAttribute('title', 'The buyer opened a PayPal dispute that is not resolved yet');
    expect(within(rowOf('View order #feedf00d')).queryByText('Disputed')).not.toBeInTheDocument();
    expect(within(rowOf('View order #cafef00d')).queryByText('Disputed')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'View order #abcd1234' }));
    const details = await screen.findByRole('dialog', { name: 'Order #abcd1234' });
    expect(within(details).getByText('Disputed')).toBeInTheDocument();
  });

  it('filters by dispute, keeping the filter in the address and sending it to the API', async () => {
    api.on('adminListOrders', ({ query }) => list(query.dispute ? [DISPUTED] : [DISPUTED, PLAIN]));
    const { router } = renderApp('/admin/orders?status=completed');
    const user = userEvent.setup();

    const filter = await screen.findByLabelText('Disputes');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All orders', 'Open disputes', 'Any dispute']);
    expect(filter).toHaveValue('');
    await screen.findByRole('button', { name: 'View order #feedf00d' });
    expect(listQueries()[0]?.has('dispute')).toBe(false);

    await user.selectOptions(filter, 'open');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'completed', dispute: 'open' }));
    await waitFor(() => expect(listQueries().at(-1)?.get('dispute')).toBe('open'));
    expect(listQueries().at(-1)?.get('status')).toBe('completed');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'View order #feedf00d' })).not.toBeInTheDocument());

    await user.selectOptions(filter, 'any');
    await waitFor(() => expect(listQueries().at(-1)?.get('dispute')).toBe('any'));

    await user.selectOptions(filter, '');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'completed' }));
    // The unfiltered list again (still fresh from the first load).
    expect(await screen.findByRole('button', { name: 'View order #feedf00d' })).toBeInTheDocument();
  });

  it('reads the dispute filter from the address', async () => {
    api.on('adminListOrders', list([DISPUTED]));
    renderApp('/admin/orders?dispute=open');

    expect(await screen.findByLabelText('Disputes')).toHaveValue('open');
    await waitFor(() => expect(api.calls('adminListOrders')).toHaveLength(1));
    expect(Object.fromEntries(listQueries()[0] ?? [])).toEqual({ dispute: 'open', limit: '100', offset: '0' });
  });
});
