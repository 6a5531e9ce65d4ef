import type { AuthResponse, Order, OrderItem, SiteInfo, User } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { vi } from 'vitest';

/** Test data and a stubbed API for the component tests (imported only by tests). */

export const SITE_INFO: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: null,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  payments_sandbox: false,
};

export function anAdmin(overrides: Partial<User> = {}): User {
  return {
    id: '0b7d2c4e-8a55-4f2e-a1c3-5e9f6d7b8a20',
    username: 'admin',
    email: 'admin@example.com',
    role: 'admin',
    is_active: true,
    created_at: '2024-10-01T08:00:00.000Z',
    ...overrides,
  };
}

export function aUser(overrides: Partial<User> = {}): User {
  return anAdmin({ id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11', username: 'alice', email: 'alice@example.com', role: 'user', ...overrides });
}

export function authResponse(user: User, token = `token-of-${user.username}`): AuthResponse {
  return { access_token: token, token_type: 'bearer', expires_in: 28_800, user };
}

export function anItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: '9a8b7c6d-0000-4000-8000-000000000001',
    product_id: '3c2b1a09-8f7e-4d6c-9b5a-41d2c3b4a5f6',
    title: 'Harborline Backup Pro',
    quantity: 2,
    price: 19.99,
    delivery: 'license_key',
    ...overrides,
  };
}

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '5e4d3c2b-1a09-4f8e-8d7c-6b5aabcd1234',
    user_id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11',
    status: 'pending',
    total_amount: 39.98,
    payment_method: 'paypal',
    payment_id: null,
    created_at: '2024-10-24T09:05:00.000Z',
    invoice_data: { name: 'alice', email: 'alice@example.com' },
    items: [anItem()],
    expires_at: null,
    goods_included: true,
    test: false,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, detail: string, code = 'error'): Response {
  return jsonResponse({ detail, code }, status);
}

/** Puts a session in storage, as an earlier sign-in would have left it; the stubbed GET /auth/me answers its user. */
export function storeSession(user: User, token = 'stored-token'): void {
  window.localStorage.setItem(SESSION_KEYS.accessToken, token);
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export interface StubRequest {
  url: URL;
  init: RequestInit | undefined;
}

export type Handler = (request: StubRequest) => Response | Promise<Response>;

function storedUser(): User | null {
  const raw = window.localStorage.getItem(SESSION_KEYS.user);
  return window.localStorage.getItem(SESSION_KEYS.accessToken) && raw ? (JSON.parse(raw) as User) : null;
}

/**
 * Stubs `fetch` with answers by `METHOD /path` (e.g. `GET /api/admin/orders`). By default the site
 * information answers, GET /auth/me answers the stored user (401 without one), POST /auth/logout answers
 * 204, and anything else is a 404.
 */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (handler) return handler({ url, init });
    if (key === 'GET /api/site-info') return jsonResponse(SITE_INFO);
    if (key === 'GET /api/auth/me') {
      const user = storedUser();
      return user ? jsonResponse(user) : apiError(401, 'Not signed in', 'unauthorized');
    }
    if (key === 'POST /api/auth/logout') return new Response(null, { status: 204 });
    return apiError(404, 'Not found', 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The addresses of the calls made to `METHOD /path`, in order. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string): URL[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => `${method} ${url.pathname}` === key)
    .map(({ url }) => url);
}

/** A promise with its resolve function, to hold an answer back while a test looks at the loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
