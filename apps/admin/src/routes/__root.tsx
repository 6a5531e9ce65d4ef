import { AppRoot, AppToaster, SkipLink, themeVars, siteFontReady, useSiteFont } from '@store/ui';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AdminFooter } from '../features/layout/admin-footer.tsx';
import { PublicLayout } from '../features/layout/public-layout.tsx';
import { NotFound } from '../features/site/not-found.tsx';
import { siteInfoQueryOptions } from '../features/site/queries.ts';
import { useSiteInfo } from '../features/site/use-site-info.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Fetched before the first paint so the default brand never flashes; `prefetchQuery` never throws,
  // so a failure simply leaves the defaults in place. The site's font too, within a bound, so text is
  // not set twice when it arrives (docs/decisions/008-run-time-theme.md).
  loader: async ({ context }) => {
    await context.queryClient.prefetchQuery(siteInfoQueryOptions());
    await siteFontReady(context.queryClient.getQueryData(siteInfoQueryOptions().queryKey)?.font_family);
  },
  component: RootLayout,
  // Unknown addresses inside the admin are caught by the guarded `_authed/$` route; this is the rest.
  notFoundComponent: () => (
    <PublicLayout>
      <NotFound />
    </PublicLayout>
  ),
});

/**
 * What every screen shares: the site's colours and font, the skip link, the footer and the toasts.
 * The header and main area come from the layouts: `_authed` (with the section navigation) and
 * `PublicLayout` (login and refusal, without it).
 */
function RootLayout() {
  const site = useSiteInfo();
  useSiteFont(site.font_family);
  return (
    <AppRoot style={themeVars(site)}>
      <SkipLink />
      <Outlet />
      <AdminFooter siteName={site.site_name} />
      <AppToaster />
    </AppRoot>
  );
}
