import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('an admin signs in on the admin login screen and reaches the dashboard', async ({ page, adminCredentials, pageErrors }) => {
  // The wrong password below answers 401, which the browser reports as a failed resource load.
  pageErrors.allow(/status of 401/);
  await page.goto('/admin/');

  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2F$/);
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await snap(page, 'login');

  await page.getByLabel('Email or Username').fill(adminCredentials.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Incorrect username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByLabel('Email or Username')).toHaveValue(adminCredentials.username);

  await page.getByLabel('Password', { exact: true }).fill(adminCredentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Successfully logged in!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('banner')).toContainText(adminCredentials.username);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Forders$/);
});

test('refuses an account without the admin role', async ({ page, api }) => {
  const shopper = await api.registerUser();
  await page.goto('/admin/login');

  await page.getByLabel('Email or Username').fill(shopper.user.username);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('You need an administrator account')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/');
  await snap(page, 'access-denied');

  // Every admin address leads to the refusal, never to an admin screen.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
});
