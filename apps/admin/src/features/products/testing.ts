/**
 * Test helpers of the products and settings screens: a signed-in admin and a fake API answering by
 * "METHOD /path", recording every call. Only for tests.
 */
import { SESSION_KEYS } from '@store/ui';
import type { Product, SiteInfo, User } from '@store/contracts';
import { afterEach, vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { sessionStore } from '../session/session.ts';

export const ADMIN_USER: User = {
  id: '5b0f3c8e-1111-4a3b-9c55-0a0b0c0d0e01',
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  is_active: true,
  created_at: '2026-01-02T10:00:00.000Z',
};

export const SITE_INFO: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: null,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  payments_sandbox: true,
};

let sequence = 0;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    title: `Product ${sequence}`,
    description: 'A short description',
    detailed_description: 'A longer description of the product.',
    price: 19.99,
    category: 'software',
    product_type: 'single',
    images: ['/uploads/cover.png'],
    image: '/uploads/cover.png',
    features: ['Fast'],
    system_requirements: { OS: 'Windows 11' },
    stock_quantity: 5,
    rating: 4,
    reviews_count: 10,
    created_at: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  /** The parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
}

/** Answers a call: a Response, a value sent as JSON with 200, or a promise of either. */
export type ApiHandler = (call: ApiCall) => unknown;

/** The calls made so far, and the ones of one route. */
export interface FakeApi {
  calls: ApiCall[];
  callsTo: (route: string) => ApiCall[];
}

/**
 * Stubs `fetch` with a table of routes ("GET /api/admin/products" → handler). The session check, the
 * logout and the site information answer by default; anything else unknown answers 404 so a test sees it.
 */
export function stubApi(routes: Record<string, ApiHandler>): FakeApi {
  const calls: ApiCall[] = [];
  const table: Record<string, ApiHandler> = {
    'GET /api/auth/me': () => ADMIN_USER,
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    'GET /api/site-info': () => SITE_INFO,
    'GET /api/products/categories': () => [
      { value: 'ai_tools', label: 'AI Tools' },
      { value: 'software', label: 'Software' },
      { value: 'licenses', label: 'Licenses' },
      { value: 'plugins', label: 'Plugins' },
      { value: 'templates', label: 'Templates' },
      { value: 'courses', label: 'Courses' },
    ],
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body instanceof FormData ? init.body : typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call: ApiCall = { method, path: url.pathname, url, body };
      calls.push(call);
      const handler = table[`${method} ${url.pathname}`];
      if (!handler) return jsonResponse({ detail: `No fake for ${method} ${url.pathname}`, code: 'not_found' }, 404);
      const answer = await handler(call);
      return answer instanceof Response ? answer : jsonResponse(answer ?? null);
    }),
  );
  return { calls, callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route) };
}

/** An error answer as the API gives it. */
export function apiError(status: number, detail: string, code = 'error'): Response {
  return jsonResponse({ detail, code }, status);
}

/** Stores an admin session (as after login); the guard checks it with GET /auth/me. Cleared after each test. */
export function signInAsAdmin(): void {
  window.localStorage.setItem(SESSION_KEYS.accessToken, 'test-token');
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(ADMIN_USER));
}

afterEach(() => {
  window.localStorage.clear();
  sessionStore.reset();
});

/** A small PNG file (its type as the browser reports it; the fake API does not read the bytes). */
export function imageFile(name = 'photo.png', type = 'image/png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type });
}
