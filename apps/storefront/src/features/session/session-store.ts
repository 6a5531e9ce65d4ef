import { type User } from '@store/contracts';
import { createAppSession } from '@store/shell';
import type { SessionState, SessionStatus } from '@store/ui';
import { useHydrated } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { api } from '../../lib/api.ts';

export type { SessionState, SessionStatus };

/** The shopper's session (spec section 4), kept by the store both apps share, checked with GET /auth/me. */
export const sessionStore = createAppSession(api);

/**
 * Logout (spec section 2): POST /auth/logout ends this token's session on the server, then the session is
 * forgotten here, whatever the server answered. A 401 on the way does not send the shopper to /login.
 */
export function logout(): Promise<void> {
  return sessionStore.getState().logout();
}

/** Waits for the start-up check, then answers the signed-in user (or null): what route guards ask. */
export function currentUser(): Promise<User | null> {
  return sessionStore.currentUser();
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const selectUser = (state: SessionState) => state.user;
export const selectIsAdmin = (state: SessionState) => state.user?.role === 'admin';
export const selectStatus = (state: SessionState) => state.status;

/**
 * The session as the page shows it: `loading` until the start-up check has answered, then the user or
 * null. Starts the check if nothing has yet (it runs once), so any screen that shows it is correct.
 */
export function useSessionSnapshot(): { status: SessionStatus; user: User | null } {
  const status = useSession(selectStatus);
  const user = useSession(selectUser);
  // A server-rendered page hydrates as the server drew it (session unknown), then shows the browser's.
  const hydrated = useHydrated();
  useEffect(() => {
    void sessionStore.getState().initialize();
  }, []);
  return hydrated ? { status, user } : { status: 'loading', user: null };
}

/** Only for tests: a fresh, loading session. */
export function resetSessionForTests(): void {
  sessionStore.reset();
}
