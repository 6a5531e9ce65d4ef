import { AppRoot, AppToaster, SkipLink, themeVars, useSiteFont } from '@store/ui';
import type { ReactNode } from 'react';
import { useSiteTitle } from './use-page-title.ts';
import { useSiteInfo } from './use-site-info.ts';

/**
 * What every screen of both apps shares, around the app's own frame (header, main, footer): the site's
 * colours and font, the app's title in the tab, the skip link and the toasts.
 */
export function ShellRoot({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  useSiteFont(site.font_family);
  useSiteTitle();
  return (
    <AppRoot style={themeVars(site)}>
      <SkipLink />
      {children}
      <AppToaster />
    </AppRoot>
  );
}
