import { isTwoFactorChallenge, TWO_FACTOR, type LoginResponse } from '@store/contracts';
import { HOTP, Secret } from 'otpauth';
import { expect, test, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now: the same library the server checks with. */
function totpCode(secret: string, steps = 0): string {
  const step = Math.floor(Date.now() / 1000 / TWO_FACTOR.periodSeconds) + steps;
  return new HOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TWO_FACTOR.digits }).generate({ counter: step });
}

// Every spec shares the store and its one admin: the recovery codes shown during the test turn two-factor
// sign-in off again afterwards (through the API), so the specs after this one sign in with the password alone.
let recoveryCodes: string[] = [];

async function turnTwoFactorOff(api: StoreApi, username: string, password: string): Promise<void> {
  const [signInCode, disableCode] = recoveryCodes;
  if (signInCode === undefined || disableCode === undefined) return;
  const first = (await (await api.request.post('/api/auth/login', { data: { username, password } })).json()) as LoginResponse;
  if (!isTwoFactorChallenge(first)) return;
  const second = await api.request.post('/api/auth/login/2fa', { data: { token: first.two_factor_token, recovery_code: signInCode } });
  const { access_token: token } = (await second.json()) as { access_token: string };
  const off = await api.request.post('/api/auth/2fa/disable', {
    data: { password, recovery_code: disableCode },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!off.ok()) throw new Error(`POST /api/auth/2fa/disable: HTTP ${off.status()} ${await off.text()}`);
  recoveryCodes = [];
}

test.afterEach(async ({ api, adminCredentials }) => {
  await turnTwoFactorOff(api, adminCredentials.username, adminCredentials.password);
});

test('staff set up two-factor sign-in, then sign in with the password and a code from the app', async ({ page, adminCredentials, signInAsAdmin, pageErrors }) => {
  // The wrong code below answers 400, which the browser reports as a failed resource load.
  pageErrors.allow(/status of 400/);
  await signInAsAdmin();
  await page.goto('/admin/');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is off' })).toBeVisible();

  // A session left open is not enough: the password first.
  await page.getByRole('form', { name: 'Set up two-factor sign-in' }).getByLabel('Password', { exact: true }).fill(adminCredentials.password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  // The QR code is an image the server drew (a data: URL): nothing about the secret goes to a third party.
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  // The key as the staff member would type it into the app.
  const secret = (await page.getByLabel('Secret key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, 'two-factor-setup');

  await page.getByLabel('Code from your app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(TWO_FACTOR.recoveryCodes);
  recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  expect(new Set(recoveryCodes).size).toBe(TWO_FACTOR.recoveryCodes);
  await snap(page, 'two-factor-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  await expect(page.getByText(`Recovery codes left: ${TWO_FACTOR.recoveryCodes} of ${TWO_FACTOR.recoveryCodes}`)).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
  await page.getByLabel('Email or Username').fill(adminCredentials.username);
  await page.getByLabel('Password', { exact: true }).fill(adminCredentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  // The password alone opened no session: the code is asked for.
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  await snap(page, 'two-factor-code');

  // The step the setup took is spent: the app's next code (within the accepted window) signs in.
  const next = totpCode(secret, 1);
  const wrong = String((Number(next) + 500_000) % 1_000_000).padStart(TWO_FACTOR.digits, '0');
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right, or it was used already. Enter the code your app shows now.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);

  await code.fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/$/);
});
