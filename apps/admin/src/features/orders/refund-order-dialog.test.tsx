import { aDashboardStats, aDeliveredOrder, aDeliveryLog, aFreeOrder, anAdminOrder, aRefund, deferred } from '@store/api-fake';
import { ORDER_STATUSES, type AdminOrder, type AdminOrderList } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

// A completed order's details load its delivery log (delivery-log.test.tsx covers it).
const api = setupAdminApi({ adminDeliveryLog: aDeliveryLog({ events: [] }) });

/** A completed order of $44.98 paid through PayPal (capture CAPTURE123). */
const COMPLETED = anAdminOrder(
  aDeliveredOrder({ id: '11111111-2222-4333-8444-5555abcd1234', invoice_data: { email: 'ana@example.com', name: 'Ana' } }),
);
const REFUNDED: AdminOrder = {
  ...COMPLETED,
  status: 'refunded',
  goods_included: false,
  refund: aRefund({ reason: 'Bought twice by mistake' }),
};

const list = (orders: AdminOrder[]): AdminOrderList => ({ orders, total: orders.length });

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

async function openRefund(details: HTMLElement) {
  await userEvent.setup().click(within(details).getByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: 'Refund order #abcd1234' });
}

beforeEach(() => {
  signInAsAdmin(api);
});

describe("an order's refund", { timeout: 30_000 }, () => {
  it.each(ORDER_STATUSES.map((status) => status.value))('offers Refund for a %s order only when it is completed', async (status) => {
    const details = await openDetails({ ...COMPLETED, status });

    const refund = within(details).queryByRole('button', { name: 'Refund' });
    if (status === 'completed') expect(refund).toBeInTheDocument();
    else expect(refund).not.toBeInTheDocument();
  });

  it('offers no Refund of a completed order staff confirmed without a PayPal payment, and says why', async () => {
    const details = await openDetails({ ...COMPLETED, payment_id: null });

    expect(within(details).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(details).getByText('It was not paid through PayPal, so it cannot be refunded here.')).toBeInTheDocument();
  });

  it('asks first, saying what is paid back and what stops, and sends nothing without a reason of 3 characters or more', async () => {
    const user = userEvent.setup();
    const confirm = await openRefund(await openDetails(COMPLETED));

    expect(within(confirm).getByText(/The buyer gets/)).toHaveTextContent('The buyer gets $44.98 back in full through PayPal.');
    expect(within(confirm).getByText('Its licence keys are revoked.')).toBeInTheDocument();
    expect(within(confirm).getByText('Its downloads stop.')).toBeInTheDocument();
    expect(within(confirm).getByText('The buyer (ana@example.com) is mailed that the order was refunded.')).toBeInTheDocument();
    const reason = within(confirm).getByLabelText('Reason');
    expect(reason).toBeRequired();

    await user.click(within(confirm).getByRole('button', { name: 'Refund $44.98' }));
    expect(await within(confirm).findByText('Give a reason of 3 to 500 characters')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();

    await user.type(reason, 'no');
    // Typing clears the message; the next submit checks again.
    expect(within(confirm).queryByText('Give a reason of 3 to 500 characters')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Refund $44.98' }));
    expect(await within(confirm).findByText('Give a reason of 3 to 500 characters')).toBeInTheDocument();

    await user.clear(reason);
    await user.type(reason, '   ');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $44.98' }));
    expect(await within(confirm).findByText('Give a reason of 3 to 500 characters')).toBeInTheDocument();
    expect(api.calls('adminRefundOrder')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund order #abcd1234' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Order #abcd1234' })).toBeInTheDocument();
  });

  it('refunds with the reason: busy while sent, then says so, shows the refund and reloads the lists and the figures', async () => {
    let current = COMPLETED;
    const answer = deferred<AdminOrder>();
    api.on('adminStats', aDashboardStats());
    api.on('adminListOrders', () => list([current]));
    api.on('adminRefundOrder', async () => {
      current = await answer.promise;
      return current;
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/');
    // The dashboard's figures and latest orders are loaded first: the refund must make them stale.
    await screen.findByRole('link', { name: 'Order #abcd1234' });
    await waitFor(() => expect(api.calls('adminStats')).toHaveLength(1));
    await router.navigate({ to: '/orders' });
    await user.click(await screen.findByRole('button', { name: 'View order #abcd1234' }));
    const details = await screen.findByRole('dialog', { name: 'Order #abcd1234' });
    const confirm = await openRefund(details);

    await user.type(within(confirm).getByLabelText('Reason'), 'Bought twice by mistake');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $44.98' }));

    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Refund $44.98' })).toHaveAttribute('aria-busy', 'true'));
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const calls = api.calls('adminRefundOrder');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params.id).toBe(COMPLETED.id);
    expect(calls[0]?.body).toEqual({ reason: 'Bought twice by mistake' });
    const listCallsBefore = api.calls('adminListOrders').length;

    answer.resolve(REFUNDED);

    expect(await screen.findByText('Order refunded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund order #abcd1234' })).not.toBeInTheDocument());
    // The details stay open and show the refund; the Refund button is gone.
    const refund = within(details).getByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('Bought twice by mistake')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(rowOf('View order #abcd1234')).getByText('Refunded')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('adminListOrders').length).toBeGreaterThan(listCallsBefore));

    // Back on the dashboard, the figures and the latest orders load again (they would be fresh for 30 s otherwise).
    await user.click(screen.getByRole('button', { name: 'Close order details' }));
    const recentBefore = api.calls('adminListOrders').filter((call) => call.query.limit === 5).length;
    await router.navigate({ to: '/' });
    await waitFor(() => expect(api.calls('adminStats')).toHaveLength(2));
    await waitFor(() => expect(api.calls('adminListOrders').filter((call) => call.query.limit === 5).length).toBeGreaterThan(recentBefore));
  });

  it('refunds a free order without PayPal: nothing goes back, the goods stop', async () => {
    const free = anAdminOrder(aFreeOrder({ id: COMPLETED.id }));
    api.on('adminRefundOrder', { ...free, status: 'refunded', refund: aRefund({ refund_id: null }) });
    const user = userEvent.setup();
    const confirm = await openRefund(await openDetails(free));

    expect(within(confirm).getByText(/This order was free/)).toHaveTextContent(
      'This order was free ($0.00): no money goes back, but its goods stop working.',
    );
    await user.type(within(confirm).getByLabelText('Reason'), 'Test order');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $0.00' }));

    expect(await screen.findByText('Order refunded')).toBeInTheDocument();
    expect(api.calls('adminRefundOrder')[0]?.body).toEqual({ reason: 'Test order' });
  });

  it("shows the server's reason when it refuses, keeps the dialog open and reloads the list", async () => {
    api.on('adminListOrders', list([COMPLETED]));
    api.on('adminRefundOrder', api.error(409, 'This order is already refunded', 'order_not_refundable'));
    const user = userEvent.setup();
    const confirm = await openRefund(await openDetails(COMPLETED));
    const listCalls = api.calls('adminListOrders').length;

    await user.type(within(confirm).getByLabelText('Reason'), 'Customer asked');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $44.98' }));

    expect(await screen.findByText('Refund failed: This order is already refunded')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Refund order #abcd1234' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Refund $44.98' })).toBeEnabled();
    await waitFor(() => expect(api.calls('adminListOrders').length).toBeGreaterThan(listCalls));
  });

  it('shows a refunded order’s refund: when, by whom, the reason and PayPal’s refund id', async () => {
    const details = await openDetails(REFUNDED);

    const refund = within(within(details).getByRole('region', { name: 'Refund' }));
    expect(refund.getByText('24. nov 2026. 15:30')).toHaveAttribute('datetime', '2026-11-24T15:30:00.000Z');
    expect(refund.getByText('Staff')).toBeInTheDocument();
    expect(refund.getByText('Bought twice by mistake')).toBeInTheDocument();
    expect(refund.getByText('1JU08902781691411')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('shows a refund made at PayPal without a reason', async () => {
    const details = await openDetails({ ...REFUNDED, refund: aRefund({ origin: 'paypal', reason: null, refund_id: '9Y123456AB' }) });

    const refund = within(within(details).getByRole('region', { name: 'Refund' }));
    expect(refund.getByText('At PayPal')).toBeInTheDocument();
    expect(refund.queryByText('Reason')).not.toBeInTheDocument();
    expect(refund.getByText('9Y123456AB')).toBeInTheDocument();
  });

  it('says a refund is under way and offers no Refund while PayPal has not answered', async () => {
    const details = await openDetails({ ...COMPLETED, refund_in_progress: true });

    expect(within(details).getByText('Refund requested; waiting for PayPal')).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('region', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
