import { renderShellApp } from '@store/shell/testing';
import { createAppRouter } from '../router.tsx';
import { shell } from '../shell.ts';

/** Renders the whole admin at `path` (a full address, `/admin/...`), as a browser would, with the 401 handling of main.tsx. */
export function renderApp(path = '/admin/') {
  return renderShellApp({ createRouter: createAppRouter, shell }, path);
}
