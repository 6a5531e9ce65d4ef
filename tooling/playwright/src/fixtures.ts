import { test as base, type ConsoleMessage, type Page } from '@playwright/test';
import { sweepAxe } from './accessibility.ts';
import { SESSION_KEYS, E2E_ADMIN_PASSWORD } from './store.ts';
import { StoreApi, type Session } from './store-api.ts';

/** What the browser reported that a test did not expect: an uncaught exception or a console error. */
export interface PageErrors {
  /** Lets this test pass despite errors matching the pattern, e.g. `/status of 401/` for a forged token. */
  allow(pattern: RegExp): void;
}

export interface StoreFixtures {
  /** The account the store was started with (the launcher sets ADMIN_PASSWORD). */
  adminCredentials: { username: 'admin'; password: string };
  /** The store's API for a test's own data: accounts, products. */
  api: StoreApi;
  /** Signs the page in with a session before any of the app's code runs (call before `page.goto`). */
  loginAs: (page: Page, auth: Session) => Promise<void>;
  /** Fails the test on any page error or console error it did not allow; automatic. */
  pageErrors: PageErrors;
  /**
   * Automatic: when a test has passed, axe-core checks the state each of its open pages ended in (snap()
   * checks the states it saves, at both widths); a violation fails the test, or is only reported with
   * E2E_AXE=report (src/accessibility.ts, SWEEP_MODE).
   */
  endStateAccessibility: void;
}

// Nothing is ignored: every page names its icon (the sandbox's pages too), so no /favicon.ico 404 is expected.
const IGNORED_ERRORS: readonly RegExp[] = [];

function describeConsoleError(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

/**
 * Puts the session where the apps read it (localStorage `access_token` and `user`) before the page's
 * scripts run. Once per tab: a test that signs out and reloads stays signed out.
 */
async function loginAs(page: Page, auth: Session, origin: string): Promise<void> {
  await page.addInitScript(
    ({ keys, token, user, origin }) => {
      const marker = 'e2e:session-seeded';
      if (window.location.origin !== origin || window.sessionStorage.getItem(marker) !== null) return;
      window.sessionStorage.setItem(marker, '1');
      window.localStorage.setItem(keys.accessToken, token);
      window.localStorage.setItem(keys.user, user);
    },
    { keys: SESSION_KEYS, token: auth.access_token, user: JSON.stringify(auth.user), origin },
  );
}

export const test = base.extend<StoreFixtures>({
  adminCredentials: [{ username: 'admin', password: E2E_ADMIN_PASSWORD }, { option: true }],

  api: async ({ request }, use) => {
    await use(new StoreApi(request));
  },

  loginAs: async ({ baseURL }, use) => {
    if (baseURL === undefined) throw new Error('loginAs needs the baseURL of the store');
    const origin = new URL(baseURL).origin;
    await use((page, auth) => loginAs(page, auth, origin));
  },

  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [...IGNORED_ERRORS];
      // Every tab of the test, the default `page` included (it is opened after this fixture).
      context.on('page', (page) => {
        page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(describeConsoleError(message));
        });
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      if (unexpected.length > 0) {
        throw new Error(`The page reported ${unexpected.length} unexpected error(s):\n${unexpected.map((error) => `  - ${error}`).join('\n')}`);
      }
    },
    { auto: true },
  ],

  endStateAccessibility: [
    async ({ context, javaScriptEnabled }, use, testInfo) => {
      await use();
      // axe-core runs as a script in the page: a test of the pages without JavaScript has its own checks.
      if (testInfo.status !== testInfo.expectedStatus || javaScriptEnabled === false) return;
      for (const [at, page] of context.pages().entries()) await sweepAxe(page, `the end state of "${testInfo.title}" (tab ${at + 1})`);
    },
    // Its own time, not the test's: axe on a long page takes seconds on a busy machine.
    { auto: true, timeout: 60_000 },
  ],
});

export { expect } from '@playwright/test';
