import { NotFound, ShellRoot, loadSiteInfo, useSiteInfo, type ShellRouterContext } from '@store/shell';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AdminFooter } from '../features/layout/admin-footer.tsx';
import { PublicLayout } from '../features/layout/public-layout.tsx';

export const Route = createRootRouteWithContext<ShellRouterContext>()({
  loader: loadSiteInfo,
  component: RootLayout,
  // Unknown addresses inside the admin are caught by the guarded `_authed/$` route; this is the rest.
  notFoundComponent: () => (
    <PublicLayout>
      <NotFound />
    </PublicLayout>
  ),
});

/**
 * What every screen shares (the site's colours, font and title, the skip link and toasts: `ShellRoot`),
 * and the footer. The header and main area come from the layouts: `_authed` (with the section
 * navigation) and `PublicLayout` (login and refusal, without it).
 */
function RootLayout() {
  const site = useSiteInfo();
  return (
    <ShellRoot>
      <Outlet />
      <AdminFooter siteName={site.site_name} />
    </ShellRoot>
  );
}
