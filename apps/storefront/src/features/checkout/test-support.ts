/**
 * Test helpers of the cart, checkout and order screens: an API stub answering by route, and sample data.
 * Used by the `*.test.tsx` files beside the screens only.
 */
import { type CartItem, type Order, type OrderSummary, type Product, type SiteInfo, type User } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { act, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { cartStore } from '../cart/cart-store.ts';
import { resetSessionForTests } from '../session/session-store.ts';

// The whole app renders in these tests, and a first render in a cold worker can take over a second:
// generous waits and test timeouts for when the suite runs many files at once on two cores.
configure({ asyncUtilTimeout: 4000 });
export const WHOLE_APP_TIMEOUT_MS = 20_000;

export const siteInfo: SiteInfo = {
  site_name: 'KeyVault',
  logo_url: null,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  payments_sandbox: true,
};

export const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_PRODUCT_ID = '22222222-2222-4222-8222-222222222222';
export const ORDER_ID = '33333333-3333-4333-8333-3333abcdef12';
export const USER_ID = '44444444-4444-4444-8444-444444444444';

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: PRODUCT_ID,
    title: 'Vector Studio Pro',
    description: 'Design tool',
    detailed_description: 'A design tool',
    price: 19.99,
    category: 'software',
    product_type: 'single',
    images: [],
    image: null,
    features: [],
    system_requirements: {},
    stock_quantity: 10,
    rating: 4,
    reviews_count: 3,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: PRODUCT_ID,
    title: 'Vector Studio Pro',
    price: 19.99,
    quantity: 1,
    image: null,
    category: 'software',
    product_type: 'single',
    ...overrides,
  };
}

export const user: User = {
  id: USER_ID,
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  is_active: true,
  created_at: '2026-10-01T10:00:00.000Z',
};

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    user_id: null,
    status: 'pending',
    total_amount: 39.98,
    payment_method: 'paypal',
    payment_id: null,
    created_at: '2026-11-22T10:00:00.000Z',
    invoice_data: { email: 'guest@example.com', name: 'Gus Guest', address: '1 Road', city: 'Leeds', country: 'UK' },
    items: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        product_id: PRODUCT_ID,
        title: 'Vector Studio Pro',
        quantity: 2,
        price: 19.99,
        delivery: 'license_key',
      },
    ],
    expires_at: null,
    goods_included: false,
    test: false,
    ...overrides,
  };
}

/** A delivered order: its line carries two keys, a second line a download link. */
export function deliveredOrder(overrides: Partial<Order> = {}): Order {
  return order({
    status: 'completed',
    payment_id: 'CAPTURE123',
    goods_included: true,
    items: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        product_id: PRODUCT_ID,
        title: 'Vector Studio Pro',
        quantity: 2,
        price: 19.99,
        delivery: 'license_key',
        keys: ['AAAA-1111-BBBB', 'CCCC-2222-DDDD'],
      },
      {
        id: '66666666-6666-4666-8666-666666666666',
        product_id: OTHER_PRODUCT_ID,
        title: 'Course Bundle',
        quantity: 1,
        price: 5,
        delivery: 'download',
        download_url: '/api/downloads/66666666-6666-4666-8666-666666666666?expires=1&signature=abc',
      },
    ],
    total_amount: 44.98,
    ...overrides,
  });
}

/** A $0 order as the API answers its creation: completed at once, with its goods, no PayPal. */
export function freeOrder(overrides: Partial<Order> = {}): Order {
  const delivered = deliveredOrder();
  return deliveredOrder({
    payment_method: 'free',
    payment_id: null,
    total_amount: 0,
    items: delivered.items.map((item) => ({ ...item, price: 0 })),
    ...overrides,
  });
}

/** A guest order as the API answers it without the order's access token: no buyer, no payment, no goods. */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const { id, status, total_amount, created_at, expires_at, items, test } = order();
  return {
    id,
    status,
    total_amount,
    created_at,
    expires_at,
    items: items.map(({ id: itemId, product_id, title, quantity, price, delivery }) => ({
      id: itemId,
      product_id,
      title,
      quantity,
      price,
      delivery,
    })),
    goods_included: false,
    test,
    ...overrides,
  };
}

export interface StubRequest {
  method: string;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
}

type Answer = Response | unknown;
export type Handler = (request: StubRequest) => Answer | Promise<Answer>;

/**
 * Stubs `fetch` with handlers keyed `'METHOD /api/path/:param'`; site information and the logout (204)
 * answer by default, anything else 404. Answers the recorded calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: StubRequest[] = [];
  const table = Object.entries<Handler>({
    'GET /api/site-info': () => siteInfo,
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    ...handlers,
  }).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    const names: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    return { method, pattern, names, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    for (const route of table) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
      const request = { method, url, params, body, headers: new Headers(init.headers) };
      calls.push(request);
      const answer = await route.handler(request);
      return answer instanceof Response ? answer : jsonResponse(answer);
    }
    calls.push({ method, url, params: {}, body, headers: new Headers(init.headers) });
    return jsonResponse({ detail: 'Not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: RegExp) => calls.filter((call) => call.method === method && path.test(call.url.pathname)),
  };
}

/**
 * `GET /api/products` answering as the API does for a cart's `ids=a,b`: the listed products that exist.
 * The catalogue is read at each call, so a test can change a price between two visits.
 */
export function catalogue(...products: Product[]): Record<string, Handler> {
  return {
    'GET /api/products': ({ url }) => {
      const ids = url.searchParams.get('ids')?.split(',') ?? [];
      const found = products.filter((entry) => ids.includes(entry.id));
      return { products: found, total: found.length };
    },
  };
}

export const apiError = (status: number, detail: string, code = 'error') => jsonResponse({ detail, code }, status);

/** Signs the shopper in as the app finds it at start: a stored token and user, confirmed by /auth/me. */
export function storeSession(account: User = user): Record<string, Handler> {
  window.localStorage.setItem(SESSION_KEYS.accessToken, 'test-token');
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(account));
  return { 'GET /api/auth/me': () => account };
}

/** A clean slate: no stored data, no session, an empty cart, no toasts. */
export function resetShop(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSessionForTests();
  cartStore.getState().clear();
  act(() => toast.remove());
}
