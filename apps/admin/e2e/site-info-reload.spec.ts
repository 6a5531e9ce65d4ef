import type { SiteSettings } from '@store/contracts';
import { expect, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

// Issue 11, defect 2: /api/site-info was cached for 30 s, so a reload right after a save showed the old name.
test('a saved site name shows in the shop on its next reload at once, in the same browser', async ({ page, api, signInAsAdmin }) => {
  test.setTimeout(90_000);
  const admin = await signInAsAdmin();
  const auth = { Authorization: `Bearer ${admin.access_token}` };
  const before = (await (await api.request.get('/api/admin/settings', { headers: auth })).json()) as SiteSettings;
  const name = uniqueName('Fresh Keys');

  // The shop is open in another tab of the same browser: its site information sits in the HTTP cache.
  const shop = await page.context().newPage();
  try {
    await shop.goto('/');
    await expect(shop).toHaveTitle(before.site_name);

    await page.goto('/admin/settings');
    await page.getByLabel('Site name').fill(name);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    // The admin's own header and title agree at once, without a reload.
    await expect(page).toHaveTitle(`Settings · ${name} Admin`);
    await expect(page.getByRole('banner').getByText(name).first()).toBeVisible();

    // Well inside the old 30 seconds: the reload asks again (ETag) and gets the new name.
    await shop.reload();
    await expect(shop).toHaveTitle(name, { timeout: 5_000 });
    await expect(shop.getByRole('banner').getByText(name).first()).toBeVisible({ timeout: 5_000 });
    await snap(shop, 'site-info-after-save');

    // The admin after its own reload too.
    await page.reload();
    await expect(page).toHaveTitle(`Settings · ${name} Admin`, { timeout: 5_000 });
    await snap(page, 'admin-site-name-after-save');
  } finally {
    await shop.close();
    const restored = await api.request.put('/api/admin/settings', { data: { site_name: before.site_name }, headers: auth });
    expect(restored.ok()).toBe(true);
  }
});
