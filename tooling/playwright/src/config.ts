import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './store.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const START_STORE = fileURLToPath(new URL('./start-store.mjs', import.meta.url));

/** The store's environment for the tests, listening on loopback at `port`. */
export function storeEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    // No PUBLIC_URL, as `pnpm start`: mailed links and payment return addresses lead to the listen address, which the
    // browser uses (docs/decisions/034-links-only-to-the-shop.md).
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
    // The webhook spec's receiver listens on loopback too (docs/decisions/057-webhooks.md).
    WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
  };
}

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

/**
 * A port free on loopback now, asked of the system (port 0) in a child process: the config is read
 * synchronously. Another program could take it before the store listens; the store then fails to start
 * and says so, rather than the tests reaching a store that is not theirs.
 */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export interface StoreE2eOptions {
  /** Where the app is served on the store, e.g. '/admin/'; pages then go to relative paths ('orders'). */
  basePath?: string;
}

/**
 * The Playwright config of an app's end-to-end tests: one Chromium worker against one store, started as
 * the README starts it (`pnpm start` at the repo root) on throwaway data by `start-store.mjs`.
 * Paths (e2e/, test-results/, playwright-report/) are relative to the app's playwright.config.ts.
 */
export function storeE2eConfig({ basePath = '/' }: StoreE2eOptions = {}): PlaywrightTestConfig {
  // A free port of its own (a store may already run on 3000 or 3100 beside the tests), or E2E_PORT. Kept
  // in the environment: the runner's workers read this config again and must reach the same store.
  const port = Number(process.env.E2E_PORT || freePort());
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`E2E_PORT must be a port number, got "${process.env.E2E_PORT}"`);
  process.env.E2E_PORT = String(port);
  const origin = `http://127.0.0.1:${port}`;
  return defineConfig({
    testDir: './e2e',
    testMatch: '**/*.spec.ts',
    outputDir: './test-results',
    // Baselines of the screenshots compared by `expectScreen` (src/visual.ts), committed beside the specs.
    snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
    // One store and two cores: the specs run one after another in one worker, and share the store's data.
    workers: 1,
    fullyParallel: false,
    retries: 0,
    forbidOnly: true,
    // A test with several snap() calls runs axe twice for each (src/accessibility.ts).
    timeout: 60_000,
    // An answer the page waits for takes seconds on a machine busy with the store, Chromium and axe.
    expect: { timeout: 10_000 },
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
      env: storeEnv(port),
    },
  });
}
