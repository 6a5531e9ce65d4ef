import { expect, orderRef, placeOrder, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('the dashboard shows the store figures and the latest orders', async ({ page, api, signInAsAdmin }) => {
  const shopper = await api.registerUser();
  const order = await placeOrder(api, shopper, await api.firstProductWithStock());
  await signInAsAdmin();

  await page.goto('/admin/');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const name of ['Total products', 'Total orders', 'Total users', 'Total revenue']) {
    await expect(page.locator('dt', { hasText: name }).locator('+ dd')).toHaveText(/^\$?[\d,.]+$/);
  }
  const recent = page.getByRole('region', { name: 'Recent orders' });
  const latest = recent.getByRole('listitem').filter({ hasText: orderRef(order) });
  await expect(latest).toBeVisible();
  await expect(latest).toContainText('Pending');
  // The 5 latest at most: other specs' orders may come before or after this one.
  expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  await expect(page).toHaveTitle(/^Dashboard · /);
  await snap(page, 'dashboard');

  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'View Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});
