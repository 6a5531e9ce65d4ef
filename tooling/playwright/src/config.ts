import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './store.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_STORE = fileURLToPath(new URL('./start-store.mjs', import.meta.url));

/** Debian's Chromium: browsers cannot be downloaded on these machines. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface StoreE2eOptions {
  /**
   * The port this app's run starts the store on; each app takes its own (storefront 3100, admin 3200).
   * `E2E_PORT` overrides it, e.g. for a second checkout running its tests on the same machine.
   */
  port: number;
  /** Where the app is served on the store, e.g. '/admin/'; pages then go to relative paths ('orders'). */
  basePath?: string;
}

/**
 * The Playwright config of an app's end-to-end tests: one Chromium worker against one store, started as
 * the README starts it (`pnpm start` at the repo root) on throwaway data by `start-store.mjs`.
 * Paths (e2e/, test-results/, playwright-report/) are relative to the app's playwright.config.ts.
 */
export function storeE2eConfig({ port: defaultPort, basePath = '/' }: StoreE2eOptions): PlaywrightTestConfig {
  const port = Number(process.env.E2E_PORT || defaultPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`E2E_PORT must be a port number, got "${process.env.E2E_PORT}"`);
  const origin = `http://127.0.0.1:${port}`;
  return defineConfig({
    testDir: './e2e',
    testMatch: '**/*.spec.ts',
    outputDir: './test-results',
    // One store and two cores: the specs run one after another in one worker, and share the store's data.
    workers: 1,
    fullyParallel: false,
    retries: 0,
    forbidOnly: true,
    timeout: 30_000,
    reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
    use: {
      baseURL: new URL(basePath, origin).toString(),
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
      viewport: { width: 1280, height: 800 },
      launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    },
    projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
    // Playwright starts its web server before globalSetup, so the server's launcher makes and removes the
    // throwaway data itself (docs/decisions/012-end-to-end-tests.md).
    webServer: {
      name: 'store',
      command: `node ${JSON.stringify(START_STORE)}`,
      cwd: REPO_ROOT,
      url: `${origin}/api/site-info`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        SEED_DEMO: 'true',
        PAYMENT_SANDBOX: 'true',
        LOG_LEVEL: 'warn',
        // Every test registers its own account: the per-IP limit of 20 a minute would refuse them.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // Every test's orders come from this one address, and some are left unpaid on purpose.
        UNPAID_ORDERS_PER_ADDRESS: '10000',
        // The tests' SMTP peer listens on loopback (on by default only for the embedded database).
        SMTP_ALLOW_PRIVATE_HOSTS: 'true',
      },
    },
  });
}
