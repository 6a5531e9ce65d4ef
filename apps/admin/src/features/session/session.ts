import { createSessionStore, type SessionState } from '@store/ui';
import { useStore } from 'zustand';
import { api } from '../../lib/api.ts';

/** The staff member's session: the shop's keys and rules (spec section 4), checked with GET /auth/me. */
export const sessionStore = createSessionStore({ fetchCurrentUser: () => api.me() });

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const selectUser = (state: SessionState) => state.user;
export const selectStatus = (state: SessionState) => state.status;
