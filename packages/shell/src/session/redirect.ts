import type { User } from '@store/contracts';

/**
 * Where to go after signing in: only a path of this app (`/orders?status=pending`, `/account?x=1`), never
 * another origin (`//evil.example`, `https://...`, `/\evil.example`), so the login screen cannot be used
 * as an open redirect.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export interface LoginSearch {
  redirect?: string;
}

/** The login route's `validateSearch`: a `redirect` that is not a path of this app is dropped. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const redirect = safeRedirect(search.redirect, '');
  return redirect ? { redirect } : {};
}

/**
 * Where a signed-in person goes from the login screen: the validated `redirect`, else the app's home.
 * Never back to `/login` or to one of `loopPaths` (screens a signed-in person is sent away from, such
 * as `/register` or `/access-denied`): going back there would loop.
 */
export function afterLoginPath(search: LoginSearch, loopPaths: readonly string[] = []): string {
  const target = search.redirect ?? '/';
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return ['/login', ...loopPaths].some((loop) => path === loop || path.startsWith(`${loop}/`)) ? '/' : target;
}

export interface LoginRules {
  /** Screens a signed-in person is sent away from, besides `/login` (see `afterLoginPath`). */
  loopPaths?: readonly string[];
  /** Who may use the app (the admin's role check); anyone else signed in goes to `refusedPath`. */
  admits?: (user: User) => boolean;
  refusedPath?: string;
}

/** Where the login screen sends someone already signed in, or null for a visitor (who stays to sign in). */
export function signedInDestination(user: User | null, search: LoginSearch, rules: LoginRules = {}): string | null {
  if (!user) return null;
  if (rules.admits && !rules.admits(user)) return rules.refusedPath ?? '/';
  return afterLoginPath(search, rules.loopPaths);
}
