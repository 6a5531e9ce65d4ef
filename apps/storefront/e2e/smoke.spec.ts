import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('the home page shows the header with the site name and the hero', async ({ page, api }) => {
  const site = await api.siteInfo();

  await page.goto('/');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: site.site_name })).toBeVisible();
  for (const name of ['Home', 'Products', 'Login', 'Sign Up']) {
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(site.site_name));

  await snap(page, 'home');
});

test('an unknown address shows the not-found page', async ({ page, pageErrors }) => {
  // The page itself answers 404 (server-rendered), which the browser reports as a failed load.
  pageErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/no-such-page:/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});
