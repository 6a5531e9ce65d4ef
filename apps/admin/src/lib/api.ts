import { createAppApi, handleUnauthorized } from '@store/shell';
import { clearStoredSession, readAccessToken } from '@store/ui';
import { env } from '../env.ts';

/** The admin's one API client (every call sends the stored token; a 401 shows the login screen). */
export const api = createAppApi(env.apiUrl);

/**
 * What a request the typed client cannot make needs (a file upload that reports its progress, which
 * fetch cannot): where the API is, the same stored token, and the same 401 handling as `createAppApi`.
 */
export const apiAccess = {
  baseUrl: env.apiUrl.replace(/\/$/, ''),
  token: readAccessToken,
  onUnauthorized: () => {
    clearStoredSession();
    handleUnauthorized();
  },
} as const;
