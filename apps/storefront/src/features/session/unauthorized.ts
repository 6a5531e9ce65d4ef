/**
 * What happens on any 401 answer (spec section 8): the session is forgotten and the shopper is sent to
 * /login. The API client calls `handleUnauthorized`; the app registers the navigation once the router exists.
 */
let navigateToLogin: (() => void) | null = null;
let forgetSession: (() => void) | null = null;
/** Reasons not to navigate to /login on a 401: the login page is shown, or the shopper is logging out. */
let navigationHolds = 0;

function holdNavigation(): () => void {
  navigationHolds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    navigationHolds -= 1;
  };
}

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
  return holdNavigation();
}

/**
 * Held while a logout tells the server. A token that had already expired answers 401 there: the session
 * is forgotten as for any 401, but the shopper is on their way home, not to the login page.
 */
export function holdLoginRedirectWhileLoggingOut(): () => void {
  return holdNavigation();
}

export function handleUnauthorized(): void {
  forgetSession?.();
  if (navigationHolds === 0) navigateToLogin?.();
}
