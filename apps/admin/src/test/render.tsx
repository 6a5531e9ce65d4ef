import { createQueryClient } from '@store/ui';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { App } from '../app.tsx';
import { sendToLoginOnUnauthorized } from '../features/session/send-to-login.ts';
import { createAppRouter } from '../router.tsx';

export { jsonResponse } from './api.ts';

/** Renders the whole app at `path` (a full address, `/admin/...`), as a browser would, with the 401 handling of main.tsx. */
export function renderApp(path = '/admin/') {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  onTestFinished(sendToLoginOnUnauthorized(router));
  const view = render(<App router={router} queryClient={queryClient} />);
  return { router, queryClient, ...view };
}
