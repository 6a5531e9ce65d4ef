import { PagePending } from '@store/ui';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import type { ShellBinding } from '../binding.tsx';
import { NotFound } from '../site/not-found.tsx';
import { RouteError } from '../site/route-error.tsx';

export interface ShellRouterOptions {
  queryClient: QueryClient;
  /** The browser's history by default; tests pass a memory history. */
  history?: RouterHistory;
  /**
   * The shop's own address (`https://shop.example`), for absolute links in the page's head: the server passes
   * PUBLIC_URL (or the allowed origin), never the request's Host; in a browser, the page's origin.
   */
  origin?: string;
}

export interface AppRouterDefinition<TRouteTree extends AnyRoute> {
  /** The app's generated route tree; its root is `createRootRouteWithContext<ShellRouterContext>()`. */
  routeTree: TRouteTree;
  shell: ShellBinding;
  /** Where the app is served when not at the site's root ('/admin', matching Vite's `base`). */
  basepath?: string;
}

/**
 * A page's answers count as fetched now: the server's page cache is dropped the moment the catalogue changes,
 * so a kept page is as current as a fresh one, and the page's first queries need not ask again.
 */
function freshNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) };
}

/** An app's router: its routes, with the shell's not-found, error and pending screens and loading rules. */
export function createShellRouter<TRouteTree extends AnyRoute>({
  routeTree,
  shell,
  basepath,
  queryClient,
  history,
  origin = typeof window === 'undefined' ? '' : window.location.origin,
}: AppRouterDefinition<TRouteTree> & ShellRouterOptions) {
  return createRouter({
    routeTree,
    history,
    basepath,
    context: { queryClient, shell, origin },
    // A server-rendered page carries the query cache its loaders filled, so hydration asks for nothing again
    // (as JSON: the answers are JSON already, and the router's serializer need not walk them).
    dehydrate: () => ({ queries: JSON.stringify(dehydrate(queryClient)) }),
    hydrate: (dehydrated: { queries: string }) => hydrate(queryClient, freshNow(JSON.parse(dehydrated.queries) as DehydratedState)),
    // Loaders fill the query cache; React Query decides freshness, so the router never serves preloads as stale.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PagePending,
  });
}
