import { API_KEY_PREFIX } from '@store/contracts';
import { expectNoAxeViolations } from '@store/playwright-config';
import { expect, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('staff create an API key that reads orders and nothing else, copy its secret once, then revoke it', async ({
  page,
  context,
  api,
  signInAsAdmin,
}) => {
  // Two axe runs and a dozen requests: more than the default on a loaded machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin();
  const name = uniqueName('Accounting sync ');

  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByText(`Authorization: Bearer ${API_KEY_PREFIX}…`)).toBeVisible();

  // Refused as the API would refuse it: no name, no scope.
  await page.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope')).toBeVisible();
  await expectNoAxeViolations(page, 'the New API key form with its messages');

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: /\(orders:read\)/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog).toBeHidden();

  // The secret, once: read from the screen as staff would copy it.
  const panel = page.getByRole('region', { name: `Your new API key: ${name}` });
  const field = panel.getByLabel('Secret key');
  await expect(field).toBeFocused();
  const secret = await field.inputValue();
  expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
  await expect(panel.getByText('Copy it now: it will not be shown again')).toBeVisible();
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoAxeViolations(page, 'the API keys screen showing a new secret');
  await snap(page, 'api-keys-secret');

  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'New API key' })).toBeFocused();
  await expect(page.locator('input[readonly]')).toHaveCount(0);
  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('orders:read');
  await expect(row).toContainText('Active');
  await expect(page.locator('body')).not.toContainText(secret);

  // The key in use, as the seller's own system would send it: its scope lets it read orders, never accounts.
  const asKey = { Authorization: `Bearer ${secret}` };
  const orders = await api.request.get('/api/admin/orders', { headers: asKey });
  expect(orders.status(), await orders.text()).toBe(200);
  const users = await api.request.get('/api/admin/users', { headers: asKey });
  expect(users.status()).toBe(403);
  expect(((await users.json()) as { code: string }).code).toBe('api_key_not_allowed');

  // Revoked in the screen: refused from the next request.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await expect(confirm.getByText(/stops working at once/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${name} revoked: it no longer works`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await api.request.get('/api/admin/orders', { headers: asKey });
  expect(refused.status()).toBe(401);

  // It stays listed after a reload, revoked.
  await page.reload();
  await expect(page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name })).toContainText('Revoked');
  await expectNoAxeViolations(page, 'the API keys screen with a revoked key');
  await snap(page, 'api-keys');
});
