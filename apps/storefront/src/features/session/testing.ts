import type { AuthResponse, SiteInfo, User } from '@store/contracts';
import { SESSION_KEYS } from '@store/ui';
import { act } from '@testing-library/react';
import toast from 'react-hot-toast';
import { vi } from 'vitest';
import { resetSessionForTests } from './session-store.ts';

/** Test data and plumbing of the session, login and header tests (imported only by tests). */

/** For tests that render the whole app: its routes load on demand, slow to transform on a busy machine. */
export const APP_TEST_TIMEOUT = 15_000;

export const SITE_INFO: SiteInfo = {
  site_name: 'Acme Keys',
  logo_url: null,
  primary_color: '#0ea5e9',
  secondary_color: '#22c55e',
  font_family: 'Inter',
  theme: 'dark',
  payments_sandbox: false,
};

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11',
    username: 'alice',
    email: 'alice@example.com',
    role: 'user',
    is_active: true,
    created_at: '2024-10-24T10:00:00.000Z',
    ...overrides,
  };
}

export function anAdmin(overrides: Partial<User> = {}): User {
  return aUser({ id: '0b7d2c4e-8a55-4f2e-a1c3-5e9f6d7b8a20', username: 'admin', email: 'admin@example.com', role: 'admin', ...overrides });
}

export function authResponse(user: User = aUser(), token = 'token-of-' + user.username): AuthResponse {
  return { access_token: token, token_type: 'bearer', expires_in: 28_800, user };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, detail: string, code: string): Response {
  return json({ detail, code }, status);
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs `fetch` with the given answers by `METHOD /path`; the site information, an empty catalogue and
 * the logout (204) answer by default, anything else is a 404.
 */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (handler) return handler(init);
    if (key === 'GET /api/site-info') return json(SITE_INFO);
    if (key === 'GET /api/products') return json({ products: [], total: 0 });
    if (key === 'GET /api/products/categories') return json([]);
    if (key === 'POST /api/auth/logout') return new Response(null, { status: 204 });
    return apiError(404, 'Not found', 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body a stubbed call was made with. */
export function bodyOf(fetchMock: ReturnType<typeof stubApi>, key: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

/** Puts a session in storage, as a previous visit would have left it. */
export function storeSession(user: User, token = 'stored-token'): void {
  window.localStorage.setItem(SESSION_KEYS.accessToken, token);
  window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

/** A fresh start for every test: no session, nothing stored, no toast left over. */
export function resetBrowserState(): void {
  resetSessionForTests();
  window.localStorage.clear();
  act(() => toast.remove());
}
