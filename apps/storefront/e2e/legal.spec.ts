import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

const main = (page: Page) => page.getByRole('main');

test('the Terms of Service state the spec’s figures', async ({ page, api }) => {
  const site = await api.siteInfo();
  await page.goto('/terms-of-service');

  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page).toHaveTitle(`Terms of Service — ${site.site_name}`);
  for (const text of [
    'Last updated: October 24, 2024',
    'law of England and Wales',
    'within 14 days',
    'within 48 hours',
    'at least 16 years old',
    'All sales of digital products are final',
  ]) {
    await expect(main(page).getByText(text).first()).toBeVisible();
  }
  await snap(page, 'terms-of-service');
});

test('the Privacy Policy states the spec’s figures', async ({ page, api }) => {
  const site = await api.siteInfo();
  await page.goto('/privacy-policy');

  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page).toHaveTitle(`Privacy Policy — ${site.site_name}`);
  for (const text of ['Last updated: October 24, 2024', 'law of England and Wales', '7 years', '24-36 months', 'under 16']) {
    await expect(main(page).getByText(text).first()).toBeVisible();
  }
  await snap(page, 'privacy-policy');
});

test('the footer leads to both legal pages, and their contents lead to each section', async ({ page }) => {
  await page.goto('/');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).first().click();
  await expect(page).toHaveURL('/terms-of-service');
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'All sales final and refunds' }).click();
  await expect(page).toHaveURL('/terms-of-service#refunds');
  await expect(page.getByRole('heading', { level: 2, name: /All sales final and refunds/ })).toBeInViewport();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).first().click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
