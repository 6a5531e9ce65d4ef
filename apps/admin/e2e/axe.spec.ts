import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/*
 * axe-core on the screens with stat cards and danger buttons (issue 27): the cards are a description list
 * of div groups (dlitem, definition-list) and the Disable buttons' white text is 4.5:1 at least on their red.
 */
async function expectNoViolations(page: Page): Promise<void> {
  // The figures and lists are in: no skeleton left, nothing loading.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
}

for (const width of [390, 1280]) {
  test(`the dashboard, users and discounts screens have no accessibility violation at ${width} px (axe-core)`, async ({ page, api, signInAsAdmin }) => {
    test.slow();
    const admin = await signInAsAdmin();
    const code = uniqueName('AXE').toUpperCase().replace(/[^A-Z0-9_-]/g, '').slice(0, 32);
    const created = await api.request.post('/api/admin/discounts', {
      data: { code, kind: 'percent', value: 10 },
      headers: { Authorization: `Bearer ${admin.access_token}` },
    });
    expect(created.status()).toBe(201);
    await page.setViewportSize({ width, height: 900 });

    await page.goto('/admin/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('dt', { hasText: 'Total revenue' }).locator('+ dd')).toHaveText(/\$/);
    await expectNoViolations(page);

    await page.goto('/admin/users');
    await expect(page.locator('dt', { hasText: 'Ukupno korisnika' }).locator('+ dd')).toHaveText(/^[\d.]+$/, { timeout: 15_000 });
    await expectNoViolations(page);

    await page.goto('/admin/discounts');
    await expect(page.getByRole('button', { name: `Disable ${code}` })).toBeVisible({ timeout: 15_000 });
    await expectNoViolations(page);
    if (width === 1280) await snap(page, 'discounts');
  });
}
