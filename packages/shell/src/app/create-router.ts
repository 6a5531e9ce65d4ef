import { PagePending } from '@store/ui';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import type { ShellBinding } from '../binding.tsx';
import { NotFound } from '../site/not-found.tsx';
import { RouteError } from '../site/route-error.tsx';

export interface ShellRouterOptions {
  queryClient: QueryClient;
  /** The browser's history by default; tests pass a memory history. */
  history?: RouterHistory;
}

export interface AppRouterDefinition<TRouteTree extends AnyRoute> {
  /** The app's generated route tree; its root is `createRootRouteWithContext<ShellRouterContext>()`. */
  routeTree: TRouteTree;
  shell: ShellBinding;
  /** Where the app is served when not at the site's root ('/admin', matching Vite's `base`). */
  basepath?: string;
}

/** An app's router: its routes, with the shell's not-found, error and pending screens and loading rules. */
export function createShellRouter<TRouteTree extends AnyRoute>({
  routeTree,
  shell,
  basepath,
  queryClient,
  history,
}: AppRouterDefinition<TRouteTree> & ShellRouterOptions) {
  return createRouter({
    routeTree,
    history,
    basepath,
    context: { queryClient, shell },
    // Loaders fill the query cache; React Query decides freshness, so the router never serves preloads as stale.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PagePending,
  });
}
