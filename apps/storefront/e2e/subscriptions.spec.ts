import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

const CART_KEY = 'keyvault_cart';
const AURORA = 'Aurora AI Writer';

const storedCart = (page: Page) => page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as unknown, CART_KEY);

test('a guest registers to subscribe to Aurora AI Writer, approves it at the sandbox, finds its key on the account and cancels it', async ({
  page,
  api,
}) => {
  const products = await api.products();
  const aurora = products.find((product) => product.title === AURORA);
  const other = products.find((product) => product.product_type === 'single' && product.stock_quantity > 0);
  if (!aurora || !other) throw new Error(`The demo catalogue has no ${AURORA} or no single product in stock`);
  // A one-off product in the cart, which subscribing leaves as it is.
  await page.goto(`/products/${other.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => storedCart(page)).toEqual([expect.objectContaining({ id: other.id, quantity: 1 })]);
  const cart = await storedCart(page);

  // The product page says what the subscription costs per month and asks a guest to sign up first.
  await page.goto(`/products/${aurora.id}`);
  await expect(page.getByTestId('subscription-price')).toHaveText(/^\$\d+\.\d{2} \/ month$/);
  const subscribe = page.getByRole('button', { name: `Subscribe to ${AURORA}` });
  await subscribe.click();
  await expect(page.getByText('Subscribing needs an account')).toBeVisible();
  await snap(page, 'subscribe-guest');
  await page.getByRole('link', { name: 'Create an account' }).click();

  const username = uniqueName('sub');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password');
  await page.getByLabel('Confirm Password').fill('e2e-password');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Back on the product, signed in, with the cart as it was.
  await expect(page).toHaveURL(`/products/${aurora.id}`);
  expect(await storedCart(page)).toEqual(cart);
  await subscribe.click();

  // The sandbox's approval page, then back to the store's return page.
  await expect(page).toHaveURL(/\/sandbox\//);
  await page.getByRole('button', { name: /^Approve/ }).click();
  await page.waitForURL(/\/account\/subscriptions\/[0-9a-f-]{36}\/return/);
  await expect(page.getByRole('heading', { name: 'Subscription active' })).toBeVisible();
  const goods = page.getByRole('region', { name: 'Your subscription' });
  await expect(goods.getByRole('button', { name: 'Copy key' })).toHaveCount(1);
  const key = (await goods.locator('code').first().textContent())?.trim() ?? '';
  expect(key).toMatch(/\S{6,}/);
  expect(await storedCart(page)).toEqual(cart);
  await snap(page, 'subscription-return');

  // The account lists it with its key; cancelling keeps access to the end of the paid period.
  await page.getByRole('link', { name: 'My Account' }).click();
  const card = page.getByRole('region', { name: 'My Subscriptions' }).getByRole('article', { name: AURORA });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText(/^Next payment: /)).toBeVisible();
  await expect(card.locator('code')).toHaveText(key);
  // Its file (the demo seeds one for Aurora), downloaded through the subscription's own link and counted.
  const fileLink = card.getByRole('link', { name: /^Download aurora-ai-writer\.zip$/ });
  await expect(fileLink).toHaveAttribute('href', /\/api\/subscriptions\/[0-9a-f-]{36}\/downloads\/[0-9a-f-]{36}\?expires=\d+&signature=/);
  await expect(card.getByText('Downloaded 0 of 5 times')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), fileLink.click()]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toBe('aurora-ai-writer.zip');
  await expect(card.getByText('Downloaded 1 of 5 times')).toBeVisible();
  await snap(page, 'account-subscriptions');

  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${AURORA}?` });
  await expect(dialog).toContainText('You keep access until');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/^Subscription cancelled\. You keep access until /)).toBeVisible();
  await expect(card.getByText(/^Access until /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(card.locator('code')).toHaveText(key);
});
