import { BRAND_NAME, type SiteInfo } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from './test/render.tsx';

const siteInfo: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: 'https://cdn.example.com/acme.png',
  primary_color: '#8b5cf6',
  secondary_color: '#f59e0b',
  font_family: 'Poppins',
  theme: 'dark',
  payments_sandbox: false,
};

describe('the admin shell', () => {
  it('falls back to the default name and a placeholder logo when the site information cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    renderApp();

    const header = await screen.findByRole('banner');
    const home = within(header).getByRole('link', { name: `${BRAND_NAME} Admin` });
    expect(home.getAttribute('href')).toBe('/admin/');
    expect(home.querySelector('[data-logo-placeholder]')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe(`${BRAND_NAME} Admin`));
  });

  it('shows the site name and logo with the Admin label', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp();

    const home = await screen.findByRole('link', { name: 'Acme Keys Admin' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/acme.png');
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} Acme Keys`);
  });

  it('links every admin section under /admin and marks the dashboard as the current page', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp();

    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    for (const [name, href] of [
      ['Dashboard', '/admin/'],
      ['Products', '/admin/products'],
      ['Orders', '/admin/orders'],
      ['Users', '/admin/users'],
      ['Settings', '/admin/settings'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the dashboard heading at /admin/', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp('/admin/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('shows a not-found page inside the shell for an unknown admin address', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(siteInfo)));

    renderApp('/admin/no-such-screen');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/admin/');
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
  });
});
