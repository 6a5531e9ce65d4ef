import { BRAND_NAME, type SiteInfo } from '@store/contracts';
import { vars } from '@store/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from './test/render.tsx';

const siteInfo: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: '/uploads/acme-logo.png',
  primary_color: '#ef4444',
  secondary_color: '#06b6d4',
  font_family: 'Roboto',
  theme: 'dark',
  payments_sandbox: false,
};

describe('the storefront shell', () => {
  it('falls back to the default name and a placeholder logo when the site information cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    renderApp('/');

    const header = await screen.findByRole('banner');
    const home = within(header).getByRole('link', { name: BRAND_NAME });
    expect(home.querySelector('[data-logo-placeholder]')).not.toBeNull();
    expect(within(header).queryByRole('img')).toBeNull();
    await waitFor(() => expect(document.title).toBe(BRAND_NAME));
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} ${BRAND_NAME}`);
  });

  it('falls back silently when the API answers with an error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ detail: 'Internal error', code: 'internal' }, 500)));

    renderApp('/');

    expect(await screen.findByRole('link', { name: BRAND_NAME })).toBeTruthy();
  });

  it('shows the site name, the logo from the API origin and the site colours', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(siteInfo));
    vi.stubGlobal('fetch', fetchMock);

    const { container } = renderApp('/');

    const header = await screen.findByRole('banner');
    const home = await within(header).findByRole('link', { name: 'Acme Keys' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe(`${window.location.origin}/uploads/acme-logo.png`);
    expect(fetchMock).toHaveBeenCalledWith('/api/site-info', expect.objectContaining({ method: 'GET' }));
    await waitFor(() => expect(document.title).toBe('Acme Keys'));
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue(vars.color.primary.slice(4, -1))).toBe('#ef4444');
  });

  it('has the navigation of a guest: Home, Products, the cart, Login and Sign Up', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Products', '/products'],
      ['Login', '/login'],
      ['Sign Up', '/register'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
  });

  it('opens and closes the mobile menu with the menu button', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the hero on the home page with links to the products and registration', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp('/');

    const hero = await screen.findByRole('region', { name: /premium digital products/i });
    expect(within(hero).getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
    expect(within(hero).getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
  });

  it('announces sandbox payments on every page while the API says payments go to the sandbox, and not otherwise', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ ...siteInfo, payments_sandbox: true })));
    const { unmount } = renderApp('/');
    expect((await screen.findByRole('status')).textContent).toContain('Sandbox payments');
    unmount();

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));
    renderApp('/');
    await screen.findAllByText('Acme Keys');
    expect(screen.queryByText(/Sandbox payments/)).toBeNull();
  });

  it('shows a not-found page with a link home for an unknown address', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});
