// Test data for the catalogue's tests: products, and a fetch that answers like the API.
import type { Product, ProductList, SiteInfo } from '@store/contracts';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';

let sequence = 0;

/** A product as the API answers it, with a fresh id; override what a test is about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Product ${sequence}`,
    description: 'A short description.',
    detailed_description: 'A longer description.',
    price: 49,
    category: 'software',
    product_type: 'single',
    images: [`/uploads/product-${sequence}.jpg`],
    image: `/uploads/product-${sequence}.jpg`,
    features: [],
    system_requirements: {},
    stock_quantity: 10,
    rating: 4.5,
    reviews_count: 12,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const siteInfo: SiteInfo = {
  site_name: 'KeyVault',
  logo_url: null,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  payments_sandbox: false,
};

export const categoryOptions = [
  { value: 'ai_tools', label: 'AI Tools' },
  { value: 'software', label: 'Software' },
  { value: 'courses', label: 'Courses' },
];

export type ApiHandler = (url: URL) => Response | Promise<Response> | undefined;

/**
 * Stubs `fetch` with a small API: the site information and categories are answered, everything else
 * goes to `handler` (undefined means 404). Answers the mock, whose calls a test can inspect.
 */
export function stubApi(handler: ApiHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/api/site-info') return jsonResponse(siteInfo);
    if (url.pathname === '/api/products/categories') return jsonResponse(categoryOptions);
    return (await handler(url)) ?? jsonResponse({ detail: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The product list requests a stubbed fetch received, as URLs. */
export function productListCalls(fetchMock: ReturnType<typeof stubApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/api/products');
}

export function listOf(products: Product[], total = products.length): ProductList {
  return { products, total };
}

/** A promise that never settles: a request still on its way. */
export const never = <T>() => new Promise<T>(() => {});
