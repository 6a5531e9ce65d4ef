import type { ApiClient } from '@store/contracts';
import type { SessionStore } from '@store/ui';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';

/** What binds the shell to one app: its API client, session, titles and words. Written once per app (`src/shell.ts`). */
export interface ShellBinding {
  /** The app's one API client (`createAppApi`). */
  api: ApiClient;
  /** Where the files the API serves (`/uploads/...`) live: the API's address, or the page's origin. */
  apiBase: string;
  /** The signed-in session (`createAppSession(api)`). */
  session: SessionStore;
  /** The browser tab's title for a screen (`undefined`: the app's own title) and the site's name. */
  pageTitle: (title: string | undefined, siteName: string) => string;
  /** The way back from the not-found and error pages, e.g. 'Back to home' and 'Go home'. */
  homeLinks: { notFound: string; error: string };
}

/** The router's context in both apps: the query cache for loaders, and the binding. */
export interface ShellRouterContext {
  queryClient: QueryClient;
  shell: ShellBinding;
  /** The shop's own address, for absolute links in the head (canonical, Open Graph); empty when unknown. */
  origin: string;
}

const ShellContext = createContext<ShellBinding | null>(null);

export function ShellProvider({ binding, children }: { binding: ShellBinding; children: ReactNode }) {
  return <ShellContext.Provider value={binding}>{children}</ShellContext.Provider>;
}

/** The app's binding; only inside `ShellProvider` (the app and `renderShellApp` provide it). */
export function useShell(): ShellBinding {
  const binding = useContext(ShellContext);
  if (!binding) throw new Error('useShell: no ShellProvider above this component');
  return binding;
}
