import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Order } from '@store/contracts';
import { approveSandboxPayment, expect, test, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/*
 * An unpaid order on /account can be paid ("Complete payment", back to PayPal for the same order) or cancelled
 * after a confirmation (docs/decisions/048-unpaid-orders-and-mail-notices.md).
 */

/** An order of one unit placed through the API for the shopper and left unpaid, as a checkout left before PayPal leaves it. */
async function unpaidOrder(api: StoreApi, token: string, productId: string): Promise<Order> {
  const response = await api.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: { items: [{ product_id: productId, quantity: 1 }] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

const card = (page: Page, order: Order) => page.getByRole('article', { name: `Order #${order.id.slice(-8)}` });

async function completePayment(page: Page, order: Order): Promise<void> {
  await card(page, order).getByRole('button', { name: 'Complete payment' }).click();
  await approveSandboxPayment(page);
  await expect(page).toHaveURL(new RegExp(`/payment/success/${order.id}\\?token=`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

test('a shopper pays two unpaid orders from the account page and cancels a third', async ({ page, api, loginAs }) => {
  // Two payments through the sandbox and three saved states, each checked at three widths.
  test.slow();
  const shopper = await api.registerUser();
  await loginAs(page, shopper);
  // A demo product sold by key, by name: the first product in stock of a store the other specs filled may be one
  // delivered as a file, with no key to copy.
  const product = (await api.products()).find((candidate) => candidate.title === 'Harborline Backup Pro');
  if (!product) throw new Error('The demo seed has no "Harborline Backup Pro"');
  const [first, second, third] = [
    await unpaidOrder(api, shopper.access_token, product.id),
    await unpaidOrder(api, shopper.access_token, product.id),
    await unpaidOrder(api, shopper.access_token, product.id),
  ] as [Order, Order, Order];

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  for (const order of [first, second, third]) {
    await expect(card(page, order).getByText('Pending')).toBeVisible();
    await expect(card(page, order).getByRole('button', { name: 'Complete payment' })).toBeEnabled();
  }
  // The reminder says "we mailed" exactly when the shop can send email.
  const notice = page.getByText(/We mailed a link to|cannot send email right now/);
  await expect(notice).toHaveText((await api.siteInfo()).mail_available ? /^We mailed a link to/ : /cannot send email right now/);
  await snap(page, 'account-unpaid-orders');

  await completePayment(page, first);
  await page.goto('/account');
  await expect(card(page, first).getByText('Completed')).toBeVisible();
  await expect(card(page, first).getByRole('button', { name: 'Copy key' })).toHaveCount(1);

  await card(page, second).getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${second.id.slice(-8)}?` });
  await expect(dialog).toBeVisible();
  await snap(page, 'account-cancel-order-dialog');
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, second).getByText('Failed')).toBeVisible();
  await expect(card(page, second).getByRole('button', { name: 'Complete payment' })).toHaveCount(0);

  await completePayment(page, third);
  await page.goto('/account');
  await expect(card(page, third).getByText('Completed')).toBeVisible();
  await page.getByText(/is cancelled|Redirecting/).first().waitFor({ state: 'hidden' });
  await snap(page, 'account-after-payment-and-cancel');

  // Two delivered orders, each with its "Your products" region: the regions' names differ.
  const results = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
  expect(results.violations).toEqual([]);
});
