import { PRODUCT_ID, aCartLine } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { SUBSCRIPTION_ID, aSubscription } from '../../test/subscriptions.ts';
import { cartStore } from '../cart/cart-store.ts';
import { formatOrderDate } from '../orders/order-format.ts';
import { CONFIRM_POLL_DELAYS_MS, nextConfirmPoll } from './subscription-return-page.tsx';

const api = setupShopApi({ listMySubscriptions: { subscriptions: [] } });
beforeEach(resetShop);
afterEach(resetShop);

const RETURN_PATH = `/account/subscriptions/${SUBSCRIPTION_ID}/return?subscription_id=I-BW452GLLEP1G`;

/** The cart holds the subscription (added from a product card) and another product. */
function cartWithSubscription() {
  cartStore.getState().add(aCartLine({ id: PRODUCT_ID, title: 'Aurora AI Writer', product_type: 'subscription' }));
  cartStore.getState().add(aCartLine({ id: '22222222-2222-4222-8222-222222222222', title: 'Other' }));
}

describe("PayPal's return page for a subscription", { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('confirms the subscription, shows it active with its key and file, and takes it out of the cart', async () => {
    signIn(api);
    cartWithSubscription();
    api.on('confirmSubscription', aSubscription());
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription active' })).toBeInTheDocument();
    expect(screen.getByText(`Next payment: ${formatOrderDate('2026-12-26T10:00:00.000Z')}`, { exact: false })).toBeInTheDocument();
    const goods = screen.getByRole('region', { name: 'Your subscription' });
    expect(within(goods).getByText('AURORA-7K2Q-9XM4-PL3D')).toBeInTheDocument();
    expect(within(goods).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    expect(within(goods).getByRole('link', { name: 'Download aurora-writer-setup.exe' })).toBeInTheDocument();
    expect(api.calls('confirmSubscription')[0]?.params.id).toBe(SUBSCRIPTION_ID);
    expect(cartStore.getState().items.map((line) => line.title)).toEqual(['Other']);
  });

  it('says it is waiting for PayPal, asks again on its own, and shows the subscription once PayPal has it', async () => {
    signIn(api);
    api.once(
      'confirmSubscription',
      aSubscription({ status: 'approval_pending', current_period_end: null, license_keys: [], downloads: [] }),
    );
    api.on('confirmSubscription', aSubscription());
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for PayPal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription active' }, { timeout: CONFIRM_POLL_DELAYS_MS[0] + 3000 }),
    ).toBeInTheDocument();
    expect(api.calls('confirmSubscription')).toHaveLength(2);
  });

  it('waits longer between asks, a minute in all, then stops', () => {
    const waits = CONFIRM_POLL_DELAYS_MS.map((_, index) => nextConfirmPoll(index + 1) as number);
    expect(waits.every((wait, index) => index === 0 || wait >= waits[index - 1]!)).toBe(true);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBe(60_000);
    expect(nextConfirmPoll(CONFIRM_POLL_DELAYS_MS.length + 1)).toBe(false);
  });

  it('asks again when the shopper presses Check again', async () => {
    signIn(api);
    const pending = aSubscription({ status: 'approval_pending', current_period_end: null, license_keys: [], downloads: [] });
    api.on('confirmSubscription', pending);
    const user = userEvent.setup();
    renderApp(RETURN_PATH);

    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    api.on('confirmSubscription', aSubscription());
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription active' })).toBeInTheDocument();
    expect(api.calls('confirmSubscription').length).toBeGreaterThanOrEqual(3);
  });

  it('says the subscription did not start when PayPal has it cancelled, and leaves the cart alone', async () => {
    signIn(api);
    cartWithSubscription();
    api.on('confirmSubscription', aSubscription({ status: 'cancelled', current_period_end: null, license_keys: [], downloads: [] }));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'The subscription did not start' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Aurora AI Writer' })).toHaveAttribute('href', `/products/${PRODUCT_ID}`);
    expect(cartStore.getState().items).toHaveLength(2);
  });

  it("shows the store's reason when it cannot confirm, with Try again", async () => {
    signIn(api);
    api.on('confirmSubscription', api.error(404, 'Subscription not found', 'subscription_not_found'));
    renderApp(RETURN_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not confirm your subscription' })).toBeInTheDocument();
    expect(screen.getByText('PayPal did not confirm it: Subscription not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
