import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, anAdmin, authResponse, callsTo, jsonResponse, stubApi } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session.ts';

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email or Username'), login);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

function bodyOfLogin(fetchMock: ReturnType<typeof stubApi>): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/auth/login'));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('the admin login screen', () => {
  it('has a labelled field for an email or a username, a password with a show/hide toggle, and no admin navigation', async () => {
    stubApi();
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
    const fetchMock = stubApi({
      'POST /api/auth/login': () => jsonResponse(authResponse(anAdmin())),
      'GET /api/admin/orders': () => jsonResponse({ orders: [], total: 0 }),
    });
    const { router } = renderApp('/admin/login?redirect=%2Forders%3Fstatus%3Dpending');

    await signIn('  admin ', 'secret1');

    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    expect(router.state.location.search).toEqual({ status: 'pending' });
    expect(bodyOfLogin(fetchMock)).toEqual({ username: 'admin', password: 'secret1' });
    expect(sessionStore.getState().user?.username).toBe('admin');
    expect(window.localStorage.getItem('access_token')).toBe('token-of-admin');
  });

  it('goes to the dashboard when no page was asked for', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(authResponse(anAdmin())) });
    const { router } = renderApp('/admin/login');

    await signIn('admin', 'secret1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the server's reason for a wrong password and keeps the form as it was, without a loop", async () => {
    const fetchMock = stubApi({ 'POST /api/auth/login': () => apiError(401, 'Incorrect username or password', 'invalid_credentials') });
    const { router } = renderApp('/admin/login?redirect=%2Fusers');

    await signIn('admin', 'wrong-password');

    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveValue('admin');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/users' });
    expect(callsTo(fetchMock, 'POST /api/auth/login')).toHaveLength(1);
  });

  it("says 'Login failed' when the server gives no reason", async () => {
    stubApi({ 'POST /api/auth/login': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderApp('/admin/login');

    await signIn('admin', 'secret1');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it("says 'Login error' when the server cannot be reached", async () => {
    stubApi({
      'POST /api/auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/admin/login');

    await signIn('admin', 'secret1');

    expect(await screen.findByText('Login error')).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = stubApi();
    renderApp('/admin/login');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign In' }));

    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(within(form).getByText('Enter your email or username')).toBeInTheDocument();
    expect(within(form).getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST /api/auth/login')).toHaveLength(0);
  });

  it('refuses an account without the admin role after it signs in', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/login': () => jsonResponse(authResponse(aUser())) });
    const { router } = renderApp('/admin/login');

    await signIn('alice', 'secret1');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/admin/'))).toBe(false);
  });
});
