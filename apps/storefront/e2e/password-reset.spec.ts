import { expect, test } from './support/fixtures.ts';
import { withMailbox } from './support/mailbox.ts';

test('a shopper who forgot the password gets a link by mail, sets a new one and signs in with it', async ({ page, api }) => {
  await withMailbox(api, async (mailbox) => {
    const shopper = await api.registerUser();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(shopper.user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('a link to set a new password is on its way')).toBeVisible();

    await page.goto(await mailbox.link(shopper.user.email, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).fill('a-fresh-password-9');
    await page.getByLabel('Confirm New Password').fill('a-fresh-password-9');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await expect(page).toHaveURL('/login');
    await page.getByRole('textbox', { name: 'Email or Username' }).fill(shopper.user.username);
    await page.getByLabel('Password', { exact: true }).fill('a-fresh-password-9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: shopper.user.username })).toBeVisible();
  });
});
