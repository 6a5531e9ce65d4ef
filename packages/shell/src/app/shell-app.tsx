import { createQueryClient } from '@store/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ShellProvider, type ShellBinding } from '../binding.tsx';
import { sendToLoginOnUnauthorized } from '../session/app-session.ts';
import type { ShellRouterOptions } from './create-router.ts';

export interface ShellAppOptions<TRouter extends AnyRouter> {
  /** The app's router factory (its `router.tsx`, built on `createShellRouter`). */
  createRouter: (options: ShellRouterOptions) => TRouter;
  shell: ShellBinding;
  /** The browser's history by default; tests pass a memory history. */
  history?: RouterHistory;
  /** A query client of the caller's (tests turn retries off); a fresh one with the app's retry policy by default. */
  queryClient?: QueryClient;
  /**
   * Checks the stored session at once (the default). A server-rendered page leaves it to its screens' first
   * effects: the session changing while React hydrates would make React throw the server's markup away.
   */
  checkSessionAtStart?: boolean;
}

export interface ShellAppInstance<TRouter extends AnyRouter> {
  router: TRouter;
  queryClient: QueryClient;
  /** The whole app, to render. */
  element: React.JSX.Element;
  /** Unregisters the 401 handling. */
  stop: () => void;
}

/**
 * The providers every screen runs inside: the app's binding, the query cache and the router. `router` is
 * the router's own provider by default; a server-rendered page's hydration passes `RouterClient`, and the
 * server `RouterServer` (both from `@tanstack/react-router/ssr`).
 */
export function ShellApp({
  router,
  queryClient,
  shell,
  children = <RouterProvider router={router} />,
}: {
  router: AnyRouter;
  queryClient: QueryClient;
  shell: ShellBinding;
  children?: React.ReactNode;
}) {
  return (
    <ShellProvider binding={shell}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ShellProvider>
  );
}

/** One app, ready to render: its query cache, its router, the 401 handling wired, the session check started. */
export function createShellApp<TRouter extends AnyRouter>({
  createRouter,
  shell,
  history,
  queryClient = createQueryClient(),
  checkSessionAtStart = true,
}: ShellAppOptions<TRouter>): ShellAppInstance<TRouter> {
  const router = createRouter({ queryClient, history });
  // Any 401 answer forgets the session and shows the login screen, coming back after (spec section 8).
  const stop = sendToLoginOnUnauthorized(router, shell.session);
  if (checkSessionAtStart) void shell.session.getState().initialize();
  return { router, queryClient, stop, element: <ShellApp router={router} queryClient={queryClient} shell={shell} /> };
}

/**
 * The app's entry (`main.tsx`): builds it and renders it into the page's `#root`. A page the server rendered
 * (it carries the router's state, `window.$_TSR`) is hydrated instead: the markup is kept, the router and the
 * query cache start from what the server loaded, and nothing is asked for again.
 */
export function startShellApp<TRouter extends AnyRouter>(options: ShellAppOptions<TRouter>): ShellAppInstance<TRouter> {
  const serverRendered = '$_TSR' in window;
  const app = createShellApp({ ...options, checkSessionAtStart: !serverRendered });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  if (serverRendered) {
    const element = (
      <ShellApp router={app.router} queryClient={app.queryClient} shell={options.shell}>
        <RouterClient router={app.router} />
      </ShellApp>
    );
    hydrateRoot(container, <StrictMode>{element}</StrictMode>);
  } else {
    createRoot(container).render(<StrictMode>{app.element}</StrictMode>);
  }
  return app;
}
