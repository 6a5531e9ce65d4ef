import { useEffect } from 'react';
import { loadSiteFont } from '../theme/site-fonts.ts';

/**
 * Makes the site's chosen font available to the page while the component is shown: `themeVars` names
 * the family, this registers its files (docs/decisions/008-run-time-theme.md).
 */
export function useSiteFont(family: unknown): void {
  useEffect(() => {
    void loadSiteFont(family);
  }, [family]);
}
