/**
 * Where to go after signing in: only a path of this app (`/orders?status=pending`), never another origin
 * (`//evil.example`, `https://...`, `/\evil.example`), so the login screen cannot be an open redirect.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export interface LoginSearch {
  redirect?: string;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { redirect } : {};
}

/** Screens a signed-in admin is sent away from: going back to them after login would loop. */
const NOT_AFTER_LOGIN = /^\/(login|access-denied)(?=[/?#]|$)/;

/** Where a signed-in admin goes from the login screen: the validated `redirect`, else the dashboard. */
export function afterLoginPath(search: LoginSearch): string {
  const target = search.redirect ?? '/';
  return NOT_AFTER_LOGIN.test(target) ? '/' : target;
}
