import { useEffect } from 'react';
import { useSiteInfo } from '../site/use-site-info.ts';

/**
 * Titles the browser tab `<page> | <site name>` while the page is shown, and gives it back to the site
 * name after. The root layout sets the site name in its own effect, which React runs after the page's
 * on the first render and whenever the name arrives, hence the deferred write.
 */
export function usePageTitle(title: string): void {
  const siteName = useSiteInfo().site_name;
  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.title = `${title} | ${siteName}`;
    }, 0);
    return () => {
      window.clearTimeout(timer);
      document.title = siteName;
    };
  }, [title, siteName]);
}
