import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aProductList, aUser, authResponse } from '@store/api-fake';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { sessionStore } from '../session/session-store.ts';
import { checkRegistration } from './register-form.tsx';

// A registered (or already signed-in) shopper lands on the home page, which lists the newest products.
const api = setupShopApi({ listProducts: aProductList([]) });

const form = () => screen.getByRole('form', { name: 'Create account' });
const toaster = () => screen.getAllByRole('status');

async function register(values: { username?: string; email?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  const fields: [string, string | undefined][] = [
    ['Username', values.username],
    ['Email', values.email],
    ['Password', values.password],
    ['Confirm Password', values.confirm],
  ];
  await screen.findByLabelText('Username');
  for (const [label, value] of fields) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(within(form()).getByRole('button', { name: 'Create Account' }));
  return user;
}

/** The message at the field and the same text as a toast (spec section 8). */
async function expectFieldAndToast(label: string, message: string) {
  const field = screen.getByLabelText(label);
  await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(toaster().some((toast) => toast.textContent === message)).toBe(true));
}

describe('the registration page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('asks for a username, an email, a password and its confirmation, each labelled', async () => {
    renderApp('/register');

    expect(await screen.findByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
    for (const label of ['Username', 'Email', 'Password', 'Confirm Password']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('refuses a password shorter than 6 characters, at the field and in a toast', async () => {
    renderApp('/register');

    await register({ username: 'newbie', email: 'newbie@example.com', password: '12345', confirm: '12345' });

    await expectFieldAndToast('Password', 'Password must be at least 6 characters');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(api.calls('register')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match, at the field and in a toast', async () => {
    renderApp('/register');

    await register({ username: 'newbie', email: 'newbie@example.com', password: 'secret1', confirm: 'secret2' });

    await expectFieldAndToast('Confirm Password', 'Passwords do not match');
    expect(api.calls('register')).toHaveLength(0);
  });

  it('requires the username and the email', async () => {
    renderApp('/register');

    await register({ password: 'secret1', confirm: 'secret1' });

    expect(await within(form()).findByText('Username is required')).toBeInTheDocument();
    expect(within(form()).getByText('Email is required')).toBeInTheDocument();
  });

  it('registers, signs in, says so and goes home', async () => {
    const auth = authResponse(aUser({ username: 'newbie', email: 'newbie@example.com' }));
    api.on('register', auth);
    const { router } = renderApp('/register');

    await register({ username: ' newbie ', email: 'newbie@example.com', password: 'secret1', confirm: 'secret1' });

    expect(await screen.findByText('Successfully registered!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('register')[0]?.body).toEqual({ username: 'newbie', email: 'newbie@example.com', password: 'secret1' });
    expect(sessionStore.getState().user).toEqual(auth.user);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'newbie' })).toBeInTheDocument();
  });

  it('goes back where the shopper was heading (?redirect=), keeping it on the link to sign in instead', async () => {
    api.on('register', authResponse(aUser({ username: 'newbie', email: 'newbie@example.com' })));
    api.on('getProduct', api.error(404, 'Product not found', 'product_not_found'));
    const { router } = renderApp('/register?redirect=%2Fproducts%2F11111111-1111-4111-8111-111111111111');

    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fproducts%2F11111111-1111-4111-8111-111111111111');
    await register({ username: 'newbie', email: 'newbie@example.com', password: 'secret1', confirm: 'secret1' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/11111111-1111-4111-8111-111111111111'));
  });

  it('drops a redirect to another site', async () => {
    api.on('register', authResponse(aUser({ username: 'newbie', email: 'newbie@example.com' })));
    const { router } = renderApp('/register?redirect=%2F%2Fevil.example');

    await register({ username: 'newbie', email: 'newbie@example.com', password: 'secret1', confirm: 'secret1' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the detail of a duplicate (409) in a toast and at its field', async () => {
    api.on('register', api.error(409, 'Username is already taken', 'username_taken'));
    const { router } = renderApp('/register');

    await register({ username: 'alice', email: 'alice2@example.com', password: 'secret1', confirm: 'secret1' });

    await waitFor(() => expect(toaster().some((toast) => toast.textContent === 'Username is already taken')).toBe(true));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(expect.stringContaining('Username is already taken'));
    expect(router.state.location.pathname).toBe('/register');
    expect(sessionStore.getState().user).toBeNull();
  });

  it('says Registration failed without a reason from the server, and Registration error without a server', async () => {
    api.on('register', () => new Response('', { status: 500 }));
    renderApp('/register');

    const user = await register({ username: 'newbie', email: 'newbie@example.com', password: 'secret1', confirm: 'secret1' });
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();

    // No server: fetch fails with a network error.
    api.on('register', () => Response.error());
    await user.click(within(form()).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration error')).toBeInTheDocument();
  });

  it('sends a signed-in shopper home', async () => {
    signIn(api, aUser());
    const { router } = renderApp('/register');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the registration rules', () => {
  const valid = { username: 'newbie', email: 'newbie@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a valid registration', () => {
    expect(checkRegistration(valid)).toEqual({});
  });

  it("uses the contract's username rule: 3-32 characters and no @", () => {
    const rule = 'Username must be 3-32 letters, digits, dots, dashes or underscores';
    expect(checkRegistration({ ...valid, username: 'ab' }).username).toBe(rule);
    expect(checkRegistration({ ...valid, username: 'a'.repeat(33) }).username).toBe(rule);
    expect(checkRegistration({ ...valid, username: 'me@home' }).username).toBe(rule);
    expect(checkRegistration({ ...valid, username: 'abc' }).username).toBeUndefined();
  });

  it('checks the email and reports both password rules at once', () => {
    expect(checkRegistration({ ...valid, email: 'not-an-email' }).email).toBe('Enter a valid email address');
    expect(checkRegistration({ ...valid, password: '123', confirmPassword: '1234' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });
});
