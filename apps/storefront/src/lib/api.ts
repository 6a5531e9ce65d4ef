import { createApiClient } from '@store/contracts';
import { env } from '../env.ts';
import { clearStoredSession, readAccessToken } from '@store/ui';

/** The app's one API client: every call sends the stored token, and a 401 forgets the session. */
export const api = createApiClient({
  baseUrl: env.apiUrl,
  getToken: readAccessToken,
  onUnauthorized: clearStoredSession,
});
