import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../app.tsx';
import { createQueryClient } from '@store/ui';
import { createAppRouter } from '../router.tsx';

/** Renders the whole app at `path` (a full address, `/admin/...`), as a browser would. */
export function renderApp(path = '/admin/') {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { router, queryClient, ...view };
}

/** A `fetch` answer with a JSON body and the given status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
