import { createApiClient } from '@store/contracts';
import { clearStoredSession, readAccessToken } from '@store/ui';
import { env } from '../env.ts';
import { handleUnauthorized } from '../features/session/unauthorized.ts';

/** The app's one API client: every call sends the stored token, and a 401 forgets the session and shows the login. */
export const api = createApiClient({
  baseUrl: env.apiUrl,
  getToken: readAccessToken,
  onUnauthorized: () => {
    clearStoredSession();
    handleUnauthorized();
  },
});
