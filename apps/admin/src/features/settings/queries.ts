import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const settingsKeys = {
  all: ['admin', 'settings'] as const,
};

/** The site settings for staff, secrets masked; always fetched fresh when the screen opens. */
export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.adminGetSettings(undefined, { signal }),
    staleTime: 0,
  });
}
