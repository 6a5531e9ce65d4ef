import { aTwoFactorChallenge, aUser, anAdmin, authResponse } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupAdminApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session.ts';

const api = setupAdminApi();

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email or Username'), login);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('the admin login screen', () => {
  it('has a labelled field for an email or a username, a password with a show/hide toggle, and no admin navigation', async () => {
    renderApp('/admin/login');

    const login = await screen.findByLabelText('Email or Username');
    expect(login).toHaveAttribute('autocomplete', 'username');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();

    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Acme Keys Admin'));
  });

  it('signs in, says so and goes to the page the admin was heading to', async () => {
    api.on('login', authResponse(anAdmin()));
    api.on('adminListOrders', { orders: [], total: 0 });
    const { router } = renderApp('/admin/login?redirect=%2Forders%3Fstatus%3Dpending');

    await signIn('  admin ', 'secret1');

    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    expect(router.state.location.search).toEqual({ status: 'pending' });
    expect(api.calls('login')[0]?.body).toEqual({ username: 'admin', password: 'secret1' });
    expect(sessionStore.getState().user?.username).toBe('admin');
    expect(window.localStorage.getItem('access_token')).toBe('token-of-admin');
  });

  it('goes to the dashboard when no page was asked for', async () => {
    api.on('login', authResponse(anAdmin()));
    api.on('adminStats', { total_products: 0, total_orders: 0, total_users: 0, total_revenue: 0, open_disputes: 0, active_subscriptions: 0, mrr: 0 });
    api.on('adminListOrders', { orders: [], total: 0 });
    const { router } = renderApp('/admin/login');

    await signIn('admin', 'secret1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's reason for a wrong password and keeps the form as it was, without a loop", async () => {
    api.on('login', api.error(401, 'Incorrect username or password', 'invalid_credentials'));
    const { router } = renderApp('/admin/login?redirect=%2Fusers');

    await signIn('admin', 'wrong-password');

    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveValue('admin');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/users' });
    expect(api.calls('login')).toHaveLength(1);
  });

  it("says 'Login failed' when the server gives no reason", async () => {
    api.on('login', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    renderApp('/admin/login');

    await signIn('admin', 'secret1');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it("says 'Login error' when the server cannot be reached", async () => {
    api.on('login', () => Response.error());
    renderApp('/admin/login');

    await signIn('admin', 'secret1');

    expect(await screen.findByText('Login error')).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    renderApp('/admin/login');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign In' }));

    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(within(form).getByText('Enter your email or username')).toBeInTheDocument();
    expect(within(form).getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('login')).toHaveLength(0);
  });

  it('refuses an account without the admin role after it signs in', async () => {
    api.on('login', authResponse(aUser()));
    const { router } = renderApp('/admin/login');

    await signIn('alice', 'secret1');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(api.allCalls().some((call) => call.url.pathname.startsWith('/api/admin/'))).toBe(false);
  });
});

describe('the two-factor step of the admin login', () => {
  const DASHBOARD = { total_products: 0, total_orders: 0, total_users: 0, total_revenue: 0, open_disputes: 0, active_subscriptions: 0, mrr: 0 };

  it('asks for the code after the password, and signs in with it', async () => {
    api.on('login', aTwoFactorChallenge('C'.repeat(43)));
    api.on('loginTwoFactor', authResponse(anAdmin()));
    api.on('adminStats', DASHBOARD);
    api.on('adminListOrders', { orders: [], total: 0 });
    const { router } = renderApp('/admin/login');

    const user = await signIn('admin', 'secret1');

    const code = await screen.findByLabelText('Two-factor code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // No session yet: the password alone stored nothing.
    expect(window.localStorage.getItem('access_token')).toBeNull();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('loginTwoFactor')[0]?.body).toEqual({ token: 'C'.repeat(43), code: '123456' });
    expect(window.localStorage.getItem('access_token')).toBe('token-of-admin');
  });

  it("shows the server's reason for a wrong code and keeps the step", async () => {
    api.on('login', aTwoFactorChallenge());
    api.on('loginTwoFactor', api.error(400, 'That code is not right, or it was used already. Enter the code your app shows now.', 'invalid_two_factor_code'));
    renderApp('/admin/login');

    const user = await signIn('admin', 'secret1');
    await user.type(await screen.findByLabelText('Two-factor code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('That code is not right, or it was used already. Enter the code your app shows now.')).toBeInTheDocument();
    expect(screen.getByLabelText('Two-factor code')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('checks the code has six digits before calling the server', async () => {
    api.on('login', aTwoFactorChallenge());
    renderApp('/admin/login');

    const user = await signIn('admin', 'secret1');
    await user.type(await screen.findByLabelText('Two-factor code'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.calls('loginTwoFactor')).toHaveLength(0);
  });

  it('takes a recovery code instead', async () => {
    api.on('login', aTwoFactorChallenge());
    api.on('loginTwoFactor', authResponse(anAdmin()));
    api.on('adminStats', DASHBOARD);
    api.on('adminListOrders', { orders: [], total: 0 });
    renderApp('/admin/login');

    const user = await signIn('admin', 'secret1');
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), ' abcde-fghij ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(api.calls('loginTwoFactor')[0]?.body).toEqual({ token: 'T'.repeat(43), recovery_code: 'abcde-fghij' });
  });

  it('goes back to the password when the server ended the second step', async () => {
    api.on('login', aTwoFactorChallenge());
    api.on('loginTwoFactor', api.error(401, 'Too many wrong codes. Sign in with your password again.', 'two_factor_token_invalid'));
    const { router } = renderApp('/admin/login');

    const user = await signIn('admin', 'secret1');
    await user.type(await screen.findByLabelText('Two-factor code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Too many wrong codes. Sign in with your password again.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email or Username')).toHaveValue('admin');
    expect(router.state.location.pathname).toBe('/login');
  });
});
