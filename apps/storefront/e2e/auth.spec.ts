import type { Page } from '@playwright/test';
import { SESSION_KEYS, type Session } from '@store/playwright-config';
import { expect, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

const header = (page: Page) => page.getByRole('banner');
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const stored = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email or Username' }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('registration explains the password rules, then creates the account and signs in', async ({ page, pageErrors }) => {
  pageErrors.allow(/status of 400/);
  const username = uniqueName('reg');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await snap(page, 'register');

  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password');
  await password.fill('12345');
  await confirm.fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Password must be at least 6 characters')).toBeVisible();
  await expect(password).toHaveAccessibleDescription(/Password must be at least 6 characters/);

  await password.fill('secret1');
  await confirm.fill('secret2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Passwords do not match')).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription(/Passwords do not match/);
  await snap(page, 'register-errors');

  // One of the passwords attackers try first is refused by the server, with its reason.
  await confirm.fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, /This password is too common/)).toBeVisible();

  await password.fill('kettle-lamp-7');
  await confirm.fill('kettle-lamp-7');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Successfully registered!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(header(page).getByRole('button', { name: username })).toBeVisible();
  expect(await stored(page, SESSION_KEYS.accessToken)).toBeTruthy();
});

test('a duplicate username is refused with the server’s message', async ({ page, api, pageErrors }) => {
  pageErrors.allow(/status of 409/);
  const existing = await api.registerUser();
  await page.goto('/register');

  await page.getByRole('textbox', { name: 'Username' }).fill(existing.user.username);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${uniqueName('other')}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('kettle-lamp-7');
  await page.getByLabel('Confirm Password').fill('kettle-lamp-7');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toast(page, 'Username is already taken')).toBeVisible();
  await expect(page).toHaveURL('/register');
});

test('the admin signs in with the username admin and finds the Admin Panel link to the admin app', async ({ page, adminCredentials }) => {
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email or Username' })).toHaveAttribute('placeholder', /admin/);
  await snap(page, 'login');

  await signIn(page, adminCredentials.username, adminCredentials.password);

  await expect(toast(page, 'Successfully logged in!')).toBeVisible();
  await expect(page).toHaveURL('/');
  const menuButton = header(page).getByRole('button', { name: 'admin' });
  await menuButton.click();
  const adminLink = header(page).getByRole('link', { name: 'Admin Panel' });
  await expect(adminLink).toHaveAttribute('href', '/admin/');
  await snap(page, 'user-menu-admin');

  await adminLink.click();
  await expect(page).toHaveURL('/admin/');
});

test('a shopper signs in with their email, sees no admin link, and logs out back to the home page', async ({ page, api }) => {
  const shopper = await api.registerUser();
  await page.goto('/login');

  await signIn(page, shopper.user.email, shopper.password);

  await expect(page).toHaveURL('/');
  const menuButton = header(page).getByRole('button', { name: shopper.user.username });
  await menuButton.hover();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(header(page).getByText(shopper.user.email)).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
  await expect(header(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await menuButton.click();
  await header(page).getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL('/');
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: shopper.user.username })).toHaveCount(0);
  expect(await stored(page, SESSION_KEYS.accessToken)).toBeNull();
  expect(await stored(page, SESSION_KEYS.user)).toBeNull();
});

test('a wrong password shows the server’s message and keeps what was typed', async ({ page, api, pageErrors }) => {
  pageErrors.allow(/status of 401/);
  const shopper = await api.registerUser();
  await page.goto('/login?redirect=%2Faccount');

  await signIn(page, shopper.user.username, 'not-the-password');

  await expect(toast(page, 'Incorrect username or password')).toBeVisible();
  await expect(page).toHaveURL('/login?redirect=%2Faccount');
  await expect(page.getByRole('textbox', { name: 'Email or Username' })).toHaveValue(shopper.user.username);

  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/account');
});

test('a forged token sends the browser to /login with the stored session cleared', async ({ page, loginAs, pageErrors }) => {
  pageErrors.allow(/status of 401/);
  const forged: Session = {
    access_token: 'forged',
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      username: 'mallory',
      email: 'mallory@example.com',
      role: 'admin',
      is_active: true,
      email_verified: true,
      created_at: '2024-10-24T00:00:00.000Z',
    },
  };
  await loginAs(page, forged);

  await page.goto('/');

  await expect(page).toHaveURL(/\/login/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'mallory' })).toHaveCount(0);
  expect(await stored(page, SESSION_KEYS.accessToken)).toBeNull();
  expect(await stored(page, SESSION_KEYS.user)).toBeNull();
});

test('a guest sent from /checkout to /login comes back to /checkout after signing in', async ({ page, api }) => {
  const shopper = await api.registerUser();

  await page.goto('/checkout');
  await expect(page).toHaveURL('/login?redirect=%2Fcheckout');
  await signIn(page, shopper.user.username, shopper.password);

  await expect(page).toHaveURL('/checkout');
  await expect(header(page).getByRole('button', { name: shopper.user.username })).toBeVisible();
});

test('a signed-in shopper who opens /login is sent home', async ({ page, api, loginAs }) => {
  await loginAs(page, await api.registerUser());

  await page.goto('/login');

  await expect(page).toHaveURL('/');
});

test('the mobile menu opens from its button, holds the links and the user menu, and closes on navigation', async ({
  page,
  api,
  loginAs,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const toggle = header(page).getByRole('button', { name: 'Menu' });
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Home', 'Products', 'Login', 'Sign Up'])
    await expect(header(page).getByRole('link', { name, exact: true })).toBeVisible();
  await snap(page, 'mobile-menu-guest');
  await header(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  const shopper = await api.registerUser();
  await loginAs(page, shopper);
  await page.goto('/');
  await toggle.click();
  await header(page).getByRole('button', { name: shopper.user.username }).click();
  await expect(header(page).getByText(shopper.user.email)).toBeVisible();
  await snap(page, 'mobile-menu');

  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL('/');
});

test('a shopper changes the password on the account page; the old one stops working', async ({ page, api, loginAs, pageErrors }) => {
  pageErrors.allow(/status of 400/);
  const shopper = await api.registerUser();
  await loginAs(page, shopper);
  await page.goto('/account');

  await page.getByLabel('Current Password', { exact: true }).fill(shopper.password);
  await page.getByLabel('New Password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, /This password is too common/)).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill('quiet-meadow-4821');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('quiet-meadow-4821');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed.')).toBeVisible();
  await snap(page, 'account-password-changed');

  await expect(api.login(shopper.user.username, shopper.password)).rejects.toThrow(/401/);
  await expect(api.login(shopper.user.username, 'quiet-meadow-4821')).resolves.toMatchObject({ user: { id: shopper.user.id } });
});
