/**
 * Where to go after login: only a path of this site (`/checkout`, `/account?x=1`), never another
 * origin (`//evil.example`, `https://...`), so the login page cannot be used as an open redirect.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

export interface LoginSearch {
  redirect?: string;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const redirect = safeRedirect(search.redirect, '');
  return redirect ? { redirect } : {};
}

/** Pages a signed-in shopper is sent away from: going back to them after login would loop. */
const GUEST_ONLY = /^\/(login|register)(?=[/?#]|$)/;

/** Where a signed-in shopper goes from the login page: the validated `redirect`, unless it is a guest-only page. */
export function afterLoginPath(search: LoginSearch): string {
  const target = search.redirect ?? '/';
  return GUEST_ONLY.test(target) ? '/' : target;
}
