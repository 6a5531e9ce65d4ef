import { aDashboardStats, aProduct, aProductList, anAdminProduct, deferred } from '@store/api-fake';
import type { AdminSubscription, AdminSubscriptionList, AdminSubscriptionSummary } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const PRODUCT_ID = '3c2b1a09-8f7e-4d6c-9b5a-41d2c3b4a5f6';

function aSubscription(overrides: Partial<AdminSubscription> = {}): AdminSubscription {
  return {
    id: '7a7a7a7a-1111-4222-8333-44445555c0de',
    paypal_subscription_id: 'I-BW452GLLEP1G',
    product_id: PRODUCT_ID,
    product_title: 'Aurora AI Writer',
    price: 19.99,
    billing_interval: 'month',
    status: 'active',
    current_period_end: '2026-12-24T09:05:00.000Z',
    cancel_at_period_end: false,
    trial_ends_at: null,
    created_at: '2026-10-24T09:05:00.000Z',
    approve_url: null,
    update_payment_url: null,
    license_keys: [{ key: 'AURORA-1234-5678', expires_at: '2026-12-27T09:05:00.000Z', status: 'active' }],
    downloads: [],
    user: { id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11', username: 'ana', email: 'ana@example.com' },
    failed_payments_count: 0,
    cancelled_at: null,
    payments: [
      { id: '9a8b7c6d-0000-4000-8000-000000000002', paypal_sale_id: 'SALE-2', amount: 19.99, status: 'completed', paid_at: '2026-11-24T09:05:00.000Z', refunded_at: null },
      { id: '9a8b7c6d-0000-4000-8000-000000000001', paypal_sale_id: 'SALE-1', amount: 19.99, status: 'completed', paid_at: '2026-10-24T09:05:00.000Z', refunded_at: null },
    ],
    ...overrides,
  };
}

function summaryOf({ payments: _payments, ...subscription }: AdminSubscription): AdminSubscriptionSummary {
  return subscription;
}

const ACTIVE = aSubscription();
const YEARLY = aSubscription({
  id: '7a7a7a7a-1111-4222-8333-44445555beef',
  product_title: 'Harborline Backup Pro',
  price: 199,
  billing_interval: 'year',
  status: 'cancelled',
  cancel_at_period_end: true,
  user: { id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e12', username: 'marko', email: 'marko@example.org' },
});

const listOf = (items: AdminSubscription[], total = items.length): AdminSubscriptionList => ({ items: items.map(summaryOf), total });

describe('the subscriptions screen', () => {
  beforeEach(() => {
    signInAsAdmin(api);
    api.on(
      'adminListProducts',
      aProductList([
        anAdminProduct({ ...aProduct({ id: PRODUCT_ID, title: 'Aurora AI Writer' }), product_type: 'subscription', billing_interval: 'month' }),
        anAdminProduct({ ...aProduct({ id: '3c2b1a09-8f7e-4d6c-9b5a-41d2c3b4ffff', title: 'One-off tool' }), product_type: 'single' }),
      ]),
    );
  });

  it('is in the navigation and lists subscriptions: buyer, product and price per period, status, period end', { timeout: 30_000 }, async () => {
    api.on('adminStats', aDashboardStats());
    api.on('adminListOrders', { orders: [], total: 0 });
    api.on('adminListSubscriptions', listOf([ACTIVE, YEARLY]));
    renderApp('/admin/');

    await userEvent.setup().click(await screen.findByRole('link', { name: 'Subscriptions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    const first = (await screen.findByRole('link', { name: 'Sub #5555c0de' })).closest('tr')!;
    expect(within(first).getByText('ana')).toBeInTheDocument();
    expect(within(first).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(first).getByText('$19.99 / month')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('24. dec 2026. 09:05')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'Sub #5555beef' }).closest('tr')!;
    expect(within(second).getByText('$199.00 / year')).toBeInTheDocument();
    expect(within(second).getByText('Cancelled')).toBeInTheDocument();
    expect(within(second).getByText('Ends at period end')).toBeInTheDocument();
    expect(screen.getByText('2 subscriptions')).toBeInTheDocument();
  });

  it('filters by status, product and buyer, starting again from the first page, and pages 100 at a time', { timeout: 30_000 }, async () => {
    api.on('adminListSubscriptions', listOf([ACTIVE], 250));
    const { router } = renderApp('/admin/subscriptions?page=2');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'Sub #5555c0de' });
    expect(api.calls('adminListSubscriptions')[0]?.query).toMatchObject({ limit: 100, offset: 100 });

    // Only subscription products are offered as the product filter.
    const product = screen.getByLabelText('Product');
    await waitFor(() => expect(within(product).getByRole('option', { name: 'Aurora AI Writer' })).toBeInTheDocument());
    expect(within(product).queryByRole('option', { name: 'One-off tool' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'past_due');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'past_due' }));
    await user.selectOptions(product, PRODUCT_ID);
    await user.type(screen.getByRole('searchbox', { name: 'Search subscriptions' }), 'ANA@{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'past_due', product_id: PRODUCT_ID, q: 'ANA@' }));
    await waitFor(() =>
      expect(api.calls('adminListSubscriptions').at(-1)?.query).toMatchObject({ status: 'past_due', product_id: PRODUCT_ID, q: 'ANA@', offset: 0 }),
    );

    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(api.calls('adminListSubscriptions').at(-1)?.query).toMatchObject({ offset: 100 }));
  });

  it('shows a loading row, then the empty state; a failed load says so', async () => {
    const answer = deferred<AdminSubscriptionList>();
    api.once('adminListSubscriptions', () => answer.promise);
    renderApp('/admin/subscriptions');

    expect(await screen.findByRole('status', { name: 'Loading subscriptions…' })).toBeInTheDocument();
    answer.resolve(listOf([]));
    expect(await screen.findByText('No subscriptions found')).toBeInTheDocument();
  });

  it("says 'Error loading subscriptions' when the list cannot be loaded", async () => {
    api.on('adminListSubscriptions', api.error(400, 'q must be at most 200 characters', 'validation_error'));
    renderApp('/admin/subscriptions');

    expect(await screen.findByText('Error loading subscriptions')).toBeInTheDocument();
    expect(screen.getByText('No subscriptions found')).toBeInTheDocument();
  });
});

/** The subscription as the fake server keeps it: the details answer it, a change answers and keeps the changed one. */
function serverWith(initial: AdminSubscription) {
  let current = initial;
  api.on('adminGetSubscription', () => current);
  return {
    change: (changes: Partial<AdminSubscription>) => {
      current = { ...current, ...changes };
      return current;
    },
  };
}

describe("a subscription's details", () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('shows the buyer, product, status, period end, key and every payment', { timeout: 30_000 }, async () => {
    api.on('adminGetSubscription', aSubscription({ failed_payments_count: 2 }));
    renderApp(`/admin/subscriptions/${ACTIVE.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sub #5555c0de' })).toBeInTheDocument();
    expect(await screen.findByText('Aurora AI Writer · $19.99 / month')).toBeInTheDocument();
    expect(screen.getByText('ana')).toBeInTheDocument();
    expect(screen.getByText('AURORA-1234-5678')).toBeInTheDocument();
    expect(screen.getByText('I-BW452GLLEP1G')).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    const rows = within(payments).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('SALE-2');
    expect(rows[1]).toHaveTextContent('SALE-1');
    expect(api.calls('adminGetSubscription')[0]?.url.pathname).toBe(`/api/admin/subscriptions/${ACTIVE.id}`);
  });

  it('cancels at the period end after confirmation, shows the answer and says so', async () => {
    const server = serverWith(ACTIVE);
    api.on('adminCancelSubscription', () => server.change({ status: 'cancelled', cancel_at_period_end: true, cancelled_at: '2026-11-28T10:00:00.000Z' }));
    renderApp(`/admin/subscriptions/${ACTIVE.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription' });
    expect(dialog).toHaveTextContent('access continues until');
    expect(api.calls('adminCancelSubscription')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));

    expect(await screen.findByText('Subscription cancelled at the end of its period')).toBeInTheDocument();
    expect(api.calls('adminCancelSubscription')[0]?.url.pathname).toBe(`/api/admin/subscriptions/${ACTIVE.id}/cancel`);
    expect(api.calls('adminCancelSubscription')[0]?.body).toEqual({ at: 'period_end' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel at period end' })).toBeDisabled());
  });

  it('cancels now after confirmation; keeping it sends nothing', async () => {
    const server = serverWith(ACTIVE);
    api.on('adminCancelSubscription', () => server.change({ status: 'expired', cancelled_at: '2026-11-28T10:00:00.000Z' }));
    renderApp(`/admin/subscriptions/${ACTIVE.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel now' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel the subscription' })).getByRole('button', { name: 'Keep it' }));
    expect(api.calls('adminCancelSubscription')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription' });
    expect(dialog).toHaveTextContent('access ends now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel now' }));

    expect(await screen.findByText('Subscription cancelled: access has ended')).toBeInTheDocument();
    expect(api.calls('adminCancelSubscription')[0]?.body).toEqual({ at: 'now' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel now' })).toBeDisabled());
  });

  it('refunds the last payment with a reason after confirmation, and shows a refusal with its detail', async () => {
    const server = serverWith(ACTIVE);
    api.once('adminRefundSubscriptionPayment', api.error(409, 'A refund of this payment is already under way; PayPal has not answered it yet.', 'refund_in_progress'));
    api.on('adminRefundSubscriptionPayment', () =>
      server.change({
        status: 'expired',
        payments: [{ ...ACTIVE.payments[0]!, status: 'refunded', refunded_at: '2026-11-28T10:00:00.000Z' }, ACTIVE.payments[1]!],
      }),
    );
    renderApp(`/admin/subscriptions/${ACTIVE.id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Refund last payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the last payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund $19.99' }));
    // A reason is required before anything is sent.
    expect(api.calls('adminRefundSubscriptionPayment')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Bought by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $19.99' }));
    expect(await screen.findByText(/Refund failed.*already under way/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refund $19.99' }));
    expect(await screen.findByText('Last payment refunded and subscription ended')).toBeInTheDocument();
    expect(api.calls('adminRefundSubscriptionPayment').at(-1)?.body).toEqual({ reason: 'Bought by mistake' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund last payment' })).toBeDisabled());
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByText('Refunded', { selector: 'td *, td' })).toBeInTheDocument();
  });
});
