/**
 * The hook the API client calls on any 401 answer (spec section 8). What it does (forget the session,
 * show the login screen) is registered once the router exists: see `sendToLoginOnUnauthorized`.
 */
let handler: (() => void) | null = null;

export function onUnauthorized(next: () => void): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function handleUnauthorized(): void {
  handler?.();
}
