import { createQueryClient } from '@store/ui';
import { createMemoryHistory, type AnyRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { createShellApp, type ShellAppOptions } from './app/shell-app.tsx';

/**
 * Renders a whole app at `path` (a full address, `/admin/...` for the admin), as a browser would: a
 * fresh query cache, a memory history, the 401 handling of main.tsx (undone when the test ends).
 * Tests see a failed request at once: no retries (the app retries 5xx and network failures twice).
 */
export function renderShellApp<TRouter extends AnyRouter>(options: Omit<ShellAppOptions<TRouter>, 'history' | 'queryClient'>, path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false }, mutations: { retry: false } });
  const app = createShellApp({ ...options, queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  onTestFinished(app.stop);
  const view = render(app.element);
  return { router: app.router, queryClient: app.queryClient, ...view };
}
