import { createApiClient, type ApiClient } from '@store/contracts';
import { clearStoredSession, createSessionStore, readAccessToken, type SessionStore } from '@store/ui';
import type { AnyRouter } from '@tanstack/react-router';
import { handleUnauthorized, holdLoginRedirectWhileLoggingOut, onUnauthorized } from './unauthorized.ts';

/** An app's one API client: every call sends the stored token; a 401 forgets the session and shows the login screen. */
export function createAppApi(baseUrl: string, transport?: typeof fetch): ApiClient {
  return createApiClient({
    baseUrl,
    // The server's rendering passes its own: the API's routes called in the same process (apps/storefront entry-server).
    fetch: transport,
    getToken: readAccessToken,
    onUnauthorized: () => {
      clearStoredSession();
      handleUnauthorized();
    },
  });
}

/**
 * The signed-in session (spec section 4), checked with GET /auth/me. A logout ends it on the server
 * first (POST /auth/logout); a token that had already expired answers 401 there, which then forgets the
 * session without sending anyone to the login screen.
 */
export function createAppSession(api: ApiClient): SessionStore {
  return createSessionStore({
    fetchCurrentUser: () => api.me(),
    endSession: async (signal) => {
      const release = holdLoginRedirectWhileLoggingOut();
      try {
        return await api.logout(undefined, { signal });
      } finally {
        release();
      }
    },
  });
}

/**
 * What the app does on any 401 answer (spec section 8): forget the session and show the login screen,
 * with a `redirect` back to where the person was. The login screen holds it off while it is shown.
 */
export function sendToLoginOnUnauthorized(router: AnyRouter, session: SessionStore): () => void {
  return onUnauthorized({
    forgetSession: () => session.getState().signOut(),
    navigateToLogin: () => {
      const { pathname, href } = router.state.location;
      if (pathname === '/login') return;
      void router.navigate({ to: '/login', search: { redirect: href }, replace: true });
    },
  });
}
