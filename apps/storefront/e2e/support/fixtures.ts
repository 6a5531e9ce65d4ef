// The store's shared fixtures (tooling/playwright); storefront-only fixtures extend `test` here.
export { test, expect, approveSandboxPayment, cancelSandboxPayment, uniqueName } from '@store/playwright-config';
export type { PageErrors, RegisteredUser, Session, StoreApi } from '@store/playwright-config';
