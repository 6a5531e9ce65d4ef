import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The title the matched routes' `head()` give: the deepest one that names one. */
function routeTitle(matches: readonly { meta?: unknown }[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const meta = matches[index]?.meta;
    if (!Array.isArray(meta)) continue;
    for (const tag of meta as unknown[]) {
      if (tag && typeof tag === 'object' && 'title' in tag && typeof tag.title === 'string') return tag.title;
    }
  }
  return undefined;
}

/**
 * Titles the browser tab from the routes' heads on every client navigation: the server writes the same
 * title into the first page, so the tab reads "Aurora AI Writer — KeyVault" whichever way the page came.
 * The root's effect runs after its screens', so a route's head has the last word over a screen's own title.
 */
export function useRouteTitle(): void {
  const title = useRouterState({ select: (state) => routeTitle(state.matches) });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
