import { expect, placeOrder, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('an admin finds an account by name, filters by role and sees its real orders', async ({ page, api, signInAsAdmin }) => {
  const shopper = await api.registerUser({ username: uniqueName('zora') });
  await placeOrder(api, shopper, await api.firstProductWithStock());
  await signInAsAdmin();

  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Korisnici' })).toBeVisible();
  for (const name of ['Ukupno korisnika', 'Administratori', 'Aktivni korisnici']) {
    await expect(page.locator('dt', { hasText: name }).locator('+ dd')).toHaveText(/^[\d.]+$/);
  }

  await page.getByLabel('Pretraga').fill(shopper.user.username);
  await expect(page).toHaveURL(new RegExp(`search=${shopper.user.username}`));
  const rows = page.getByRole('button', { name: /^Detalji korisnika / });
  await expect(rows).toHaveCount(1);
  const row = page.getByRole('row').filter({ hasText: shopper.user.email });
  await expect(row).toContainText('Korisnik');
  await expect(row).toContainText('Aktivan');
  await expect(row).toContainText(`ID ${shopper.user.id.slice(-8)}`);

  await page.getByLabel('Uloga').selectOption('admin');
  await expect(page.getByText('Nema korisnika')).toBeVisible();
  await page.getByLabel('Pretraga').fill('');
  await expect(page.getByRole('button', { name: 'Detalji korisnika admin' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Detalji korisnika ${shopper.user.username}` })).toHaveCount(0);

  await page.getByLabel('Uloga').selectOption('');
  await page.getByLabel('Pretraga').fill(shopper.user.username);
  await page.getByRole('button', { name: `Detalji korisnika ${shopper.user.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalji korisnika' });
  await expect(dialog.getByText(shopper.user.id)).toBeVisible();
  const stats = dialog.getByRole('region', { name: 'Statistika' });
  await expect(stats.locator('dt', { hasText: 'Porudžbine' }).locator('+ dd')).toHaveText('1');
  // The order is still pending: nothing spent yet.
  await expect(stats.locator('dt', { hasText: 'Potrošeno' }).locator('+ dd')).toHaveText('$0.00');
  await expect(stats.locator('dt', { hasText: 'Kupljeni proizvodi' }).locator('+ dd')).toHaveText('0');
  await snap(page, 'users-modal');

  await dialog.getByRole('button', { name: 'Zatvori' }).click();
  await page.getByLabel('Pretraga').fill('');
  await snap(page, 'users');
});
