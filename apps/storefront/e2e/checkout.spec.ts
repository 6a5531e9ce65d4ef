import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { ProductSummary } from '@store/contracts';
import { fillCart as fillCartWith, storedCart } from './support/cart.ts';
import { approveSandboxPayment, cancelSandboxPayment, expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/** Puts `quantity` units of a product in the stored cart as the Add to Cart button does. */
const fillCart = (page: Page, product: ProductSummary, quantity = 1) => fillCartWith(page, [{ product, quantity }]);

/** The licence keys shown on the page: monospace codes, each with its Copy key button. */
async function expectKeys(page: Page, count: number): Promise<void> {
  const goods = page.getByRole('region', { name: 'Your products' });
  await expect(goods.getByRole('button', { name: 'Copy key' })).toHaveCount(count);
  for (const key of await goods.locator('code').allTextContents()) expect(key.trim()).toMatch(/\S{6,}/);
}

/**
 * An order's date and time never breaks inside ("9:39 / AM") at a phone's widths: the line boxes of its text
 * (the Range's client rects) all sit on one line, and the element is no taller than one line.
 */
async function expectOnOneLine(page: Page, time: Locator): Promise<void> {
  const viewport = page.viewportSize();
  try {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: viewport?.height ?? 800 });
      const layout = await time.evaluate(async (element) => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
        return { lines: tops.size, height: element.getBoundingClientRect().height, lineHeight };
      });
      expect(layout.lines, `"${await time.textContent()}" on one line at ${width} px`).toBe(1);
      expect(layout.height, `one line high at ${width} px`).toBeLessThan(layout.lineHeight * 1.5);
    }
  } finally {
    if (viewport !== null) await page.setViewportSize(viewport);
  }
}

test('a guest pays through the PayPal sandbox and gets the licence keys on the page', async ({ page, api }) => {
  const product = await api.firstProductWithStock();
  await fillCart(page, product, 2);
  await page.goto('/guest-checkout');

  await expect(page.getByRole('heading', { name: 'Guest Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid email address');
  await expect(page.getByText('Please agree to the Terms of Service to proceed with payment').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('guest-buyer@example.com');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Gus Guest');
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Market Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Leeds');
  await page.getByRole('textbox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
  await snap(page, 'guest-checkout');

  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await approveSandboxPayment(page);

  await expect(page).toHaveURL(/\/payment\/success\/[0-9a-f-]{36}\?token=[A-Z0-9]+&PayerID=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('PayPal payment completed! Your products are available for download.')).toBeVisible();
  const details = page.getByRole('region', { name: 'Order details' });
  await expect(details.getByText('Paid', { exact: true })).toBeVisible();
  await expect(details.getByTestId('order-total')).toHaveText(`$${((Math.round(product.price * 100) * 2) / 100).toFixed(2)}`);
  await expectKeys(page, 2);
  await expect.poll(() => storedCart(page)).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('pending_order_id'))).toBeNull();
  await page.getByText('PayPal payment completed! Your products are available for download.').waitFor({ state: 'hidden' });
  await expectOnOneLine(page, details.locator('time'));
  await snap(page, 'payment-success');

  // The guest order page shows the same goods, opened with the token kept at checkout.
  await page.getByRole('link', { name: 'View Order Page' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Order #/ }).getByText('Completed')).toHaveAttribute('data-tone', 'green');
  await expectKeys(page, 2);
  await expectOnOneLine(page, page.getByRole('region', { name: /^Order #/ }).locator('time'));
  await snap(page, 'order-success');
});

test('a signed-in shopper agrees to the terms, pays through the sandbox and finds the keys in the account', async ({
  page,
  api,
  loginAs,
}) => {
  const shopper = await api.registerUser();
  await loginAs(page, shopper);
  const product = await api.firstProductWithStock();
  await fillCart(page, product);
  await page.goto('/checkout');

  const pay = page.getByRole('button', { name: 'Pay with PayPal' });
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(shopper.user.email);
  await expect(page.getByRole('radio', { name: /PayPal/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Crypto \(CoinGate\)/ })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /^Card/ })).toBeDisabled();
  await expect(page.getByText('Checking current prices…')).toBeHidden();
  await expect(pay).toBeDisabled();
  await snap(page, 'checkout');

  await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
  await expect(pay).toBeEnabled();
  await pay.click();
  await approveSandboxPayment(page);

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expectKeys(page, 1);
  await expect.poll(() => storedCart(page)).toBeNull();

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  const latest = page.getByRole('article').first();
  await expect(latest.getByText('Completed')).toBeVisible();
  await expect(latest.getByRole('button', { name: 'Copy key' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Refresh links' }).click();
  await expect(page.getByRole('button', { name: 'Refresh links' })).toBeEnabled();
  await snap(page, 'account');
});

test('cancelling on the sandbox lands on the cancel page with the cart kept', async ({ page, api, loginAs }) => {
  const shopper = await api.registerUser();
  await loginAs(page, shopper);
  const product = await api.firstProductWithStock();
  await fillCart(page, product);
  await page.goto('/checkout');

  await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await cancelSandboxPayment(page);

  await expect(page).toHaveURL(/\/payment\/cancel\/[0-9a-f-]{36}\?token=[A-Z0-9]+/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('PayPal payment was cancelled.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await page.getByText('PayPal payment was cancelled.').waitFor({ state: 'hidden' });
  await snap(page, 'payment-cancel');

  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  expect(JSON.parse((await storedCart(page)) ?? '[]')).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
});

test('an unpaid order of every unit leaves the product on sale: another guest adds it, pays through the sandbox and gets it', async ({
  page,
  api,
}) => {
  const product = await api.createProduct({
    title: `Last Two Seats ${Date.now()}`,
    price: 12,
    description: 'Two left',
    detailed_description: 'Someone ordered both and never paid.',
    images: [],
    features: [],
    stock_quantity: 2,
  });
  // Placing an order holds nothing: only a payment start does, for minutes (docs/decisions/036-holds-at-payment.md).
  const unpaid = await api.request.post('/api/orders', {
    data: {
      items: [{ product_id: product.id, quantity: 2 }],
      invoice_data: {
        email: 'never-pays@example.com',
        name: 'Nora Never',
        address: '3 Market Street',
        city: 'Leeds',
        country: 'United Kingdom',
      },
    },
  });
  expect(unpaid.status(), await unpaid.text()).toBe(201);

  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/guest-checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('next-buyer@example.com');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ned Next');
  await page.getByRole('textbox', { name: 'Address' }).fill('4 Market Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Leeds');
  await page.getByRole('textbox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await approveSandboxPayment(page);

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order details' }).getByText('Paid', { exact: true })).toBeVisible();
  // One sold: the product page shows the one left.
  const shown = await api.request.get(`/api/products/${product.id}`);
  expect(((await shown.json()) as ProductSummary).stock_quantity).toBe(1);
});

test('a new shopper with no orders sees the empty account', async ({ page, api, loginAs }) => {
  const shopper = await api.registerUser();
  await loginAs(page, shopper);

  await page.goto('/account');

  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});

test('a guest gets a free product without PayPal: "Get it free", then the goods on the order page', async ({ page, api }) => {
  const product = await api.createProduct({
    title: `Free Starter Pack ${Date.now()}`,
    price: 0,
    description: 'A free download',
    detailed_description: 'Free for everyone.',
    images: [],
    features: [],
    stock_quantity: 5,
  });
  // The seller's own file: the buyer must receive exactly these bytes through the Download button.
  const bytes = randomBytes(200_000);
  const file = await api.uploadProductFile(product.id, { name: 'starter-pack.zip', buffer: bytes });
  expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  await fillCart(page, product, 1);
  await page.goto('/guest-checkout');

  await page.getByRole('textbox', { name: 'Email' }).fill('free-buyer@example.com');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Fay Free');
  await page.getByRole('textbox', { name: 'Address' }).fill('2 Market Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Leeds');
  await page.getByRole('textbox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toHaveCount(0);
  await snap(page, 'guest-checkout-free');
  await page.getByRole('button', { name: 'Get it free' }).click();

  // No trip to PayPal: straight to the order, completed, with its download.
  await expect(page).toHaveURL(/\/order-success\/[0-9a-f-]{36}/);
  await expect(page.getByRole('region', { name: /^Order #/ }).getByText('Completed')).toBeVisible();
  const goods = page.getByRole('region', { name: 'Your products' });
  await expect(goods.getByText('Downloaded 0 of 5 times')).toBeVisible();
  await expect.poll(() => storedCart(page)).toBeNull();
  await snap(page, 'order-success-free');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    goods.getByRole('link', { name: 'Download starter-pack.zip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('starter-pack.zip');
  const saved = await readFile(await download.path());
  expect(createHash('sha256').update(saved).digest('hex')).toBe(file.sha256);
  // The page asks for the order again after a download: the count moves on.
  await expect(goods.getByText('Downloaded 1 of 5 times')).toBeVisible();
});
