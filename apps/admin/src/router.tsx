import { createShellRouter, type ShellRouterOptions } from '@store/shell';
import { routeTree } from './routeTree.gen.ts';
import { shell } from './shell.ts';

/** The admin app lives under /admin/ (Vite's `base`); routes are written from its root: `/` is /admin/. */
export function createAppRouter(options: ShellRouterOptions) {
  return createShellRouter({ ...options, routeTree, shell, basepath: '/admin' });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
