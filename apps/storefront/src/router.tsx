import { createShellRouter, type ShellRouterOptions } from '@store/shell';
import { routeTree } from './routeTree.gen.ts';
import { shell } from './shell.ts';

/** The shop's router, served at the site's root: its routes on the shell's defaults. */
export const createAppRouter = (options: ShellRouterOptions) => createShellRouter({ ...options, routeTree, shell });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
