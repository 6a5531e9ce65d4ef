import { renderShellApp } from '@store/shell/testing';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createAppRouter } from '../router.tsx';
import { shell } from '../shell.ts';

/** Renders a component that uses router links inside a throwaway router, without the app around it. */
export async function renderWithRouter(ui: ReactNode, { path = '/' } = {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

/** Renders the whole shop at `path`, as a browser would: fresh query cache (no retries), memory history, the 401 handling of main.tsx. */
export function renderApp(path = '/') {
  return renderShellApp({ createRouter: createAppRouter, shell }, path);
}
