import { type User } from '@store/contracts';
import { useEffect } from 'react';
import { type SessionStatus, sessionStore, selectUser, useSession } from '../session/session-store.ts';

/**
 * Who is shopping: `loading` until the start-up session check has answered, then the user or null.
 * Starts the check if nothing has yet (it runs once), so a public page never guesses.
 */
export function useShopper(): { status: SessionStatus; user: User | null } {
  const status = useSession((state) => state.status);
  const user = useSession(selectUser);
  useEffect(() => {
    void sessionStore.getState().initialize();
  }, []);
  return { status, user };
}
