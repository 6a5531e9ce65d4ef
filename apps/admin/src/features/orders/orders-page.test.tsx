import { aDeliveryLog, anAdminOrder, anItem, deferred } from '@store/api-fake';
import { ORDER_STATUSES, type AdminOrder, type AdminOrderList, type OrderStatus } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

// A completed order's details load its delivery log (delivery-log.test.tsx covers it).
const api = setupAdminApi({ adminDeliveryLog: aDeliveryLog({ events: [] }) });

const PENDING = anAdminOrder({
  id: '11111111-2222-4333-8444-5555abcd1234',
  user_id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11',
  status: 'pending',
  total_amount: 49.97,
  created_at: '2024-10-24T09:05:00.000Z',
  payment_id: 'PAY-7XK21',
  invoice_data: { name: 'Ana Anić', email: 'ana@example.com', address: 'Knez Mihailova 1', city: 'Beograd', country: 'Srbija' },
  items: [
    anItem({ id: '9a8b7c6d-0000-4000-8000-000000000001', product_id: '3c2b1a09-8f7e-4d6c-9b5a-41d2c3b4a5f6', title: 'Harborline Backup Pro', quantity: 2, price: 19.99 }),
    anItem({ id: '9a8b7c6d-0000-4000-8000-000000000002', product_id: '3c2b1a09-8f7e-4d6c-9b5a-41d2c3b4ffff', title: 'Pixel Course', quantity: 1, price: 9.99 }),
  ],
});
const GUEST = anAdminOrder({ id: '11111111-2222-4333-8444-5555feedf00d', user_id: null, status: 'paid', total_amount: 10 });

/** GET /admin/orders answering `orders` (whatever the filters). */
function ordersAnswer(orders: AdminOrder[], total = orders.length): AdminOrderList {
  return { orders, total };
}

/** The query strings GET /admin/orders was called with, oldest first. */
const listQueries = () => api.calls('adminListOrders').map((call) => call.url.searchParams);

function rowOf(name: RegExp | string): HTMLElement {
  const row = screen.getByRole('button', { name }).closest('tr');
  if (!row) throw new Error('No row');
  return row;
}

describe('the orders screen', () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('lists orders: # and the last 8 of the id, the user or Guest, the total, the status and the Serbian date', async () => {
    api.on('adminListOrders', ordersAnswer([PENDING, GUEST]));
    renderApp('/admin/orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'View order #abcd1234' });
    const first = within(rowOf('View order #abcd1234'));
    expect(first.getByText('#abcd1234')).toBeInTheDocument();
    expect(first.getByText('7c0d9e11')).toBeInTheDocument();
    expect(first.getByText('$49.97')).toBeInTheDocument();
    expect(first.getByText('Pending')).toBeInTheDocument();
    expect(first.getByText('24. okt 2024. 09:05')).toBeInTheDocument();
    expect(within(rowOf('View order #feedf00d')).getByText('Guest')).toBeInTheDocument();
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Orders · Acme Keys Admin'));
  });

  it('shows a loading row, then the empty state when nothing matches', async () => {
    const answer = deferred<AdminOrderList>();
    api.on('adminListOrders', () => answer.promise);
    renderApp('/admin/orders');

    expect(await screen.findByRole('status', { name: 'Loading orders…' })).toBeInTheDocument();
    answer.resolve({ orders: [], total: 0 });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText('There are currently no orders matching your criteria')).toBeInTheDocument();
  });

  it("says 'Error loading orders' and shows the list empty when the orders cannot be loaded", async () => {
    api.on('adminListOrders', api.error(400, 'search must be at most 200 characters', 'validation_error'));
    renderApp('/admin/orders');

    expect(await screen.findByText('Error loading orders')).toBeInTheDocument();
    expect(screen.getByText('No orders found')).toBeInTheDocument();
  });

  it('reads the search and the status from the address and asks the API for 100 at a time', async () => {
    api.on('adminListOrders', ordersAnswer([]));
    renderApp('/admin/orders?search=ana&status=rejected');

    expect(await screen.findByLabelText('Search orders')).toHaveValue('ana');
    expect(screen.getByLabelText('Status')).toHaveValue('rejected');
    await waitFor(() => expect(api.calls('adminListOrders')).toHaveLength(1));
    const params = listQueries()[0];
    expect(Object.fromEntries(params ?? [])).toEqual({ search: 'ana', status: 'rejected', limit: '100', offset: '0' });
  });

  it('searches after a pause in typing and filters by status, keeping both in the address', async () => {
    api.on('adminListOrders', ordersAnswer([PENDING]));
    const { router } = renderApp('/admin/orders');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Search orders'), 'ana@example');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ana@example' }));
    await waitFor(() => expect(listQueries().at(-1)?.get('search')).toBe('ana@example'));
    // One request for the whole word, not one per letter.
    expect(listQueries().filter((query) => query.has('search'))).toHaveLength(1);

    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['All statuses', ...ORDER_STATUSES.map((item) => item.label)]);
    await user.selectOptions(status, 'confirmed');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ana@example', status: 'confirmed' }));
    await waitFor(() => expect(listQueries().at(-1)?.get('status')).toBe('confirmed'));

    await user.selectOptions(status, '');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'ana@example' }));
  });

  it('pages through more than 100 orders', async () => {
    api.on('adminListOrders', ordersAnswer([PENDING], 250));
    const { router } = renderApp('/admin/orders');

    const pages = await screen.findByRole('navigation', { name: 'Orders pages' });
    expect(within(pages).getByText('Showing 1–100 of 250')).toBeInTheDocument();
    await userEvent.setup().click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await waitFor(() => expect(listQueries().at(-1)?.get('offset')).toBe('100'));
    expect(await within(pages).findByText('Showing 101–200 of 250')).toBeInTheDocument();
  });

  it('shows an order in full in the details modal', async () => {
    api.on('adminListOrders', ordersAnswer([PENDING]));
    renderApp('/admin/orders');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'View order #abcd1234' }));

    const dialog = await screen.findByRole('dialog', { name: 'Order #abcd1234' });
    const modal = within(dialog);
    expect(modal.getByText(PENDING.id)).toBeInTheDocument();
    expect(modal.getByText('6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11')).toBeInTheDocument();
    expect(modal.getByText('PayPal')).toBeInTheDocument();
    expect(modal.getByText('PAY-7XK21')).toBeInTheDocument();
    expect(modal.getByText('Ana Anić')).toBeInTheDocument();
    expect(modal.getByText('ana@example.com')).toBeInTheDocument();
    expect(modal.getByText('Knez Mihailova 1, Beograd, Srbija')).toBeInTheDocument();
    const items = within(modal.getByRole('table', { name: 'Items of order #abcd1234' }));
    const backup = items.getByText('Harborline Backup Pro').closest('tr') as HTMLElement;
    expect(within(backup).getByText('ID c3b4a5f6')).toBeInTheDocument();
    expect(within(backup).getByText('2')).toBeInTheDocument();
    expect(within(backup).getByText('$19.99')).toBeInTheDocument();
    expect(within(backup).getByText('$39.98')).toBeInTheDocument();
  });

  it('shows Guest and no payment ID for a guest order without one', async () => {
    api.on('adminListOrders', ordersAnswer([GUEST]));
    renderApp('/admin/orders');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'View order #feedf00d' }));

    const modal = within(await screen.findByRole('dialog', { name: 'Order #feedf00d' }));
    expect(modal.getByText('Guest')).toBeInTheDocument();
    expect(modal.queryByText('Payment ID')).not.toBeInTheDocument();
  });

  it('marks an order paid through the payment sandbox with a Test badge, in the list and in its details', async () => {
    const SANDBOX = anAdminOrder({ ...PENDING, status: 'completed', test: true });
    api.on('adminListOrders', ordersAnswer([SANDBOX, GUEST]));
    renderApp('/admin/orders');

    await screen.findByRole('button', { name: 'View order #abcd1234' });
    const badge = within(rowOf('View order #abcd1234')).getByText('Test');
    expect(badge).toHaveAttribute('title', 'Paid through the payment sandbox: no real money');
    expect(within(rowOf('View order #abcd1234')).getByText('Completed')).toBeInTheDocument();
    expect(within(rowOf('View order #feedf00d')).queryByText('Test')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'View order #abcd1234' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Order #abcd1234' }));
    expect(modal.getByText('Test')).toHaveAttribute('title', 'Paid through the payment sandbox: no real money');
  });

  it('shows a refunded order as Refunded, and the filter offers it', async () => {
    api.on('adminListOrders', ordersAnswer([anAdminOrder({ ...PENDING, status: 'refunded' })]));
    renderApp('/admin/orders?status=refunded');

    await screen.findByRole('button', { name: 'View order #abcd1234' });
    expect(within(rowOf('View order #abcd1234')).getByText('Refunded')).toHaveAttribute('data-tone', 'gray');
    expect(screen.getByLabelText('Status')).toHaveValue('refunded');
    expect(within(screen.getByLabelText('Status')).getByRole('option', { name: 'Refunded' })).toBeInTheDocument();
  });

  const OFFERED: Record<OrderStatus, string[]> = {
    pending: ['Confirm Order', 'Reject Order'],
    rejected: ['Confirm Order'],
    paid: [],
    confirmed: [],
    completed: [],
    failed: [],
    refunded: [],
  };

  it.each(ORDER_STATUSES.map((status) => status.value))('offers exactly the allowed status changes for a %s order', async (status) => {
    api.on('adminListOrders', ordersAnswer([anAdminOrder({ ...PENDING, status })]));
    renderApp('/admin/orders');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'View order #abcd1234' }));

    const modal = within(await screen.findByRole('dialog', { name: 'Order #abcd1234' }));
    const offered = modal
      .getAllByRole('button')
      .map((button) => button.textContent ?? '')
      .filter((name) => /Order$/.test(name));
    expect(offered).toEqual(OFFERED[status]);
    // A completed order offers its refund instead (refund-order-dialog.test.tsx).
    if (OFFERED[status].length === 0 && status !== 'completed') expect(modal.getByText('No status change is offered for this order here.')).toBeInTheDocument();
  });

  it('confirms an order: says so, reloads the list and closes the modal', async () => {
    let current: AdminOrder = PENDING;
    api.on('adminListOrders', () => ordersAnswer([current]));
    // As the API does: confirming delivers the goods in the same step, so the order answers completed.
    api.on('adminSetOrderStatus', () => {
      current = { ...PENDING, status: 'completed' };
      return current;
    });
    renderApp('/admin/orders');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'View order #abcd1234' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Order' }));

    // In one step: the toast moves from the dialog's toast area to the page's as the modal closes.
    await waitFor(() => expect(screen.getByText('Order status updated to completed')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(rowOf('View order #abcd1234')).findByText('Completed')).toBeInTheDocument();
    expect(api.calls('adminSetOrderStatus').map((call) => [call.params.id, call.query.status])).toEqual([[PENDING.id, 'confirmed']]);
    expect(api.calls('adminListOrders')).toHaveLength(2);
  });

  it('rejects an order', async () => {
    api.on('adminListOrders', ordersAnswer([PENDING]));
    api.on('adminSetOrderStatus', { ...PENDING, status: 'rejected' });
    renderApp('/admin/orders');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'View order #abcd1234' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject Order' }));

    await waitFor(() => expect(screen.getByText('Order status updated to rejected')).toBeInTheDocument());
    expect(api.calls('adminSetOrderStatus')[0]?.query.status).toBe('rejected');
  });

  it('keeps the modal open and says why when the change is refused', async () => {
    api.on('adminListOrders', ordersAnswer([PENDING]));
    api.on('adminSetOrderStatus', api.error(409, 'An order that is Paid cannot be changed to Confirmed here', 'invalid_status_change'));
    renderApp('/admin/orders');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'View order #abcd1234' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByText('Failed to update order status: An order that is Paid cannot be changed to Confirmed here')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Order #abcd1234' })).toBeInTheDocument();
    // Someone else changed the order: the list reloads to show it.
    await waitFor(() => expect(api.calls('adminListOrders')).toHaveLength(2));
  });
});
