export { test, expect, type PageErrors, type StoreFixtures } from './fixtures.ts';
export { StoreApi, uniqueName, type RegisteredUser, type Session } from './store-api.ts';
export { approveSandboxPayment, cancelSandboxPayment } from './sandbox.ts';
export { snap, SNAP_WIDTHS } from './screenshots.ts';
export { E2E_ADMIN_PASSWORD, SESSION_KEYS } from './store.ts';
export { AXE_TAGS, axeFindings, describeFindings, expectNoAxeViolations, sweepAxe, SWEEP_MODE, type AxeFinding } from './accessibility.ts';
export { startOwnStore, OWN_STORE_START_MS, type OwnStore } from './own-store.ts';
export { expectScreen, visualTest, type ScreenOptions } from './visual.ts';
