import { SITE_INFO, USER_ID, aDeliveredOrder, aProductList, aUser } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { NO_MAIL_NOTICE } from './email-links.tsx';

const SAME_ANSWER = 'If an account uses this email, a sign-in link is on its way. It works once, within 15 minutes.';
const DEAD_LINK = 'This sign-in link is invalid, used already or expired. Ask for a new one.';

const api = setupShopApi({ listProducts: aProductList([]), requestMagicLink: { message: SAME_ANSWER, mailed: true }, listMyOrders: { orders: [], total: 0 } });

describe('verified email and sign-in links', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('offers a sign-in link on the login page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Email me a sign-in link' })).toHaveAttribute('href', '/sign-in-link');
  });

  it("sends the email and shows the shop's one answer in the form's place", async () => {
    renderApp('/sign-in-link');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' Someone@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    expect(await screen.findByText(SAME_ANSWER)).toBeVisible();
    expect(api.calls('requestMagicLink')[0]?.body).toEqual({ email: 'Someone@Example.com' });
  });

  it('refuses an address that is not one before sending anything', async () => {
    renderApp('/sign-in-link');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Sign-in Link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('requestMagicLink')).toHaveLength(0);
  });

  it('signs in with the link only on a click, then opens the account with its orders', async () => {
    const token = 'B'.repeat(43);
    const account = aUser({ email_verified: true });
    api.on('signInWithMagicLink', { access_token: 'link-session', token_type: 'bearer', expires_in: 3600, user: account });
    api.on('me', account);
    api.on('listMyOrders', { orders: [aDeliveredOrder({ user_id: USER_ID })], total: 1 });
    renderApp(`/sign-in-link?token=${token}`);
    const button = await screen.findByRole('button', { name: 'Sign In' });
    // Opening the page spends nothing: a mail scanner that opens links ahead of the shopper must not use it up.
    expect(api.calls('signInWithMagicLink')).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeVisible();
    expect(await screen.findByRole('article')).toBeVisible();
    expect(api.calls('signInWithMagicLink')).toEqual([expect.objectContaining({ body: { token } })]);
    expect(localStorage.getItem('access_token')).toBe('link-session');
  });

  it('explains a used or expired sign-in link and offers a new one', async () => {
    api.on('signInWithMagicLink', { status: 400, detail: DEAD_LINK, code: 'invalid_sign_in_link' });
    renderApp(`/sign-in-link?token=${'C'.repeat(43)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('used already or expired');
    expect(within(alert).getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/sign-in-link');
  });

  it('verifies the email from its link once, and says how many guest orders joined the account', async () => {
    const message = 'Your email is verified, and 2 orders you paid as a guest with it are now in your account.';
    api.on('verifyEmail', { message, claimed_orders: 2 });
    renderApp(`/verify-email?token=${'D'.repeat(43)}`);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in to your account' })).toHaveAttribute('href', '/login');
    expect(api.calls('verifyEmail')).toHaveLength(1);
  });

  it('shows the signed-in account as verified once its link is used', async () => {
    signIn(api, aUser({ email_verified: false }));
    // The server's account is verified once the link is spent.
    let verified = false;
    api.on('me', () => aUser({ email_verified: verified }));
    api.on('verifyEmail', () => {
      verified = true;
      return { message: 'Your email is verified.', claimed_orders: 0 };
    });
    renderApp(`/verify-email?token=${'E'.repeat(43)}`);
    expect(await screen.findByText('Your email is verified.')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your account' }));
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeVisible();
    await waitFor(() => expect(api.calls('me').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByText('Verify your email')).toBeNull());
  });

  it('explains a dead verification link', async () => {
    api.on('verifyEmail', { status: 400, detail: 'This verification link is invalid, used already or expired. Sign in and ask for a new one.', code: 'invalid_verification_link' });
    renderApp(`/verify-email?token=${'F'.repeat(43)}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('used already or expired');
    expect(within(alert).getByRole('link', { name: 'Sign in to send a new link' })).toHaveAttribute('href', '/account');
  });

  it('reminds an unverified account on its page and sends a new link on request', async () => {
    signIn(api, aUser({ email_verified: false }));
    api.on('requestEmailVerification', { message: 'A new link is on its way to alice@example.com. It works once, within 48 hours.', mailed: true });
    renderApp('/account');
    const notice = (await screen.findByText('Verify your email')).closest('[data-tone]') as HTMLElement;
    expect(notice).toHaveAttribute('data-tone', 'warning');
    expect(notice).toHaveTextContent('We mailed a link to alice@example.com');
    await userEvent.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect(await within(notice).findByText(/A new link is on its way/)).toBeVisible();
    expect(api.calls('requestEmailVerification')).toHaveLength(1);
  });

  it('never says a link was mailed while the shop cannot send email, and offers no link to send', async () => {
    signIn(api, aUser({ email_verified: false }));
    api.on('siteInfo', { ...SITE_INFO, mail_available: false });
    renderApp('/account');
    const notice = (await screen.findByText('Verify your email')).closest('[data-tone]') as HTMLElement;
    await waitFor(() => expect(notice).toHaveTextContent(NO_MAIL_NOTICE));
    expect(notice).not.toHaveTextContent('We mailed');
    expect(within(notice).queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it("takes back \"we mailed\" when the request answers that no link could be sent", async () => {
    signIn(api, aUser({ email_verified: false }));
    const message = 'This shop cannot send email right now, so no link was sent. Please try again later, or ask the shop’s staff for help.';
    api.on('requestEmailVerification', { message, mailed: false });
    renderApp('/account');
    const notice = (await screen.findByText('Verify your email')).closest('[data-tone]') as HTMLElement;
    await userEvent.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent(message);
    expect(notice).not.toHaveTextContent('We mailed');
    expect(notice).toHaveTextContent(NO_MAIL_NOTICE);
  });

  it('shows no reminder to a verified account', async () => {
    signIn(api, aUser({ email_verified: true }));
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeVisible();
    await screen.findByText('No orders yet');
    expect(screen.queryByText('Verify your email')).toBeNull();
  });
});
