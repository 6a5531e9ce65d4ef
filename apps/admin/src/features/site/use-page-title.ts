import { useDocumentTitle } from '@store/ui';
import { useSiteInfo } from './use-site-info.ts';

/** The page's title in the browser tab: 'Orders · KeyVault Admin', or the site's admin name alone. */
export function usePageTitle(title?: string): void {
  const site = useSiteInfo();
  const base = `${site.site_name} Admin`;
  useDocumentTitle(title ? `${title} · ${base}` : base);
}
