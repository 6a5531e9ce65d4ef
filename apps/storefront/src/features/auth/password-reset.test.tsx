import { aProductList } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const SAME_ANSWER = 'If an account uses this email, a link to set a new password is on its way. It works once, within 30 minutes.';
const TOKEN = 'A'.repeat(43);

const api = setupShopApi({ listProducts: aProductList([]), requestPasswordReset: { message: SAME_ANSWER, mailed: true } });

describe('forgot password and the reset link', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('is offered on the login page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("sends the email and shows the shop's answer in the form's place", async () => {
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' Someone@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(SAME_ANSWER)).toBeVisible();
    expect(api.calls('requestPasswordReset')[0]?.body).toEqual({ email: 'Someone@Example.com' });
    expect(screen.queryByRole('form', { name: 'Forgot password' })).toBeNull();
  });

  it('refuses an address that is not one before sending anything', async () => {
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('requestPasswordReset')).toHaveLength(0);
  });

  it('sets the new password with the link, then sends the shopper to sign in', async () => {
    api.on('resetPassword', { message: 'Your new password is set. Sign in with it now.' });
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Sign in' })).toBeVisible());
    expect(api.calls('resetPassword')[0]?.body).toEqual({ token: TOKEN, new_password: 'brand-new-password' });
    expect(screen.getAllByRole('status').some((toast) => toast.textContent?.includes('new password is set'))).toBe(true);
  });

  it('refuses a confirmation that does not match, and sends nothing', async () => {
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('resetPassword')).toHaveLength(0);
  });

  it('explains a used or expired link and offers a new one', async () => {
    api.on('resetPassword', {
      status: 400,
      detail: 'This reset link is invalid, used already or expired. Ask for a new one.',
      code: 'invalid_reset_link',
    });
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('used already or expired');
    expect(within(alert).getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says what is missing when the page is opened without a link', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('needs the link from the email');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
