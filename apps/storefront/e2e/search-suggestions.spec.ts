import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/*
 * The catalogue's search box as a shopper uses it (issue 26): suggestions as they type, a product opened from
 * them by keyboard, and a misspelt search answered with the word it was near. Against the demo catalogue.
 */

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** The /products page once its script has run: the search box is then a combobox. */
async function openProducts(page: Page): Promise<void> {
  await page.goto('/products');
  await expect(page.getByTestId('product-count')).toContainText('products');
  await expect(searchBox(page)).toBeVisible();
}

test('typing suggests the products whose titles start so; the arrows and Enter open one', async ({ page }) => {
  await openProducts(page);
  await searchBox(page).pressSequentially('lumo');

  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox.getByRole('option', { name: /Lumora Image Studio/ })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: /suggestions?/ })).toContainText(/\d+ suggestions?/);

  // The answers to what was typed on the way ('l', 'lu', 'lum') may still be arriving, each redrawing the list and
  // starting the choice over: the keys go to the list for 'lumo' once nothing more is on its way.
  await page.waitForLoadState('networkidle');
  // Down to the option, wherever the list puts it, then Enter.
  const names = await listbox.getByRole('option').allTextContents();
  const index = names.findIndex((name) => name.startsWith('Lumora Image Studio'));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let step = 0; step <= index; step += 1) await searchBox(page).press('ArrowDown');
  const active = await searchBox(page).getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${active}"]`)).toContainText('Lumora Image Studio');
  await searchBox(page).press('Enter');

  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lumora Image Studio' })).toBeVisible();
});

test('a misspelt search shows what it was near, and says so, with the words typed left in the box', async ({ page }) => {
  await openProducts(page);
  await searchBox(page).pressSequentially('lumra');
  await searchBox(page).press('Enter');

  await expect(page).toHaveURL(/[?&]search=lumra/);
  await expect(page.getByTestId('corrected-search')).toHaveText('Showing results for “lumora”');
  await expect(page.getByRole('article', { name: 'Lumora Image Studio' })).toBeVisible();
  await expect(searchBox(page)).toHaveValue('lumra');
});

test('Escape closes the suggestions and keeps the text', async ({ page }) => {
  await openProducts(page);
  await searchBox(page).pressSequentially('lumo');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();

  await searchBox(page).press('Escape');

  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(searchBox(page)).toHaveValue('lumo');
});

test('the page with the suggestions open has no accessibility violation (axe-core)', async ({ page }) => {
  await openProducts(page);
  await searchBox(page).pressSequentially('lumo');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await searchBox(page).press('ArrowDown');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
  // The results of the typed search are in (the previous ones stay dimmed, aria-busy, while it loads) and
  // their fade is over: axe measures the colours as a shopper then sees them, not halfway through the fade.
  // The search reaches the address after a pause in typing: until then the first list shows, not yet dimmed,
  // so its load is waited for first (CI: axe ran as the dimming began).
  await expect(page).toHaveURL(/[?&]search=lumo\b/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('product-results')).not.toHaveAttribute('aria-busy', /.*/);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();

  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
});
