import { CART_KEY, openCartWith } from './support/cart.ts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('the cart changes quantities, never below 1 from its controls, and shows the empty state once emptied', async ({ page, api }) => {
  // A subscription is a line of one, without quantity controls (docs/decisions/039-subscription-screens.md).
  const products = (await api.products()).filter((product) => product.stock_quantity > 0 && product.product_type !== 'subscription');
  const [first, second] = products;
  if (!first || !second) throw new Error('The demo catalogue needs two products in stock');

  await openCartWith(page, [
    { product: first, quantity: 1 },
    { product: second, quantity: 2 },
  ]);

  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const decrease = page.getByRole('button', { name: `Decrease quantity of ${first.title}` });
  const increase = page.getByRole('button', { name: `Increase quantity of ${first.title}` });
  const quantity = page.getByRole('status', { name: `Quantity of ${first.title}` });
  await expect(decrease).toBeDisabled();
  await expect(page.getByRole('link', { name: first.title })).toHaveAttribute('href', `/products/${first.id}`);
  await expect(page.getByRole('link', { name: 'Guest Checkout' })).toBeVisible();
  await expect(page.getByText('Checking current prices…')).toBeHidden();
  await snap(page, 'cart');

  await increase.click();
  await expect(quantity).toHaveText('2');
  const expected = Math.round(first.price * 100) * 2 + Math.round(second.price * 100) * 2;
  await expect(page.getByTestId('cart-total').locator('[data-amount]')).toHaveAttribute('data-amount', (expected / 100).toFixed(2));
  await decrease.click();
  await expect(quantity).toHaveText('1');
  await expect(decrease).toBeDisabled();

  await page.getByRole('button', { name: `Remove ${first.title}` }).click();
  await expect(page.getByRole('link', { name: first.title })).toBeHidden();
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await page.getByRole('dialog', { name: 'Clear your cart?' }).getByRole('button', { name: 'Clear cart' }).click();

  await expect(page.getByRole('heading', { name: 'Cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  expect(await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)).toBeNull();
  await snap(page, 'cart-empty');
});

test('a corrupt stored cart is discarded: the cart page is empty and the stored value removed', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((key) => window.localStorage.setItem(key, '{not json'), CART_KEY);

  await page.goto('/cart');

  await expect(page.getByRole('heading', { name: 'Cart is empty' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)).toBeNull();
});

test('a signed-in shopper goes from the cart to the checkout', async ({ page, api, loginAs }) => {
  const shopper = await api.registerUser();
  await loginAs(page, shopper);
  const product = await api.firstProductWithStock();

  await openCartWith(page, [{ product, quantity: 1 }]);

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
});
