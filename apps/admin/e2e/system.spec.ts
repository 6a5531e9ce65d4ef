import type { SystemStatus } from '@store/contracts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

const KIND_LABELS: Record<SystemStatus['database']['kind'], string> = { postgres: 'PostgreSQL', pglite: 'Embedded PGlite' };

test('staff open Settings → System and read that the store is ready, on which database, and refresh it', async ({
  page,
  api,
  signInAsAdmin,
}) => {
  // Two widths of screenshots with axe at each, on a page that asks the store every 15 s.
  test.slow();
  const admin = await signInAsAdmin();
  const answer = await api.request.get('/api/admin/system', { headers: { Authorization: `Bearer ${admin.access_token}` } });
  expect(answer.status()).toBe(200);
  const status = (await answer.json()) as SystemStatus;

  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'System' }).click();

  await expect(page).toHaveURL(/\/admin\/settings\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
  const readiness = page.getByRole('region', { name: 'Readiness' });
  await expect(readiness.getByText('Ready', { exact: true })).toBeVisible();
  const checks = readiness.getByRole('table', { name: 'Readiness checks' });
  for (const check of ['Database', 'Migrations', 'Redis', 'Storage', 'Shutdown']) {
    await expect(checks.getByRole('row').filter({ hasText: check })).toContainText('Passed');
  }

  const database = page.getByRole('region', { name: 'Database' });
  await expect(database.locator('dt', { hasText: 'Kind' }).locator('+ dd')).toHaveText(KIND_LABELS[status.database.kind]);
  await expect(page.getByRole('region', { name: 'Version and instance' }).locator('dt', { hasText: 'Version' }).locator('+ dd')).toHaveText(
    status.version,
  );
  await expect(page.getByRole('region', { name: 'Migrations' }).getByText('Up to date')).toBeVisible();
  await expect(page.getByText(/^Checked at \d\d:\d\d:\d\d/)).toBeVisible();
  await snap(page, 'system');

  // Refresh asks the store again.
  const again = page.waitForResponse((response) => response.url().endsWith('/api/admin/system') && response.request().method() === 'GET');
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await again).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(readiness.getByText('Ready', { exact: true })).toBeVisible();

  // The e2e store starts without SMTP: the mail part leads to the email settings, scrolled into view.
  if (!status.mail.configured) {
    await page.getByRole('region', { name: 'Mail' }).getByRole('link', { name: 'Set up email in Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings#settings-email$/);
    await expect(page.getByRole('heading', { name: 'Email', exact: true })).toBeInViewport();
  }
});
