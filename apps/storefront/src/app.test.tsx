import { SITE_INFO, aProductList } from '@store/api-fake';
import { BRAND_NAME, type SiteInfo } from '@store/contracts';
import { vars } from '@store/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi } from './test/fake-api.ts';
import { renderApp } from './test/render.tsx';

const siteInfo: SiteInfo = {
  ...SITE_INFO,
  logo_url: '/uploads/acme-logo.png',
  primary_color: '#ef4444',
  secondary_color: '#06b6d4',
  font_family: 'Roboto',
};

// Every test shows the home page, which lists the newest products: an empty catalogue.
const api = setupShopApi({ siteInfo, listProducts: aProductList([]) });

describe('the storefront shell', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('falls back to the default name and a placeholder logo when the site information cannot be fetched', async () => {
    api.on('siteInfo', () => Response.error());

    renderApp('/');

    const header = await screen.findByRole('banner');
    const home = within(header).getByRole('link', { name: BRAND_NAME });
    expect(home.querySelector('[data-logo-placeholder]')).not.toBeNull();
    expect(within(header).queryByRole('img')).toBeNull();
    await waitFor(() => expect(document.title).toBe(BRAND_NAME));
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} ${BRAND_NAME}`);
  });

  it('falls back silently when the API answers with an error', async () => {
    api.on('siteInfo', api.error(500, 'Internal error', 'internal_error'));

    renderApp('/');

    expect(await screen.findByRole('link', { name: BRAND_NAME })).toBeTruthy();
  });

  it('shows the site name, the logo from the API origin and the site colours', async () => {
    const { container } = renderApp('/');

    const header = await screen.findByRole('banner');
    const home = await within(header).findByRole('link', { name: 'Acme Keys' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe("/uploads/acme-logo.png");
    expect(api.calls('siteInfo').map(({ method, url }) => `${method} ${url.href}`)).toContain(`GET ${window.location.origin}/api/site-info`);
    await waitFor(() => expect(document.title).toBe('Acme Keys'));
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.getPropertyValue(vars.color.primary.slice(4, -1))).toBe('#ef4444');
  });

  it('has the navigation of a guest: Home, Products, the cart, Login and Sign Up', async () => {
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
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the hero on the home page with links to the products and registration', async () => {
    renderApp('/');

    const hero = await screen.findByRole('region', { name: /premium digital products/i });
    expect(within(hero).getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
    expect(within(hero).getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
  });

  it('announces sandbox payments on every page while the API says payments go to the sandbox, and not otherwise', async () => {
    api.on('siteInfo', { ...siteInfo, payments_sandbox: true });
    const { unmount } = renderApp('/');
    expect((await screen.findByRole('status')).textContent).toContain('Sandbox payments');
    unmount();

    api.on('siteInfo', siteInfo);
    renderApp('/');
    await screen.findAllByText('Acme Keys');
    expect(screen.queryByText(/Sandbox payments/)).toBeNull();
  });

  it('shows a not-found page with a link home for an unknown address', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});
