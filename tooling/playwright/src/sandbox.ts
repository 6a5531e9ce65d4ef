import { expect, type Page } from '@playwright/test';

// The buttons of the payment sandbox's approval page (tooling/payment-sandbox/src/approval-html.ts), named
// by their aria-labels: "Approve payment of $49.99 to KeyVault", "Cancel and return to KeyVault".
const APPROVE = /^Approve payment of /;
const CANCEL = /^Cancel and return to /;

async function choose(page: Page, button: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/checkoutnow\?token=/);
  await page.getByRole('button', { name: button }).click();
  // The sandbox answers the form with a redirect to the store's return or cancel address.
  await page.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
}

/** On the sandbox's approval page: approves the payment and waits to be back in the store. */
export async function approveSandboxPayment(page: Page): Promise<void> {
  await choose(page, APPROVE);
}

/** On the sandbox's approval page: cancels the payment and waits to be back in the store. */
export async function cancelSandboxPayment(page: Page): Promise<void> {
  await choose(page, CANCEL);
}
