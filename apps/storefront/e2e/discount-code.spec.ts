import type { Page } from '@playwright/test';
import type { DiscountCode, DiscountUseList, Product } from '@store/contracts';
import { fillCart as fillCartWith } from './support/cart.ts';
import { approveSandboxPayment, expect, test, uniqueName } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/*
 * Issue 15 item 1: a guest applies a discount code in the cart, sees the discounted total, pays the
 * discounted amount through the PayPal sandbox, and the order shows the code and its discount
 * (docs/decisions/028-discount-codes.md).
 */

/** Puts a product in the stored cart as the Add to Cart button does. */
const fillCart = (page: Page, product: Product, quantity = 1) => fillCartWith(page, [{ product, quantity }]);

test('a guest applies a discount code in the cart, pays the discounted total through the sandbox, and the order shows the discount', async ({
  page,
  api,
  pageErrors,
}) => {
  // The unknown code below is answered 400, which the browser logs.
  pageErrors.allow(/status of 400 \(Bad Request\).*\/api\/discounts\/preview/);
  const admin = await api.loginAdmin();
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const product = await api.createProduct(
    {
      title: `Discounted Course ${Date.now()}`,
      price: 40,
      category: 'courses',
      description: 'A course on sale',
      detailed_description: 'Twenty-five percent off with the code.',
      images: [],
      features: [],
      stock_quantity: 5,
    },
    admin,
  );
  const created = await api.request.post('/api/admin/discounts', {
    data: { code: uniqueName('SALE').toUpperCase(), kind: 'percent', value: 25, max_uses: 5, categories: ['courses'] },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const code = (await created.json()) as DiscountCode;

  await fillCart(page, product, 1);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$40');

  // A code that does not exist says so and changes nothing.
  const field = page.getByRole('textbox', { name: 'Discount code' });
  const previewAnswer = () => page.waitForResponse((response) => response.url().includes('/api/discounts/preview'));
  await field.fill('NO_SUCH_CODE');
  const [unknown] = await Promise.all([previewAnswer(), page.getByRole('button', { name: 'Apply' }).click()]);
  await expect(page.getByText('This discount code is not valid')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$40');

  // A code that has ended is answered exactly as one that never existed (docs/decisions/036-holds-at-payment.md).
  const ended = await api.request.post('/api/admin/discounts', {
    data: {
      code: uniqueName('OVER').toUpperCase(),
      kind: 'percent',
      value: 50,
      starts_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      ends_at: new Date(Date.now() - 3_600_000).toISOString(),
    },
    headers,
  });
  expect(ended.status(), await ended.text()).toBe(201);
  await field.fill(((await ended.json()) as DiscountCode).code);
  const [over] = await Promise.all([previewAnswer(), page.getByRole('button', { name: 'Apply' }).click()]);
  expect(over.status()).toBe(unknown.status());
  expect(await over.json()).toEqual(await unknown.json());
  await expect(page.getByText('This discount code is not valid')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$40');

  // Typed in lower case, applied as the server knows it.
  await field.fill(code.code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$10.00');
  await expect(page.getByText(`Discount (${code.code})`)).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$30.00');
  await expect(page.getByTestId('discount-code')).toHaveText(code.code);
  await snap(page, 'cart-discount');

  // The code survives a reload (kept with the cart).
  await page.reload();
  await expect(page.getByTestId('cart-total')).toHaveText('$30.00');

  await page.getByRole('link', { name: 'Guest Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Guest Checkout' })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$30.00');
  await expect(page.getByTestId('discount-amount')).toHaveText('−$10.00');
  const email = `${uniqueName('discount')}@example.com`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Dora Discount');
  await page.getByRole('textbox', { name: 'Address' }).fill('3 Market Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Leeds');
  await page.getByRole('textbox', { name: 'Country' }).fill('United Kingdom');
  await page.getByRole('checkbox', { name: /all sales of digital products are final/ }).check();
  await snap(page, 'guest-checkout-discount');

  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  // The sandbox's approval page shows the breakdown the store sent, as PayPal does, and asks for the discounted amount.
  await expect(page).toHaveURL(/\/sandbox\/checkoutnow\?token=/);
  await expect(page.getByRole('term')).toHaveText(['Item total', 'Discount', 'Total']);
  await expect(page.getByRole('definition')).toHaveText(['$40.00', '\u2212$10.00', '$30.00']);
  await snap(page, 'sandbox-approval-discount');
  await approveSandboxPayment(page);

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Order details' });
  await expect(details.getByText('Paid', { exact: true })).toBeVisible();
  await expect(details.getByTestId('order-total')).toHaveText('$30.00');
  await expect(details.getByText(`Discount (${code.code})`)).toBeVisible();
  await expect(details.getByTestId('discount-amount')).toHaveText('−$10.00');
  // The cart and its code are gone with the paid order.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('keyvault_discount_code'))).toBeNull();

  // The guest's order page shows the same figures.
  await page.getByRole('link', { name: 'View Order Page' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$30.00');
  await expect(page.getByTestId('discount-amount')).toHaveText('−$10.00');

  // Staff see the use.
  const uses = (await (await api.request.get(`/api/admin/discounts/${code.id}/uses`, { headers })).json()) as DiscountUseList;
  expect(uses.uses).toEqual([
    expect.objectContaining({ buyer_email: email, amount: 10, total_amount: 30, counted: true, status: 'completed' }),
  ]);
});
