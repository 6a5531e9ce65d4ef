import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Every admin query about API keys: invalidated together after a key is created or revoked. */
export const ADMIN_API_KEYS_KEY = ['admin', 'api-keys'] as const;

/** Every key, newest first, as the API lists them (never their secrets). */
export function adminApiKeysQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_API_KEYS_KEY, 'list'],
    queryFn: ({ signal }) => api.adminListApiKeys(undefined, { signal }),
  });
}
