import type { ApiClient } from '@store/contracts';
import { siteFontReady } from '@store/ui';
import { queryOptions } from '@tanstack/react-query';
import type { ShellRouterContext } from '../binding.tsx';

export function siteInfoQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['site-info'],
    queryFn: ({ signal }) => api.siteInfo(undefined, { signal }),
    staleTime: 5 * 60_000,
    // On failure the default name shows at once (spec section 8); the next navigation or window focus tries again.
    retry: false,
    retryOnMount: false,
  });
}

/**
 * The root route's loader: the site information before the first paint, so the default brand never
 * flashes; `prefetchQuery` never throws, so a failure simply leaves the defaults in place. The site's
 * font too, within a bound, so text is not set twice when it arrives (docs/decisions/008-run-time-theme.md).
 */
export async function loadSiteInfo({ context }: { context: ShellRouterContext }): Promise<void> {
  const options = siteInfoQueryOptions(context.shell.api);
  await context.queryClient.prefetchQuery(options);
  await siteFontReady(context.queryClient.getQueryData(options.queryKey)?.font_family);
}
