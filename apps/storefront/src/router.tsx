import { PagePending } from '@store/ui';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './features/site/not-found.tsx';
import { RouteError } from './features/site/route-error.tsx';
import { routeTree } from './routeTree.gen.ts';

export interface AppRouterOptions {
  queryClient: QueryClient;
  /** The browser's history by default; tests pass a memory history. */
  history?: RouterHistory;
}

export function createAppRouter({ queryClient, history }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Loaders fill the query cache; React Query decides freshness, so the router never serves preloads as stale.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PagePending,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
