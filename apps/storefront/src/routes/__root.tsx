import { ShellRoot, loadSiteInfo, useSiteInfo, type ShellRouterContext } from '@store/shell';
import { Main } from '@store/ui';
import { Outlet, Scripts, createRootRouteWithContext } from '@tanstack/react-router';
import { useCartCount } from '../features/cart/cart-store.ts';
import { rootHead, serverFont } from '../features/seo/route-heads.ts';
import { useRouteTitle } from '../features/seo/use-route-title.ts';
import { useSessionSnapshot } from '../features/session/session-store.ts';
import { SandboxNotice } from '../features/site/sandbox-notice.tsx';
import { SiteFooter } from '../features/site/site-footer.tsx';
import { SiteHeader } from '../features/site/site-header.tsx';
import { env } from '../env.ts';

export const Route = createRootRouteWithContext<ShellRouterContext>()({
  loader: async (match) => {
    await loadSiteInfo(match);
    // The server's page declares the site's font in its head, so its first paint is already in it.
    return env.onServer ? { font: await serverFont(match.context) } : {};
  },
  head: rootHead,
  component: RootLayout,
});

/**
 * The shop's frame inside the shell's root: the sandbox notice, header, main area and footer. `Scripts` carries
 * a server-rendered page's router state to the browser (nothing in a page the browser drew alone).
 */
function RootLayout() {
  const site = useSiteInfo();
  const cartCount = useCartCount();
  const session = useSessionSnapshot();
  useRouteTitle();

  return (
    <ShellRoot>
      {site.payments_sandbox && <SandboxNotice />}
      <SiteHeader site={site} cartCount={cartCount} session={session} />
      <Main>
        <Outlet />
      </Main>
      <SiteFooter siteName={site.site_name} logoUrl={site.logo_url} />
      <Scripts />
    </ShellRoot>
  );
}
