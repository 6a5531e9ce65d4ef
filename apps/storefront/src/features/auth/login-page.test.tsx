import { aProductList, aUser, authResponse, deferred } from '@store/api-fake';
import type { AuthResponse } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session-store.ts';
import { onUnauthorized } from '@store/shell';

// A signed-in shopper lands on the home page, which lists the newest products: an empty catalogue.
const api = setupShopApi({ listProducts: aProductList([]) });

/** The whole app at `path`, with the 401 handling main.tsx wires. */
function renderLogin(path = '/login') {
  const view = renderApp(path);
  stopUnauthorized = onUnauthorized({
    forgetSession: () => sessionStore.getState().signOut(),
    navigateToLogin: () => void view.router.navigate({ to: '/login' }),
  });
  return view;
}

let stopUnauthorized: (() => void) | undefined;

async function fillIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email or Username'), login);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

const form = () => screen.getByRole('form', { name: 'Sign in' });

describe('the login page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(() => {
    stopUnauthorized?.();
    resetShop();
  });

  it('has one field for an email or a username, hinting that admin works, and a password with a show/hide toggle', async () => {
    renderLogin();

    const login = await screen.findByLabelText('Email or Username');
    expect(login).toHaveAttribute('placeholder', expect.stringContaining('admin'));
    expect(login).toHaveAttribute('autocomplete', 'username');
    expect(login).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toBeRequired();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('signs in, stores the session, says so and goes home', async () => {
    const auth = authResponse(aUser());
    api.on('login', auth);
    const { router } = renderLogin();

    await fillIn('  alice ', 'secret1');

    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('login')[0]?.body).toEqual({ username: 'alice', password: 'secret1' });
    expect(sessionStore.getState().user).toEqual(auth.user);
    expect(window.localStorage.getItem(SESSION_KEYS.accessToken)).toBe(auth.access_token);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'alice' })).toBeInTheDocument();
  });

  it('goes back to the page that asked for the login', async () => {
    api.on('login', authResponse());
    const { router } = renderLogin('/login?redirect=%2Fprivacy-policy%3Fx%3D1');

    await fillIn('alice@example.com', 'secret1');

    await waitFor(() => expect(router.state.location.href).toBe('/privacy-policy?x=1'));
  });

  it("shows the server's detail for a wrong password and keeps the page as it was, redirect included", async () => {
    api.once('login', api.error(401, 'Incorrect username or password', 'invalid_credentials'));
    api.on('login', authResponse());
    const { router } = renderLogin('/login?redirect=%2Fterms-of-service');

    const user = await fillIn('alice', 'wrong-password');

    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/login?redirect=%2Fterms-of-service');
    expect(screen.getByLabelText('Email or Username')).toHaveValue('alice');
    const submit = within(form()).getByRole('button', { name: 'Sign In' });
    expect(submit).toBeEnabled();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-of-service'));
  });

  it('says Login failed when the server gives no reason', async () => {
    api.on('login', () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    renderLogin();

    await fillIn('alice', 'secret1');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('says Login error when the server cannot be reached', async () => {
    api.on('login', () => Response.error());
    renderLogin();

    await fillIn('alice', 'secret1');

    expect(await screen.findByText('Login error')).toBeInTheDocument();
  });

  it('shows that it is busy while the server checks the password', async () => {
    const answer = deferred<AuthResponse>();
    api.on('login', () => answer.promise);
    renderLogin();

    await fillIn('alice', 'secret1');

    const busy = within(form()).getByRole('button', { name: 'Signing In…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer.resolve(authResponse());
    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
  });

  it('asks for both fields before sending anything', async () => {
    renderLogin();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await within(form()).findByText('Enter your email or username')).toBeInTheDocument();
    expect(within(form()).getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or Username')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('login')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email or Username'), 'a');
    expect(within(form()).queryByText('Enter your email or username')).toBeNull();
  });

  it('sends a signed-in shopper on instead of showing the form', async () => {
    signIn(api, aUser());
    const { router } = renderLogin('/login?redirect=%2Fprivacy-policy');

    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-policy'));
    expect(screen.queryByLabelText('Email or Username')).toBeNull();
  });

  it('is where a forged stored token ends up, with the session forgotten', async () => {
    signIn(api, aUser());
    api.on('me', api.error(401, 'Invalid authentication token', 'unauthorized'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderLogin('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email or Username')).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
