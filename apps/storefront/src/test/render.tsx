import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { App } from '../app.tsx';
import { createQueryClient } from '@store/ui';
import { createAppRouter } from '../router.tsx';

/** Renders a component that uses router links inside a throwaway router, without the app around it. */
export async function renderWithRouter(ui: ReactNode, { path = '/' } = {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

/** Renders the whole app at `path`, as a browser would: fresh query cache, memory history. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { router, queryClient, ...view };
}

/** A `fetch` that answers JSON with the given status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
