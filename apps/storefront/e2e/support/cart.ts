import type { Page } from '@playwright/test';
import type { CartItem, ProductSummary } from '@store/contracts';

/** Where the storefront keeps the cart (`CART_STORAGE_KEY` of packages/cart-core). */
export const CART_KEY = 'keyvault_cart';

/** The cart line the Add to Cart button stores for `quantity` units of `product`. */
export function cartLine(product: ProductSummary, quantity = 1): CartItem {
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    quantity,
    image: product.images[0] ?? product.image,
    category: product.category,
    product_type: product.product_type,
  };
}

/** Puts the lines in the stored cart as the Add to Cart buttons do (on the home page, which is left open). */
export async function fillCart(page: Page, lines: { product: ProductSummary; quantity?: number }[]): Promise<void> {
  const items = lines.map(({ product, quantity }) => cartLine(product, quantity));
  await page.goto('/');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [CART_KEY, JSON.stringify(items)] as const);
}

/** Fills the stored cart with the lines, then opens the cart page. */
export async function openCartWith(page: Page, lines: { product: ProductSummary; quantity?: number }[]): Promise<void> {
  await fillCart(page, lines);
  await page.goto('/cart');
}

/** The stored cart as text, or null when there is none. */
export const storedCart = (page: Page): Promise<string | null> => page.evaluate((key) => window.localStorage.getItem(key), CART_KEY);
