import { AppRoot, AppToaster, Main, SkipLink, themeVars, useDocumentTitle, siteFontReady, useSiteFont } from '@store/ui';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useCartCount } from '../features/cart/cart-store.ts';
import { useSessionSnapshot } from '../features/session/session-store.ts';
import { siteInfoQueryOptions } from '../features/site/queries.ts';
import { SandboxNotice } from '../features/site/sandbox-notice.tsx';
import { SiteFooter } from '../features/site/site-footer.tsx';
import { SiteHeader } from '../features/site/site-header.tsx';
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
});

function RootLayout() {
  const site = useSiteInfo();
  const cartCount = useCartCount();
  const session = useSessionSnapshot();
  useDocumentTitle(site.site_name);
  useSiteFont(site.font_family);

  return (
    <AppRoot style={themeVars(site)}>
      <SkipLink />
      {site.payments_sandbox && <SandboxNotice />}
      <SiteHeader site={site} cartCount={cartCount} session={session} />
      <Main>
        <Outlet />
      </Main>
      <SiteFooter siteName={site.site_name} logoUrl={site.logo_url} />
      <AppToaster />
    </AppRoot>
  );
}
