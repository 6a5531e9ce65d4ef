/**
 * The admin's component tests against the shared fake API (@store/api-fake): the answers every screen
 * needs by default, a signed-in admin, and image files to upload. Imported by tests only.
 */
import { CATEGORY_OPTIONS, SITE_INFO, aRevenueSeries, aTwoFactorStatus, anAdmin, setupFakeApi, type Answers, type FakeApi } from '@store/api-fake';
import type { User } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { configure } from '@testing-library/react';

// The whole app renders in these tests, on two cores shared with other work: a first render or an
// answer can take over a second, so the waits are generous.
configure({ asyncUtilTimeout: 5000 });

/**
 * What the shell asks on every page: the site information, the categories (product form), the logout, and
 * the admin's two-factor sign-in (off, not required), which the guard checks before a screen.
 */
export const ADMIN_DEFAULTS: Answers = {
  siteInfo: SITE_INFO,
  listCategories: CATEGORY_OPTIONS,
  logout: null,
  twoFactorStatus: aTwoFactorStatus(),
  // The dashboard's revenue chart (a sale every third day), which any test landing on /admin/ loads.
  adminRevenue: aRevenueSeries(),
};

/** The fake API of a test file, with the admin's default answers (and any of the file's own). */
export function setupAdminApi(defaults: Answers = {}): FakeApi {
  return setupFakeApi({ defaults: { ...ADMIN_DEFAULTS, ...defaults } });
}

/** The token `signIn` stores, which the app then sends as `Authorization: Bearer test-token`. */
export const TEST_TOKEN = 'test-token';

/**
 * Signs `account` in as the app finds it at start: a stored token and user, confirmed by GET /auth/me
 * (a test that wants the server to refuse the stored token answers `me` with a 401 after this).
 * Call it in `beforeEach` or in the test: the fake forgets its answers after each test (the setup clears the storage).
 */
export function signIn(api: FakeApi, account: User): User {
  window.localStorage.setItem(SESSION_KEYS.accessToken, TEST_TOKEN);
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(account));
  api.on('me', account);
  return account;
}

/** Signs an admin in (see `signIn`). */
export function signInAsAdmin(api: FakeApi, admin: User = anAdmin()): User {
  return signIn(api, admin);
}

/** A small PNG file (its type as the browser reports it; the fake API does not read the bytes). */
export function imageFile(name = 'photo.png', type = 'image/png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type });
}
