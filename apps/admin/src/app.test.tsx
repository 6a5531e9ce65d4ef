import { SITE_INFO, type Answer } from '@store/api-fake';
import { BRAND_NAME, type SiteInfo } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './features/session/session.ts';
import { TEST_TOKEN, setupAdminApi, signInAsAdmin } from './test/fake-api.ts';
import { renderApp } from './test/render.tsx';

// The dashboard (at /admin/) and the orders screen load their data: empty answers.
const api = setupAdminApi({
  adminStats: { total_products: 0, total_orders: 0, total_users: 0, total_revenue: 0, open_disputes: 0, active_subscriptions: 0, mrr: 0 },
  adminListOrders: { orders: [], total: 0 },
});

const siteInfo: SiteInfo = { ...SITE_INFO, logo_url: 'https://cdn.example.com/acme.png', primary_color: '#8b5cf6', font_family: 'Poppins' };

describe('the admin shell', () => {
  // Every admin screen is behind the guard: these tests start signed in as an admin.
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('falls back to the default name and a placeholder logo when the site information cannot be fetched', async () => {
    api.on('siteInfo', () => Response.error());

    renderApp();

    const header = await screen.findByRole('banner');
    const home = within(header).getByRole('link', { name: `${BRAND_NAME} Admin` });
    expect(home.getAttribute('href')).toBe('/admin/');
    expect(home.querySelector('[data-logo-placeholder]')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe(`Dashboard · ${BRAND_NAME} Admin`));
  });

  it('shows the site name and logo with the Admin label', async () => {
    api.on('siteInfo', siteInfo);

    renderApp();

    const home = await screen.findByRole('link', { name: 'Acme Keys Admin' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/acme.png');
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} Acme Keys`);
    await waitFor(() => expect(document.title).toBe('Dashboard · Acme Keys Admin'));
  });

  it('links every admin section under /admin and marks the dashboard as the current page', async () => {
    renderApp();

    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    for (const [name, href] of [
      ['Dashboard', '/admin/'],
      ['Products', '/admin/products'],
      ['Orders', '/admin/orders'],
      ['Users', '/admin/users'],
      ['Reviews', '/admin/reviews'],
      ['Settings', '/admin/settings'],
      ['Audit', '/admin/audit'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the dashboard heading at /admin/', async () => {
    renderApp('/admin/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows a not-found page inside the shell for an unknown admin address', async () => {
    renderApp('/admin/no-such-screen');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/admin/');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Acme Keys Admin'));
  });

  it('shows who is signed in, and Logout forgets the session and shows the login screen', async () => {
    const { router } = renderApp('/admin/orders');

    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('admin@example.com')).toBeInTheDocument();
    expect(within(header).getByText(/Signed in as/).parentElement).toHaveTextContent('Signed in as admin');

    await userEvent.setup().click(within(header).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(sessionStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('ends the session on the server with its token when logging out', async () => {
    const { router } = renderApp('/admin/orders');

    await userEvent.setup().click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logouts = api.calls('logout');
    expect(logouts).toHaveLength(1);
    expect(logouts[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(sessionStore.getState().user).toBeNull();
  });

  it.each<[string, Answer<'logout'>]>([
    ['cannot be reached', () => Response.error()],
    ['says the token had already expired', api.error(401, 'Your session has ended', 'unauthorized')],
  ])('still logs out and shows the login screen when the server %s', async (_, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.on('logout', answer);
    const { router } = renderApp('/admin/orders');

    await userEvent.setup().click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStore.getState().user).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
