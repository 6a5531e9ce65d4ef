import { AppRoot, SkipLink, MAIN_CONTENT_ID, themeVars, useDocumentTitle } from '@store/ui';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AdminFooter } from '../features/layout/admin-footer.tsx';
import { AdminHeader } from '../features/layout/admin-header.tsx';
import * as styles from '../features/layout/admin-layout.css.ts';
import { AdminNav } from '../features/layout/admin-nav.tsx';
import { AppToaster } from '../features/site/app-toaster.tsx';
import { siteInfoQueryOptions } from '../features/site/queries.ts';
import { useSiteInfo } from '../features/site/use-site-info.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Fetched before the first paint so the default brand never flashes; `prefetchQuery` never throws,
  // so a failure simply leaves the defaults in place.
  loader: ({ context }) => context.queryClient.prefetchQuery(siteInfoQueryOptions()),
  component: AdminLayout,
});

function AdminLayout() {
  const site = useSiteInfo();
  useDocumentTitle(`${site.site_name} Admin`);

  return (
    <AppRoot style={themeVars(site)}>
      <SkipLink />
      <AdminHeader site={site} />
      <div className={styles.shell}>
        <AdminNav />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          <Outlet />
        </main>
      </div>
      <AdminFooter siteName={site.site_name} />
      <AppToaster />
    </AppRoot>
  );
}
