import type { ShellBinding } from '@store/shell';
import { env } from './env.ts';
import { api } from './lib/api.ts';
import { sessionStore } from './features/session/session.ts';

/** What the admin passes to the shared shell (@store/shell): its API, session, titles and way home. */
export const shell: ShellBinding = {
  api,
  apiBase: env.apiBase,
  session: sessionStore,
  // 'Orders · KeyVault Admin', or the site's admin name alone.
  pageTitle: (title, siteName) => (title ? `${title} · ${siteName} Admin` : `${siteName} Admin`),
  homeLinks: { notFound: 'Back to dashboard', error: 'Go to dashboard' },
};
