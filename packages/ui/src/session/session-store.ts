import type { AuthResponse, User } from '@store/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SESSION_KEYS, clearStoredSession, readAccessToken } from './session-storage.ts';

/**
 * A signed-in session as both apps keep it (spec section 4): it starts `loading`; a stored token and
 * user are checked with GET /auth/me; success keeps the fresh user, failure clears both stored items;
 * then `ready`. Login and registration store the token and user; logout clears both.
 */
export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** Restores the stored session once; later calls answer the same promise. */
  initialize: () => Promise<void>;
  signIn: (auth: AuthResponse) => void;
  /** Asks the server for the signed-in account again (after it changed, e.g. its email was verified); a failure keeps what is known. */
  refreshUser: () => Promise<void>;
  /** Forgets the session here only, e.g. after the API answered 401: the server has already ended it. */
  signOut: () => void;
  /**
   * Logout: ends the session on the server (its token stops working), then forgets it here. The
   * forgetting happens whatever the server answers (offline, 401, timeout), so the button always works.
   */
  logout: () => Promise<void>;
}

export type SessionStore = StoreApi<SessionState> & {
  /** Waits for the start-up check, then answers the signed-in user or null: what route guards ask. */
  currentUser: () => Promise<User | null>;
  /** Only for tests: back to a fresh, loading session. */
  reset: () => void;
};

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

/** How long a logout waits for the server before forgetting the session here anyway. */
export const LOGOUT_WAIT_MS = 5_000;

export interface SessionStoreOptions {
  /** GET /auth/me: the stored token's account. */
  fetchCurrentUser: () => Promise<User>;
  /** POST /auth/logout with the stored token; the signal aborts it after `LOGOUT_WAIT_MS`. */
  endSession?: (signal: AbortSignal) => Promise<unknown>;
}

export function createSessionStore({ fetchCurrentUser, endSession }: SessionStoreOptions): SessionStore {
  let initializing: Promise<void> | null = null;
  let loggingOut: Promise<void> | null = null;

  async function endServerSession(): Promise<void> {
    if (!endSession || !readAccessToken()) return;
    // A server that does not answer must not keep the shopper signed in: the wait is bounded.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), LOGOUT_WAIT_MS);
    try {
      await endSession(controller.signal);
    } catch (error) {
      // Offline, or the token had already expired (401): this browser signs out all the same.
      console.warn('Could not end the session on the server', error);
    } finally {
      clearTimeout(timer);
    }
  }

  const store = createStore<SessionState>()((set, get) => ({
    status: 'loading',
    user: null,
    initialize: () => {
      initializing ??= (async () => {
        if (!readAccessToken() || !readStoredUser()) {
          clearStoredSession();
          set({ status: 'ready', user: null });
          return;
        }
        try {
          const user = await fetchCurrentUser();
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
    refreshUser: async () => {
      if (!readAccessToken() || !get().user) return;
      try {
        const user = await fetchCurrentUser();
        storeSession(null, user);
        set({ user });
      } catch (error) {
        console.warn('Could not refresh the signed-in account', error);
      }
    },
    signOut: () => {
      clearStoredSession();
      set({ user: null });
    },
    logout: () => {
      // The token is still stored while the server is told, so the call carries it; a second click waits for the first.
      loggingOut ??= endServerSession().finally(() => {
        loggingOut = null;
        clearStoredSession();
        set({ user: null });
      });
      return loggingOut;
    },
  }));

  return Object.assign(store, {
    currentUser: async () => {
      await store.getState().initialize();
      return store.getState().user;
    },
    reset: () => {
      initializing = null;
      store.setState({ status: 'loading', user: null });
    },
  });
}
