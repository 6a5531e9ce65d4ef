import { SECRET_MASK, type SiteSettings } from '@store/contracts';
import type { Page } from '@playwright/test';
import { expect, test, type Session, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/** The sandbox's CoinGate accepts this key only (tooling/payment-sandbox). */
const SANDBOX_COINGATE_KEY = 'sandbox-coingate-key';

const auth = (session: Session) => ({ Authorization: `Bearer ${session.access_token}` });

async function readSettings(api: StoreApi, admin: Session): Promise<SiteSettings> {
  const response = await api.request.get('/api/admin/settings', { headers: auth(admin) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SiteSettings;
}

/**
 * Saves the form and waits for the server's answer to this save: the success toast of an earlier save may
 * still be on screen (4 s), so it alone does not say this save has landed.
 */
async function saveChanges(page: Page): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).ok()).toBe(true);
}

async function restoreSettings(api: StoreApi, admin: Session, settings: Partial<SiteSettings>): Promise<void> {
  const response = await api.request.put('/api/admin/settings', { data: settings, headers: auth(admin) });
  expect(response.ok()).toBe(true);
}

test('a colour preset and a font, once saved, re-theme the admin at once and the shop on its next load', async ({ page, browser, api, signInAsAdmin }, testInfo) => {
  test.setTimeout(90_000);
  const admin = await signInAsAdmin();
  const before = await readSettings(api, admin);

  try {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Site name')).toHaveValue(before.site_name);
    await snap(page, 'settings');

    await page.getByRole('button', { name: 'Purple preset' }).click();
    await expect(page.getByLabel('Primary colour (hex)')).toHaveValue('#8b5cf6');
    await expect(page.getByLabel('Secondary colour (hex)')).toHaveValue('#f59e0b');
    await expect(page.getByLabel('Primary colour picker')).toHaveValue('#8b5cf6');
    await page.getByRole('radio', { name: 'Poppins' }).check();
    await page.getByLabel('Site name').fill('Violet Keys');

    // The preview shows the choice before it is saved, in the font fetched for real.
    const preview = page.getByTestId('settings-preview');
    await expect(preview.getByTestId('preview-primary-button')).toHaveCSS('background-color', 'rgb(139, 92, 246)');
    await expect(preview).toHaveCSS('font-family', /^"?Poppins"?,/);
    await expect
      .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.replaceAll('"', '') === 'Poppins' && face.status === 'loaded')))
      .toBe(true);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCSS('background-color', 'rgb(14, 165, 233)');

    await saveChanges(page);
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await page.mouse.move(0, 0); // no hover colour on the button
    // The whole admin takes it at once: buttons, font and the title.
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCSS('background-color', 'rgb(139, 92, 246)');
    await expect(page.locator('main')).toHaveCSS('font-family', /^"?Poppins"?,/);
    await expect(page).toHaveTitle(/Violet Keys/);
    await snap(page, 'settings-saved');

    // A visitor's next load of the shop (a fresh browser: site-info may be cached for 30 s in this one).
    const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const shop = await visitor.newPage();
      await shop.goto('/');
      await expect(shop.getByRole('link', { name: 'Sign Up' }).first()).toHaveCSS('background-color', 'rgb(139, 92, 246)');
      await expect(shop).toHaveTitle(/Violet Keys/);
      // The shop sets its text in the chosen font, fetched from the store itself.
      await expect(shop.locator('main')).toHaveCSS('font-family', /^"?Poppins"?,/);
      await expect
        .poll(() => shop.evaluate(() => [...document.fonts].some((face) => face.family.replaceAll('"', '') === 'Poppins' && face.status === 'loaded')))
        .toBe(true);
      expect(await api.siteInfo()).toMatchObject({ primary_color: '#8b5cf6', secondary_color: '#f59e0b', font_family: 'Poppins', site_name: 'Violet Keys' });
    } finally {
      await visitor.close();
    }

    // Reset reloads what the server holds.
    await page.getByLabel('Site name').fill('Not saved');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByLabel('Site name')).toHaveValue('Violet Keys');
  } finally {
    await restoreSettings(api, admin, {
      site_name: before.site_name,
      primary_color: before.primary_color,
      secondary_color: before.secondary_color,
      font_family: before.font_family,
    });
  }
});

test('a secret is stored, shown only masked, kept when the mask is saved back, and can be cleared', async ({ page, api, signInAsAdmin }) => {
  test.setTimeout(90_000);
  const admin = await signInAsAdmin();
  const before = await readSettings(api, admin);

  try {
    await page.goto('/admin/settings');
    const key = page.getByLabel('CoinGate API key', { exact: true });
    await key.fill(SANDBOX_COINGATE_KEY);
    await saveChanges(page);
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();

    // After a reload: masked in a password field, never the value; the API answers the mask too.
    await page.reload();
    await expect(key).toHaveValue(SECRET_MASK);
    await expect(key).toHaveAttribute('type', 'password');
    expect((await readSettings(api, admin)).coingate_api_key).toBe(SECRET_MASK);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('CoinGate API connection successful!')).toBeVisible();

    // Saving again with the mask keeps the stored key: the connection still works.
    await page.getByLabel('SMTP host').fill('smtp.example.com');
    await saveChanges(page);
    await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();
    await page.reload();
    await expect(key).toHaveValue(SECRET_MASK);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('CoinGate API connection successful!').first()).toBeVisible();

    // A wrong key replaces it, and CoinGate says so.
    await key.fill('not-the-key');
    await saveChanges(page);
    await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('CoinGate API error: Auth Token is not valid')).toBeVisible();

    // Cleared: nothing is stored any more.
    await page.getByRole('button', { name: 'Clear CoinGate API key' }).click();
    await saveChanges(page);
    await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();
    expect((await readSettings(api, admin)).coingate_api_key).toBe('');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText('CoinGate API error: No CoinGate API key is saved')).toBeVisible();

    // The test email: cancelling the prompt sends nothing.
    let prompted = 0;
    page.once('dialog', (dialog) => {
      prompted += 1;
      void dialog.dismiss();
    });
    const testEmail = page.waitForRequest('**/api/admin/test-email', { timeout: 1_000 }).then(
      () => true,
      () => false,
    );
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    expect(await testEmail).toBe(false);
    expect(prompted).toBe(1);
  } finally {
    await restoreSettings(api, admin, { coingate_api_key: before.coingate_api_key, smtp_host: before.smtp_host });
  }
});
