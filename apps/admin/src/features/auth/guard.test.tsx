import { aUser, anAdmin } from '@store/api-fake';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session.ts';

const api = setupAdminApi();

/** Whether any admin screen's data was asked for. */
const askedForAdminData = () => api.allCalls().some((call) => call.url.pathname.startsWith('/api/admin/'));

describe('the admin guard', () => {
  it('sends a visitor without a session to the login screen, remembering where they were heading', async () => {
    const { router } = renderApp('/admin/orders?status=pending');

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/orders?status=pending' });
    expect(api.calls('adminListOrders')).toHaveLength(0);
  });

  it('forgets a stored session the server no longer accepts and shows the login screen once', async () => {
    signIn(api, anAdmin());
    api.on('me', api.error(401, 'Your session has expired', 'unauthorized'));
    // The start-up check logs why the stored session was dropped (spec section 8).
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(api.calls('me')).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
  });

  it('refuses a signed-in account without the admin role, without loading any admin screen', async () => {
    signIn(api, aUser());
    const { router } = renderApp('/admin/orders');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText(/You need an administrator account/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(askedForAdminData()).toBe(false);
  });

  it('lets a refused account log out, ending its session on the server, and go to the login screen', async () => {
    signIn(api, aUser());
    const { router } = renderApp('/admin/');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStore.getState().user).toBeNull();
    expect(api.calls('logout')).toHaveLength(1);
  });

  it('sends a signed-in admin away from the login screen to where they were heading', async () => {
    signIn(api, anAdmin());
    api.on('adminListUsers', { users: [], total: 0 });
    api.on('adminUserCounts', { total: 0, admins: 0, active: 0 });
    const { router } = renderApp('/admin/login?redirect=%2Fusers');

    expect(await screen.findByRole('heading', { name: 'Korisnici' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('shows the refusal, not the login form, to a signed-in account without the admin role', async () => {
    signIn(api, aUser());
    const { router } = renderApp('/admin/login');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('sends an admin who opens the refusal screen to the dashboard', async () => {
    signIn(api, anAdmin());
    api.on('adminStats', { total_products: 0, total_orders: 0, total_users: 0, total_revenue: 0, open_disputes: 0, active_subscriptions: 0, mrr: 0 });
    api.on('adminListOrders', { orders: [], total: 0 });
    const { router } = renderApp('/admin/access-denied');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the login screen when an admin screen answers 401, and comes back after', async () => {
    signIn(api, anAdmin());
    api.on('adminListOrders', api.error(401, 'Your session has expired', 'unauthorized'));
    const { router } = renderApp('/admin/orders?status=paid');

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ redirect: '/orders?status=paid' }));
    expect(sessionStore.getState().user).toBeNull();
  });
});
