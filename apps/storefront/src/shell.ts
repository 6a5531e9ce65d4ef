import type { ShellBinding } from '@store/shell';
import { env } from './env.ts';
import { api } from './lib/api.ts';
import { pageTitle } from './features/seo/route-heads.ts';
import { sessionStore } from './features/session/session-store.ts';

/** What the shop passes to the shared shell (@store/shell): its API, the shopper's session, titles and way home. */
export const shell: ShellBinding = {
  api,
  apiBase: env.apiBase,
  session: sessionStore,
  // 'Login — KeyVault', or the site's name alone.
  pageTitle,
  homeLinks: { notFound: 'Back to home', error: 'Go home' },
};
