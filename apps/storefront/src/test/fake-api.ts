/**
 * The storefront's component tests against the shared fake API (@store/api-fake): the answers every
 * screen needs by default, a stored session, and a clean slate between tests. Imported by tests only.
 */
import { CATEGORY_OPTIONS, SITE_INFO, aUser, setupFakeApi, type Answers, type FakeApi } from '@store/api-fake';
import type { User } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { act, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { cartStore } from '../features/cart/cart-store.ts';
import { resetSessionForTests } from '../features/session/session-store.ts';

// The whole app renders in these tests, and a first render in a cold worker can take over a second:
// generous waits and test timeouts for when the suite runs many files at once on two cores.
configure({ asyncUtilTimeout: 5000 });
export const WHOLE_APP_TIMEOUT_MS = 20_000;

/**
 * What the shell asks on every page: the site information, the categories, and the logout; and what every
 * product page asks: its reviews (none) and, for a signed-in shopper, their own (none, not a buyer); and what
 * the account asks besides the orders: the subscriptions (none).
 */
export const SHOP_DEFAULTS: Answers = {
  siteInfo: SITE_INFO,
  listCategories: CATEGORY_OPTIONS,
  logout: null,
  listProductReviews: { reviews: [], total: 0 },
  getMyReview: { can_review: false, review: null },
  listMySubscriptions: { subscriptions: [] },
};

/** The fake API of a test file, with the shop's default answers (and any of the file's own). */
export function setupShopApi(defaults: Answers = {}): FakeApi {
  return setupFakeApi({ defaults: { ...SHOP_DEFAULTS, ...defaults } });
}

/** The token `signIn` stores, which the app then sends as `Authorization: Bearer test-token`. */
export const TEST_TOKEN = 'test-token';

/**
 * Signs the shopper in as the app finds it at start: a stored token and user, confirmed by GET /auth/me
 * (a test that wants the server to refuse the stored token answers `me` with a 401 after this).
 */
export function signIn(api: FakeApi, account: User = aUser()): User {
  window.localStorage.setItem(SESSION_KEYS.accessToken, TEST_TOKEN);
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(account));
  api.on('me', account);
  return account;
}

/** A clean slate: no stored data, no session, an empty cart, no toasts. */
export function resetShop(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  cartStore.getState().clear();
  act(() => toast.remove());
}
