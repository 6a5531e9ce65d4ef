import { aProductList, aUser, anAdmin, deferred } from '@store/api-fake';
import type { User } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_TOKEN, WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { sessionStore } from '../session/session-store.ts';
import { onUnauthorized } from '@store/shell';

// The home page lists the newest products: an empty catalogue.
const api = setupShopApi({ listProducts: aProductList([]) });

const header = () => within(screen.getByRole('banner'));

/** The app at `path` for a shopper whose stored session the server confirms. */
async function renderSignedIn(user: User, path = '/') {
  signIn(api, user);
  const view = renderApp(path);
  await screen.findByRole('banner');
  const menuButton = await header().findByRole('button', { name: user.username });
  return { ...view, menuButton };
}

async function clickLogout(menuButton: HTMLElement) {
  const user = userEvent.setup();
  await user.click(menuButton);
  await user.click(header().getByRole('button', { name: 'Logout' }));
}

const PRODUCT = {
  id: '9a0e4c1b-2d3f-4a5b-8c6d-7e8f9a0b1c2d',
  title: 'Code Writer',
  price: 29,
  category: 'ai_tools',
  product_type: 'single',
} as const;

describe('the navigation bar', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('shows neither Login nor a user while the stored session is being checked', async () => {
    signIn(api, aUser());
    const confirmed = deferred<User>();
    api.on('me', () => confirmed.promise);
    renderApp('/');

    expect(await screen.findByTestId('session-pending')).toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(header().queryByRole('link', { name: 'Sign Up' })).toBeNull();
    expect(header().queryByRole('button', { name: 'alice' })).toBeNull();

    confirmed.resolve(aUser());
    expect(await header().findByRole('button', { name: 'alice' })).toBeInTheDocument();
    expect(screen.queryByTestId('session-pending')).toBeNull();
  });

  it('shows a signed-in shopper their username and, in its menu, their email, My Account and Logout but no Admin Panel', async () => {
    const { menuButton } = await renderSignedIn(aUser());

    expect(header().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(header().queryByRole('link', { name: 'Sign Up' })).toBeNull();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.setup().click(menuButton);

    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = within(document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement);
    expect(menu.getByText('alice@example.com')).toBeVisible();
    expect(menu.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(menu.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
  });

  it('gives an admin the Admin Panel link to the admin app', async () => {
    const { menuButton } = await renderSignedIn(anAdmin());

    await userEvent.setup().click(menuButton);

    expect(header().getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin/');
  });

  it('opens the user menu from the keyboard and closes it on Escape, giving the focus back', async () => {
    const { menuButton } = await renderSignedIn(aUser());
    const user = userEvent.setup();
    menuButton.focus();

    await user.keyboard('{Enter}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(header().getByRole('link', { name: 'My Account' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(header().queryByRole('link', { name: 'My Account' })).toBeNull();

    await user.keyboard(' ');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the user menu when the focus moves on past it, and on a click outside', async () => {
    const { menuButton } = await renderSignedIn(aUser());
    const user = userEvent.setup();

    await user.click(menuButton);
    await user.tab(); // My Account
    await user.tab(); // Logout
    await user.tab(); // the cart link, outside the menu
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('main'));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the user menu on hover where there is a mouse, and closes it when the pointer leaves', async () => {
    // A desktop with a mouse: every media query matches, `(hover: hover) and (min-width: 768px)` included.
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    const { menuButton } = await renderSignedIn(aUser());
    const user = userEvent.setup();

    await user.hover(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    await user.unhover(menuButton);
    await waitFor(() => expect(menuButton).toHaveAttribute('aria-expanded', 'false'));
  });

  it('logs out: the session is cleared, the shopper goes home and sees Login again', async () => {
    const { menuButton, router } = await renderSignedIn(aUser(), '/privacy-policy');
    const user = userEvent.setup();

    await user.click(menuButton);
    await user.click(header().getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(header().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'alice' })).toBeNull();
  });

  it('tells the server to end the session on logout, with the token, before forgetting it', async () => {
    const { menuButton, router } = await renderSignedIn(aUser(), '/privacy-policy');

    await clickLogout(menuButton);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const calls = api.calls('logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(sessionStore.getState().user).toBeNull();
  });

  it('still logs out and goes home when the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.on('logout', () => Response.error());
    const { menuButton, router } = await renderSignedIn(aUser(), '/privacy-policy');

    await clickLogout(menuButton);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(header().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not end the session on the server', expect.any(TypeError));
  });

  it('goes home, not to the login page, when the server says the token had already expired', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.on('logout', api.error(401, 'Your session has ended', 'unauthorized'));
    const { menuButton, router } = await renderSignedIn(aUser(), '/privacy-policy');
    // As main.tsx wires it: any other 401 forgets the session and goes to /login.
    const navigateToLogin = vi.fn(() => void router.navigate({ to: '/login' }));
    const stop = onUnauthorized({ forgetSession: () => sessionStore.getState().signOut(), navigateToLogin });

    try {
      await clickLogout(menuButton);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    } finally {
      stop();
    }
    expect(navigateToLogin).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(header().getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('closes the mobile menu on logout and on any navigation', async () => {
    const { menuButton, router } = await renderSignedIn(aUser());
    const user = userEvent.setup();
    const toggle = header().getByRole('button', { name: 'Menu' });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await act(() => router.navigate({ to: '/terms-of-service' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(menuButton);
    await user.click(header().getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the cart count badge only when the cart holds something', async () => {
    renderApp('/');
    await screen.findByRole('banner');
    const cart = await header().findByRole('link', { name: 'Cart' });
    expect(within(cart).queryByTestId('cart-count')).toBeNull();

    act(() => cartStore.getState().add(PRODUCT, 2));
    expect(header().getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(within(cart).getByTestId('cart-count')).toHaveTextContent('2');

    act(() => cartStore.getState().clear());
    expect(header().getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    expect(within(cart).queryByTestId('cart-count')).toBeNull();
  });
});
