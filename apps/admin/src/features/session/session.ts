import { createAppSession } from '@store/shell';
import type { SessionState } from '@store/ui';
import { useStore } from 'zustand';
import { api } from '../../lib/api.ts';

/**
 * The staff member's session: the shop's keys and rules (spec section 4), checked with GET /auth/me;
 * a logout ends it on the server (POST /auth/logout) before forgetting it here.
 */
export const sessionStore = createAppSession(api);

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const selectUser = (state: SessionState) => state.user;
export const selectStatus = (state: SessionState) => state.status;
