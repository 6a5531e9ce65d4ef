import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export function siteInfoQueryOptions() {
  return queryOptions({
    queryKey: ['site-info'],
    queryFn: ({ signal }) => api.siteInfo(undefined, { signal }),
    staleTime: 5 * 60_000,
    // On failure the default name shows at once (spec section 8); the next navigation or window focus tries again.
    retry: false,
    retryOnMount: false,
  });
}
