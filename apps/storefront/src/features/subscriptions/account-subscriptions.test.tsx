import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { SUBSCRIPTION_ID, aSubscription } from '../../test/subscriptions.ts';
import { formatOrderDate } from '../orders/order-format.ts';
import { PERIOD_LIMIT_REACHED } from './subscription-goods.tsx';

const api = setupShopApi({ listMyOrders: { orders: [], total: 0 } });
beforeEach(resetShop);
afterEach(resetShop);

const PERIOD_END = '2026-12-26T10:00:00.000Z';

async function subscriptionCard() {
  const section = await screen.findByRole('region', { name: 'My Subscriptions' });
  return within(section).findByRole('article', { name: 'Aurora AI Writer' });
}

describe("the account's subscriptions", { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('shows each subscription with its status, price per period, next payment, key and files', async () => {
    signIn(api);
    api.on('listMySubscriptions', { subscriptions: [aSubscription()] });
    renderApp('/account');

    const card = await subscriptionCard();
    expect(within(card).getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(within(card).getByTestId('subscription-price')).toHaveTextContent('$19.99 / month');
    expect(within(card).getByText(`Next payment: ${formatOrderDate(PERIOD_END)}`)).toBeInTheDocument();
    expect(within(card).getByText('AURORA-7K2Q-9XM4-PL3D')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(within(card).getByText(`Key valid until ${formatOrderDate('2026-12-29T10:00:00.000Z')}`)).toBeInTheDocument();
    const download = within(card).getByRole('link', { name: 'Download aurora-writer-setup.exe' });
    expect(download.getAttribute('href')).toContain(`/api/subscriptions/${SUBSCRIPTION_ID}/downloads/`);
    expect(within(card).getByText('Downloaded 1 of 5 times')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Update payment at PayPal' })).toBeNull();
  });

  it("says when a file's limit starts again once this period's downloads are used", async () => {
    signIn(api);
    const [file] = aSubscription().downloads;
    api.on('listMySubscriptions', { subscriptions: [aSubscription({ downloads: [{ ...file!, download_count: 5, download_limit: 5 }] })] });
    renderApp('/account');

    const card = await subscriptionCard();
    expect(within(card).getByText('Downloaded 5 of 5 times')).toBeInTheDocument();
    expect(within(card).getByText(PERIOD_LIMIT_REACHED)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Download aurora-writer-setup.exe' })).toBeNull();
  });

  it('cancels after a confirmation, says so, and then shows the access until the end of the paid period', async () => {
    signIn(api);
    api.on('listMySubscriptions', { subscriptions: [aSubscription()] });
    api.on('cancelMySubscription', () => {
      api.on('listMySubscriptions', { subscriptions: [aSubscription({ cancel_at_period_end: true })] });
      return aSubscription({ cancel_at_period_end: true });
    });
    const user = userEvent.setup();
    renderApp('/account');

    await user.click(within(await subscriptionCard()).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Aurora AI Writer?' });
    expect(dialog).toHaveTextContent(`You keep access until ${formatOrderDate(PERIOD_END)}.`);
    expect(api.calls('cancelMySubscription')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(`Subscription cancelled. You keep access until ${formatOrderDate(PERIOD_END)}.`)).toBeInTheDocument();
    expect(api.calls('cancelMySubscription').map((call) => call.params.id)).toEqual([SUBSCRIPTION_ID]);
    const card = await subscriptionCard();
    await waitFor(() => expect(within(card).getByText(`Access until ${formatOrderDate(PERIOD_END)}`)).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the subscription when the shopper changes their mind', async () => {
    signIn(api);
    api.on('listMySubscriptions', { subscriptions: [aSubscription()] });
    const user = userEvent.setup();
    renderApp('/account');

    await user.click(within(await subscriptionCard()).getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep subscription' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('cancelMySubscription')).toHaveLength(0);
  });

  it("says why a cancel failed and keeps the dialog's subscription as it was", async () => {
    signIn(api);
    api.on('listMySubscriptions', { subscriptions: [aSubscription()] });
    api.on('cancelMySubscription', api.error(502, 'PayPal did not answer', 'bad_gateway'));
    const user = userEvent.setup();
    renderApp('/account');

    await user.click(within(await subscriptionCard()).getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Could not cancel the subscription: PayPal did not answer')).toBeInTheDocument();
    expect(within(await subscriptionCard()).getByText(`Next payment: ${formatOrderDate(PERIOD_END)}`)).toBeInTheDocument();
  });

  it('offers to update the payment at PayPal when a payment failed', async () => {
    signIn(api);
    const updateUrl = 'https://www.sandbox.paypal.com/myaccount/autopay/connect/I-BW452GLLEP1G';
    api.on('listMySubscriptions', { subscriptions: [aSubscription({ status: 'past_due', update_payment_url: updateUrl })] });
    renderApp('/account');

    const card = await subscriptionCard();
    expect(within(card).getByText('Past due')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Update payment at PayPal' })).toHaveAttribute('href', updateUrl);
    expect(within(card).getByText(/The last payment failed/)).toBeInTheDocument();
  });

  it('offers to continue at PayPal a subscription still awaiting approval, and no key yet', async () => {
    signIn(api);
    const approveUrl = 'https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-7YU4';
    api.on('listMySubscriptions', {
      subscriptions: [aSubscription({ status: 'approval_pending', approve_url: approveUrl, current_period_end: null, license_keys: [], downloads: [] })],
    });
    renderApp('/account');

    const card = await subscriptionCard();
    expect(within(card).getByText('Waiting for your approval at PayPal.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue at PayPal' })).toHaveAttribute('href', approveUrl);
  });

  it('offers no way back to PayPal once the subscription no longer awaits approval', async () => {
    signIn(api);
    api.on('listMySubscriptions', { subscriptions: [aSubscription({ status: 'active', approve_url: 'https://www.sandbox.paypal.com/stale' })] });
    renderApp('/account');

    expect(within(await subscriptionCard()).queryByRole('link', { name: 'Continue at PayPal' })).toBeNull();
  });

  it('shows a suspended key as suspended, and no Cancel for an expired subscription', async () => {
    signIn(api);
    api.on('listMySubscriptions', {
      subscriptions: [
        aSubscription({
          status: 'suspended',
          update_payment_url: 'https://www.sandbox.paypal.com/myaccount/autopay/',
          license_keys: [{ key: 'AURORA-7K2Q-9XM4-PL3D', expires_at: PERIOD_END, status: 'suspended' }],
        }),
        aSubscription({
          id: '99999999-9999-4999-8999-999999999902',
          product_title: 'Old Writer',
          status: 'expired',
          license_keys: [],
          downloads: [],
        }),
      ],
    });
    renderApp('/account');

    const card = await subscriptionCard();
    expect(within(card).getByText('Suspended')).toBeInTheDocument();
    expect(within(card).getByText('Key suspended until the payment goes through')).toBeInTheDocument();
    const expired = screen.getByRole('article', { name: 'Old Writer' });
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText(`Ended ${formatOrderDate(PERIOD_END)}`)).toBeInTheDocument();
    expect(within(expired).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(expired).queryByRole('link', { name: 'Update payment at PayPal' })).toBeNull();
  });

  it('shows no Subscriptions section to a shopper without any', async () => {
    signIn(api);
    api.on('listMySubscriptions', { subscriptions: [] });
    renderApp('/account');

    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('listMySubscriptions')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'My Subscriptions' })).toBeNull();
  });
});
