import type { Page } from '@playwright/test';
import type { ProductList, ProductSummary } from '@store/contracts';
import { expect, test, uniqueName, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/** What the API answers for a catalogue query: what the page must agree with. */
async function catalogue(api: StoreApi, query: Record<string, string> = {}): Promise<ProductList> {
  const response = await api.request.get(`/api/products?${new URLSearchParams({ limit: '50', ...query })}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProductList;
}

const countLabel = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

/** Scrolls through the page so lazily loaded images arrive, then back to the top (before a full-page screenshot). */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete)), { message: 'every image has loaded' })
    .toBe(true);
}

/** The stars' accessible name gives the exact figure, as the API sends it (one decimal): 4.7, or 4 for 4.0. */
function ratingFigure(rating: number): string {
  return rating.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/**
 * The product page's header shows the product's real figures: the stars, one decimal and the count with its
 * plural, or "No reviews yet" and no stars at all.
 */
async function expectRatingOf(page: Page, product: Pick<ProductSummary, 'rating' | 'reviews_count'>): Promise<void> {
  const main = page.getByRole('main');
  if (product.rating === null) {
    await expect(main.getByRole('link', { name: 'No reviews yet' })).toBeVisible();
    await expect(main.getByRole('img', { name: /^Rated / })).toHaveCount(0);
    await expect(main.getByText(/\(\d[\d,]* reviews?\)/)).toHaveCount(0);
    return;
  }
  const count = `${product.reviews_count.toLocaleString('en-US')} ${product.reviews_count === 1 ? 'review' : 'reviews'}`;
  await expect(main.getByText(product.rating.toFixed(1), { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: `(${count})` })).toBeVisible();
  await expect(main.getByRole('img', { name: `Rated ${ratingFigure(product.rating)} out of 5` }).first()).toBeVisible();
  await expect(main.getByText('No reviews yet')).toHaveCount(0);
}

test('the product pages show real ratings: the reviewed figures, or "No reviews yet" without stars', async ({ page, api }) => {
  const products = await api.products();
  const reviewed = products.find((product) => product.reviews_count > 0);
  const unreviewed = products.find((product) => product.reviews_count === 0);
  // The demo seeds real reviews on some products only (docs/decisions/027-reviews.md).
  expect(reviewed, 'a reviewed demo product').toBeDefined();
  expect(unreviewed, 'an unreviewed demo product').toBeDefined();
  expect(unreviewed!.rating).toBeNull();

  for (const product of [reviewed!, unreviewed!]) {
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expectRatingOf(page, product);
  }

  // The cards say the same: stars and figures only where there are reviews.
  await page.goto('/products');
  const unreviewedCard = page.getByRole('article', { name: unreviewed!.title });
  await expect(unreviewedCard.getByText('No reviews yet')).toBeVisible();
  await expect(unreviewedCard.getByRole('img', { name: /^Rated / })).toHaveCount(0);
  const reviewedCard = page.getByRole('article', { name: reviewed!.title });
  await expect(reviewedCard.getByText(reviewed!.rating!.toFixed(1), { exact: true })).toBeVisible();
  await expect(reviewedCard.getByRole('img', { name: `Rated ${ratingFigure(reviewed!.rating!)} out of 5` })).toBeVisible();
});

test('the home page shows the featured products with their cards', async ({ page, api }) => {
  const newest = await catalogue(api, { limit: '9', sort: 'newest' });

  await page.goto('/');

  const featured = page.getByRole('region', { name: 'Featured Products' });
  await expect(featured.getByTestId('product-card')).toHaveCount(newest.products.length);
  const first = newest.products[0]!;
  const card = featured.getByRole('article', { name: first.title });
  await expect(card.getByRole('link', { name: `View ${first.title}` })).toHaveAttribute('href', `/products/${first.id}`);
  await expect(card.getByRole('button', { name: `Add ${first.title} to cart` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The shop in numbers' })).toContainText('500+');
  await expect(page.getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/register');

  await loadLazyImages(page);
  await snap(page, 'catalog-home');
});

test('the catalogue searches, filters by category and sorts, keeping the filters in the address', async ({ page, api }) => {
  const all = await catalogue(api);

  await page.goto('/products');
  await expect(page.getByTestId('product-count')).toHaveText(countLabel(all.total));
  await expect(page.getByTestId('product-card')).toHaveCount(all.products.length);

  // Search: the term goes to the address after a pause, and the count follows the API's.
  const writer = await catalogue(api, { search: 'writer' });
  await page.getByRole('combobox', { name: 'Search products' }).fill('writer');
  await expect(page).toHaveURL(/[?&]search=writer/);
  await expect(page.getByTestId('product-count')).toHaveText(countLabel(writer.total));
  await expect(page.getByTestId('product-card')).toHaveCount(writer.products.length);
  await expect(page.getByRole('article', { name: writer.products[0]!.title })).toBeVisible();

  // A search with no match: the empty state, and Clear filters brings everything back.
  await page.getByRole('combobox', { name: 'Search products' }).fill('no-such-product-anywhere');
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('product-count')).toHaveText(countLabel(all.total));
  await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('');

  // Category: only that category's products.
  const software = await catalogue(api, { category: 'software' });
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Software' });
  await expect(page).toHaveURL(/[?&]category=software/);
  await expect(page.getByTestId('product-count')).toHaveText(countLabel(software.total));
  await expect(page.getByTestId('product-card')).toHaveCount(software.products.length);

  // Sort: the cheapest first, as the API orders them.
  const cheapest = await catalogue(api, { category: 'software', sort: 'price_asc' });
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await expect(page.getByTestId('product-card').first()).toHaveAccessibleName(cheapest.products[0]!.title);

  // The filters survive a reload, and Back from a product returns to the filtered list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('software');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await page.getByRole('link', { name: `View ${cheapest.products[0]!.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: cheapest.products[0]!.title })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('product-count')).toHaveText(countLabel(software.total));
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('software');
});

test('Load More Products reads the next page, and is offered only while there is more', async ({ page, api }) => {
  test.setTimeout(90_000);
  // 53 products sharing a word: a first page of 50, then 3 more. Removed afterwards, since the specs share the store.
  const word = uniqueName('paged');
  const admin = await api.loginAdmin();
  const created = [];
  for (let index = 0; index < 53; index += 1) {
    created.push(
      await api.createProduct(
        { title: `${word} ${String(index).padStart(2, '0')}`, price: 1, description: 'Paging', detailed_description: 'Paging.', images: [], features: [], stock_quantity: 1 },
        admin,
      ),
    );
  }
  try {
    await page.goto(`/products?search=${word}`);
    await expect(page.getByTestId('product-count')).toHaveText(countLabel(53));
    await expect(page.getByTestId('product-card')).toHaveCount(50);

    const loadMore = page.getByRole('button', { name: 'Load More Products' });
    await loadMore.click();
    await expect(page.getByTestId('product-card')).toHaveCount(53);
    await expect(loadMore).toHaveCount(0);
    // Newest first: the first product created is the last card.
    await expect(page.getByTestId('product-card').last()).toContainText(`${word} 00`);
  } finally {
    for (const product of created) {
      await api.request.delete(`/api/admin/products/${product.id}`, { headers: { Authorization: `Bearer ${admin.access_token}` } });
    }
  }
});

test('the list view is offered on wide screens only', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('product-card').first()).toHaveAttribute('data-variant', 'list');
  await snap(page, 'products-list-view');

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('button', { name: 'List view' })).toBeHidden();
});

test('a product page shows the gallery, details, requirements and notes', async ({ page, api }) => {
  const product = await api.firstProductWithStock();

  await page.goto('/products');
  await page.getByRole('article', { name: product.title }).getByRole('link', { name: product.title, exact: true }).click();

  await expect(page).toHaveURL(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const image = page.getByRole('img', { name: product.images.length > 1 ? `${product.title}, image 1 of ${product.images.length}` : product.title });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  // The rating and review count are the product's real reviews' only (docs/decisions/013-storefront.md, 027-reviews.md).
  await expectRatingOf(page, product);

  const features = page.getByRole('region', { name: 'Key features' });
  await expect(features.getByRole('listitem')).toHaveCount(product.features.length);

  const requirements = page.getByRole('region', { name: 'System requirements' });
  const names = Object.keys(product.system_requirements);
  await expect(requirements.getByRole('term')).toHaveText(names);
  for (const name of names.filter((key) => ['os', 'ram', 'storage'].includes(key.toLowerCase()))) {
    await expect(requirements.getByRole('term').filter({ hasText: name }).locator('svg')).toHaveAttribute('data-icon', name.toLowerCase());
  }

  for (const note of ['Instant download after payment', '30-day warranty', 'Free support']) {
    await expect(page.getByText(note)).toBeVisible();
  }

  await loadLazyImages(page);
  await snap(page, 'product-detail');
});

test('adding to the cart says so and counts in the header', async ({ page, api }) => {
  const product = await api.firstProductWithStock();
  const header = page.getByRole('banner');

  await page.goto('/products');
  await page.getByRole('button', { name: `Add ${product.title} to cart` }).click();

  await expect(page.getByText(`${product.title} added to cart!`)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(header.getByTestId('cart-count')).toHaveText('1');

  await page.getByRole('link', { name: `View ${product.title}` }).click();
  await expect(page).toHaveURL(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(header.getByTestId('cart-count')).toHaveText('2');

  // The cart outlives a reload.
  await page.reload();
  await expect(header.getByTestId('cart-count')).toHaveText('2');
});

test('a sold-out product cannot be added', async ({ page, api }) => {
  const soldOut = await api.createProduct({
    title: `Sold out ${uniqueName()}`,
    price: 12,
    description: 'Nothing left',
    detailed_description: 'A product without stock.',
    images: [],
    features: [],
    stock_quantity: 0,
  });

  await page.goto(`/products?search=${encodeURIComponent(soldOut.title)}`);
  const card = page.getByTestId('product-card').filter({ hasText: soldOut.title });
  await expect(card.getByRole('button', { name: 'Out of stock' })).toBeDisabled();

  await page.goto(`/products/${soldOut.id}`);
  await expect(page.getByRole('heading', { level: 1, name: soldOut.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
});

test('an unknown product shows the not-found page with a way back', async ({ page, pageErrors }) => {
  // The API's 404 for the unknown id is logged by the browser as a failed resource load.
  pageErrors.allow(/status of 404/);

  await page.goto('/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();

  await page.goto('/products/not-a-product');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to products' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
});

test('the products page at phone and desktop widths', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await loadLazyImages(page);
  await snap(page, 'products');
});
