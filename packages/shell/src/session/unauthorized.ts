/**
 * What happens on any 401 answer (spec section 8): the session is forgotten and the app goes to its
 * login screen. The API client (`createAppApi`) calls `handleUnauthorized`; the app registers what to
 * do once its router exists (`sendToLoginOnUnauthorized`, wired by `createShellApp`).
 */
export interface UnauthorizedHandlers {
  forgetSession: () => void;
  navigateToLogin: () => void;
}

let current: UnauthorizedHandlers | null = null;
/** Reasons not to navigate to the login screen on a 401: it is shown already, or a logout is under way. */
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

/** Registers what a 401 does; the answer unregisters it (unless another registration replaced it since). */
export function onUnauthorized(handlers: UnauthorizedHandlers): () => void {
  current = handlers;
  return () => {
    if (current === handlers) current = null;
  };
}

/**
 * Held by the login screen while it is shown. A wrong password answers 401 too: the person is already
 * where a 401 sends them, and navigating again would drop the screen's `redirect` and the typed username.
 */
export function markLoginPageShown(): () => void {
  return holdNavigation();
}

/**
 * Held while a logout tells the server. A token that had already expired answers 401 there: the session
 * is forgotten as for any 401, but the person is on their way elsewhere, not to the login screen.
 */
export function holdLoginRedirectWhileLoggingOut(): () => void {
  return holdNavigation();
}

export function handleUnauthorized(): void {
  current?.forgetSession();
  if (navigationHolds === 0) current?.navigateToLogin();
}
