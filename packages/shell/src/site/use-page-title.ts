import { useEffect } from 'react';
import type { ShellBinding } from '../binding.tsx';
import { useShell } from '../binding.tsx';
import { useSiteInfo } from './use-site-info.ts';

// The titles of the screens shown, newest last, and the newest site name and format: the tab shows the
// newest screen's title whatever order the root and the screens re-render in (they re-render apart when
// the site's name changes, as after a settings save).
const shown: string[] = [];
let latest: { format: ShellBinding['pageTitle']; siteName: string } | null = null;

function showTitle(): void {
  if (latest) document.title = latest.format(shown.at(-1), latest.siteName);
}

/**
 * Titles the browser tab while a screen is shown ('Orders · KeyVault Admin', 'Login | KeyVault', as the
 * app's `pageTitle` writes it) and gives it back to the app's own title when the screen goes.
 */
export function usePageTitle(title?: string): void {
  const { pageTitle } = useShell();
  const siteName = useSiteInfo().site_name;
  useEffect(() => {
    if (title !== undefined) shown.push(title);
    latest = { format: pageTitle, siteName };
    showTitle();
    return () => {
      if (title !== undefined) shown.splice(shown.lastIndexOf(title), 1);
      showTitle();
    };
  }, [pageTitle, title, siteName]);
}

/** The app's own title (the site's name in the app's format), set by the root layout under every screen's. */
export function useSiteTitle(): void {
  usePageTitle();
}
