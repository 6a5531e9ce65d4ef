import type { Product, ReviewList } from '@store/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/*
 * The storefront as crawlers, link previews and browsers without JavaScript see it: pages rendered on the
 * server (docs/decisions/044-server-rendering.md). The raw HTML is read with Playwright's request client (no
 * JavaScript runs), then the pages are opened in Chromium to check they hydrate without a console error.
 */

/** The head of a raw page, parsed in the browser's own DOM parser (no script runs there). */
interface RawHead {
  status: number;
  title: string;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Record<string, unknown>[];
  rootText: string;
}

async function rawPage(request: APIRequestContext, page: Page, address: string): Promise<RawHead> {
  const response = await request.get(address, { headers: { accept: 'text/html' }, maxRedirects: 0 });
  const html = await response.text();
  expect(response.headers()['content-type']).toContain('text/html');
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const content = (selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;
    const pairs = (prefix: string, attribute: 'property' | 'name') =>
      Object.fromEntries(
        [...doc.querySelectorAll(`meta[${attribute}^="${prefix}"]`)].map((tag) => [tag.getAttribute(attribute) ?? '', tag.getAttribute('content') ?? '']),
      );
    return {
      titles: [...doc.querySelectorAll('title')].map((tag) => tag.textContent ?? ''),
      descriptions: doc.querySelectorAll('meta[name="description"]').length,
      description: content('meta[name="description"]'),
      robots: content('meta[name="robots"]'),
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      og: pairs('og:', 'property'),
      product: pairs('product:', 'property'),
      twitter: pairs('twitter:', 'name'),
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((tag) => tag.textContent ?? ''),
      rootText: doc.getElementById('root')?.textContent ?? '',
    };
  }, html);
  // One title and at most one description: the template's own gave way to the route's.
  expect(parsed.titles).toHaveLength(1);
  expect(parsed.descriptions).toBeLessThanOrEqual(1);
  return {
    status: response.status(),
    title: parsed.titles[0] ?? '',
    description: parsed.description,
    robots: parsed.robots,
    canonical: parsed.canonical,
    og: { ...parsed.og, ...parsed.product },
    twitter: parsed.twitter,
    jsonLd: parsed.jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>),
    rootText: parsed.rootText,
  };
}

const byType = (head: RawHead, type: string) => head.jsonLd.find((data) => data['@type'] === type);

test.describe('pages as a crawler reads them (no JavaScript)', () => {
  test('the home page: the shop as title, its description, canonical, Open Graph, Organization and WebSite search', async ({ page, request, api, baseURL }) => {
    const site = await api.siteInfo();
    const origin = new URL(baseURL!).origin;
    const head = await rawPage(request, page, '/');

    expect(head.status).toBe(200);
    expect(head.title).toBe(site.site_name);
    expect(head.description).toBeTruthy();
    expect(head.canonical).toBe(`${origin}/`);
    expect(head.og).toMatchObject({ 'og:site_name': site.site_name, 'og:type': 'website', 'og:url': `${origin}/` });
    expect(head.twitter['twitter:card']).toBe('summary');
    expect(byType(head, 'Organization')).toMatchObject({ name: site.site_name, url: `${origin}/` });
    expect(byType(head, 'WebSite')).toMatchObject({
      potentialAction: { '@type': 'SearchAction', target: `${origin}/products?search={search_term_string}` },
    });
    // The featured products are in the page itself, not fetched after.
    const { products } = (await (await request.get('/api/products?limit=9&sort=newest')).json()) as { products: Product[] };
    for (const product of products) expect(head.rootText).toContain(product.title);
  });

  test("a product's page: its title, price, image and real reviews in the head and the JSON-LD", async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const { products } = (await (await request.get('/api/products?limit=100')).json()) as { products: Product[] };
    const reviewed = products.find((product) => product.reviews_count > 0 && product.images.length > 0);
    const unreviewed = products.find((product) => product.reviews_count === 0);
    expect(reviewed, 'the demo catalogue has a product with reviews and a picture').toBeDefined();
    expect(unreviewed, 'the demo catalogue has a product without reviews').toBeDefined();
    const product = reviewed!;
    const reviews = (await (await request.get(`/api/products/${product.id}/reviews`)).json()) as ReviewList;

    const head = await rawPage(request, page, `/products/${product.id}`);
    expect(head.status).toBe(200);
    expect(head.title).toBe(`${product.title} — ${(await (await request.get('/api/site-info')).json()).site_name}`);
    expect(head.canonical).toBe(`${origin}/products/${product.id}`);
    expect(head.og['og:type']).toBe('product');
    expect(head.og['og:title']).toBe(product.title);
    expect(head.og['og:image']).toMatch(new RegExp(`^${origin}/uploads/.+/1200\\.jpg$`));
    expect(head.og['product:price:amount']).toBe(product.price.toFixed(2));
    expect(head.og['product:price:currency']).toBe('USD');
    expect(head.twitter['twitter:card']).toBe('summary_large_image');
    expect(head.rootText).toContain(product.title);

    const data = byType(head, 'Product') as { offers: unknown; aggregateRating: unknown; review: { author: { name: string } }[] };
    expect(byType(head, 'Product')).toMatchObject({ name: product.title, sku: product.id, url: `${origin}/products/${product.id}` });
    expect(data.offers).toMatchObject({
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: product.stock_quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    });
    expect(data.aggregateRating).toMatchObject({ ratingValue: product.rating, reviewCount: product.reviews_count });
    expect(data.review.map((review) => review.author.name)).toEqual(reviews.reviews.map((review) => review.author));
    expect((byType(head, 'BreadcrumbList') as { itemListElement: unknown[] }).itemListElement.at(-1)).toMatchObject({
      name: product.title,
      item: `${origin}/products/${product.id}`,
    });

    // No stars made up: a product nobody reviewed has no rating in its data.
    const bare = byType(await rawPage(request, page, `/products/${unreviewed!.id}`), 'Product') as Record<string, unknown>;
    expect(bare.aggregateRating).toBeUndefined();
    expect(bare.review).toBeUndefined();
  });

  test('the list, a category and a search; the legal pages', async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const list = await rawPage(request, page, '/products?sort=price_asc');
    expect(list.status).toBe(200);
    expect(list.title).toMatch(/^All Products — /);
    // The sort is not a page of its own: the canonical address leaves it out.
    expect(list.canonical).toBe(`${origin}/products`);

    const category = await rawPage(request, page, '/products?category=ai_tools');
    expect(category.title).toMatch(/^AI Tools — /);
    expect(category.canonical).toBe(`${origin}/products?category=ai_tools`);

    const search = await rawPage(request, page, '/products?search=synapta');
    expect(search.robots).toContain('noindex');
    expect(search.canonical).toBeNull();
    expect(search.rootText).toContain('Synapta');

    for (const [address, title] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
    ] as const) {
      const legal = await rawPage(request, page, address);
      expect(legal.status).toBe(200);
      expect(legal.title).toMatch(new RegExp(`^${title} — `));
      expect(legal.canonical).toBe(`${origin}${address}`);
      expect(legal.rootText).toContain(title);
    }
  });

  test('an unknown address, an unknown product and a malformed id answer 404 with the not-found page', async ({ page, request }) => {
    for (const address of ['/no-such-page', '/products/00000000-0000-4000-8000-000000000000', '/products/not-an-id']) {
      const head = await rawPage(request, page, address);
      expect(head.status, address).toBe(404);
      expect(head.robots, address).toContain('noindex');
      expect(head.title, address).toMatch(/not found/i);
      expect(head.rootText, address).toMatch(/not found/i);
    }
  });

  test("one shopper's pages are not indexed and render in the browser alone", async ({ page, request }) => {
    for (const address of ['/cart', '/checkout', '/account', '/login', '/register', '/guest-checkout', '/forgot-password']) {
      const head = await rawPage(request, page, address);
      expect(head.status, address).toBe(200);
      expect(head.robots, address).toContain('noindex');
      expect(head.canonical, address).toBeNull();
    }
  });

  test('a page is answered again with 304 while nothing changed', async ({ request }) => {
    // A search in its best-match order (sort=relevance, the search's default) is one of the list's kept pages too.
    for (const address of ['/products', '/products?search=lumora&sort=relevance']) {
      const first = await request.get(address);
      const etag = first.headers()['etag'];
      expect(etag, address).toBeTruthy();
      expect(first.headers()['cache-control']).toBe('public, no-cache');
      const again = await request.get(address, { headers: { 'if-none-match': etag! } });
      expect(again.status(), address).toBe(304);
    }
  });
});

/** The pages a shopper can open, public and private, with what each shows once it has hydrated. */
const ROUTES: readonly { address: string; ready: (page: Page) => Promise<void> }[] = [
  { address: '/', ready: (page) => expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible() },
  { address: '/products', ready: (page) => expect(page.getByTestId('product-count')).toContainText('products') },
  { address: '/products?category=ai_tools&sort=price_desc', ready: (page) => expect(page.getByTestId('product-count')).toBeVisible() },
  {
    address: '/products?search=lumora&sort=relevance',
    ready: (page) => expect(page.getByRole('article', { name: 'Lumora Image Studio' })).toBeVisible(),
  },
  { address: '/privacy-policy', ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible() },
  { address: '/terms-of-service', ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible() },
  { address: '/cart', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { address: '/login', ready: (page) => expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible() },
  { address: '/register', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { address: '/forgot-password', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { address: '/sign-in-link', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { address: '/no-such-page', ready: (page) => expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible() },
];

test('every page hydrates without a console error and without asking the API again for what the server sent', async ({ page, request, pageErrors }) => {
  // The not-found page answers 404 itself, which the browser reports as a failed load: nothing else is allowed.
  pageErrors.allow(/status of 404 \(Not Found\) \(http:\/\/[^/]+\/no-such-page:/);
  const { products } = (await (await request.get('/api/products?limit=1')).json()) as { products: Product[] };
  const routes = [...ROUTES, { address: `/products/${products[0]!.id}`, ready: (p: Page) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() }];
  const catalogueCalls: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/products') || url.pathname === '/api/site-info') catalogueCalls.push(url.pathname + url.search);
  });
  for (const route of routes) {
    catalogueCalls.length = 0;
    await page.goto(route.address);
    await route.ready(page);
    // Hydrated: the router's state was taken in and the tab titled by the route.
    await expect.poll(() => page.evaluate(() => document.title)).not.toBe('');
    await page.waitForLoadState('networkidle');
    const publicPage = !['/cart', '/login', '/register', '/forgot-password', '/sign-in-link'].includes(route.address);
    if (publicPage) expect(catalogueCalls, `${route.address} asked again for what the server had sent`).toEqual([]);
  }
  // The automatic pageErrors fixture fails the test on any hydration mismatch or console error.
});

test('client navigation titles every page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveTitle(/^All Products — /);
  const card = page.getByTestId('product-card').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').first().click();
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `));
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveTitle(/^Cart — /);
});

test.describe('browsing without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, list, search, category and sort by the plain form, a product page and the legal pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: /View all products/ }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByTestId('product-count')).toContainText('products');

    const filters = page.getByRole('search', { name: 'Products' });
    await filters.getByLabel('Search products').fill('synapta');
    await filters.getByLabel('Category').selectOption('ai_tools');
    await filters.getByLabel('Sort by').selectOption('price_desc');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/search=synapta/);
    await expect(page).toHaveURL(/category=ai_tools/);
    await expect(page).toHaveURL(/sort=price_desc/);
    const results = page.getByTestId('product-card');
    await expect(results.first()).toContainText('Synapta');
    await expect(filters.getByLabel('Search products')).toHaveValue('synapta');

    await results.first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Synapta');
    await expect(page.getByText(/\$\d/).first()).toBeVisible();

    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('on a phone the filters are open without JavaScript', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products');
    await expect(page.getByRole('search', { name: 'Products' }).getByLabel('Search products')).toBeVisible();
  });
});
