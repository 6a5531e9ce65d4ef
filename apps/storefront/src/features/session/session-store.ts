import { type AuthResponse, type User } from '@store/contracts';
import { SESSION_KEYS, clearStoredSession, readAccessToken } from '@store/ui';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api } from '../../lib/api.ts';

/**
 * The shopper's session (spec section 4): it starts `loading`; a stored token and user are checked
 * with GET /auth/me; success keeps the fresh user, failure clears both stored items; then `ready`.
 */
export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** Restores the stored session once at start-up; later calls answer the same promise. */
  initialize: () => Promise<void>;
  /** Stores the token and user of a successful login or registration. */
  signIn: (auth: AuthResponse) => void;
  /** Forgets the session (Logout, or any 401 answer). */
  signOut: () => void;
}

function readStoredUser(): User | null {
  try {
    const raw = window.localStorage.getItem(SESSION_KEYS.user);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

function storeSession(token: string | null, user: User): void {
  try {
    if (token) window.localStorage.setItem(SESSION_KEYS.accessToken, token);
    window.localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}

let initializing: Promise<void> | null = null;

export const sessionStore = createStore<SessionState>()((set) => ({
  status: 'loading',
  user: null,
  initialize: () => {
    initializing ??= (async () => {
      const token = readAccessToken();
      const stored = readStoredUser();
      if (!token || !stored) {
        clearStoredSession();
        set({ status: 'ready', user: null });
        return;
      }
      try {
        const user = await api.me();
        storeSession(null, user);
        set({ status: 'ready', user });
      } catch (error) {
        // Spec section 8: an initialisation failure is logged and the stored session cleared.
        console.warn('Could not restore the session', error);
        clearStoredSession();
        set({ status: 'ready', user: null });
      }
    })();
    return initializing;
  },
  signIn: (auth) => {
    storeSession(auth.access_token, auth.user);
    set({ status: 'ready', user: auth.user });
  },
  signOut: () => {
    clearStoredSession();
    set({ user: null });
  },
}));

/** Waits for the start-up check, then answers the signed-in user (or null): what route guards ask. */
export async function currentUser(): Promise<User | null> {
  await sessionStore.getState().initialize();
  return sessionStore.getState().user;
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
  useEffect(() => {
    void sessionStore.getState().initialize();
  }, []);
  return { status, user };
}

/** Only for tests: a fresh, loading session. */
export function resetSessionForTests(): void {
  initializing = null;
  sessionStore.setState({ status: 'loading', user: null });
}
