import type { AppRouter } from '../../router.tsx';
import { sessionStore } from './session.ts';
import { onUnauthorized } from './unauthorized.ts';

/**
 * What the app does on any 401 answer (spec section 8): forget the session and show the login screen,
 * coming back here after. On the login screen itself (a wrong password answers 401 too) it stays put,
 * so the typed username, the `redirect` and the failure toast remain. main.tsx and the tests wire it.
 */
export function sendToLoginOnUnauthorized(router: AppRouter): () => void {
  return onUnauthorized(() => {
    sessionStore.getState().signOut();
    const { pathname, href } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate({ to: '/login', search: { redirect: href }, replace: true });
  });
}
