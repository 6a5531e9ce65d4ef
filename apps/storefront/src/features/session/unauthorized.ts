/**
 * What happens on any 401 answer (spec section 8): the session is forgotten and the shopper is sent to
 * /login. The API client calls `handleUnauthorized`; the app registers the navigation once the router exists.
 */
let navigateToLogin: (() => void) | null = null;
let forgetSession: (() => void) | null = null;
let loginPagesShown = 0;

export function onUnauthorized(handlers: { forgetSession: () => void; navigateToLogin: () => void }): () => void {
  forgetSession = handlers.forgetSession;
  navigateToLogin = handlers.navigateToLogin;
  return () => {
    forgetSession = null;
    navigateToLogin = null;
  };
}

/**
 * Called by the login page while it is shown. A wrong password answers 401 too: the shopper is already
 * where a 401 sends them, and navigating again would drop the page's `redirect` search parameter.
 */
export function markLoginPageShown(): () => void {
  loginPagesShown += 1;
  return () => {
    loginPagesShown -= 1;
  };
}

export function handleUnauthorized(): void {
  forgetSession?.();
  if (loginPagesShown === 0) navigateToLogin?.();
}
