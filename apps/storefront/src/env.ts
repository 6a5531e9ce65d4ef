/** The app's configuration, checked once at start; the only reader of `import.meta.env`. */
import { parseHttpUrl } from '@store/ui';

declare global {
  interface ImportMetaEnv {
    /** Absolute address of the admin app when it is deployed elsewhere; unset means `/admin/` on this host. */
    readonly VITE_ADMIN_URL?: string;
  }
}

const apiUrl = parseHttpUrl('VITE_API_URL', import.meta.env.VITE_API_URL);

export const env = {
  /** Prefix of every API call; empty when the API serves this app from the same origin. */
  apiUrl,
  /**
   * Where files the API serves (`/uploads/...`) live: the API's address, or empty for this origin (the
   * addresses stay relative, so the server's render and the browser's write the same markup).
   */
  apiBase: apiUrl,
  /**
   * True in the server's build (the storefront rendered on the API's server, entry-server.tsx): loaders wait
   * for what the page shows, and API calls go to the API in the same process.
   */
  onServer: import.meta.env.SSR,
  /** The admin app's address when set at build time; empty otherwise (paths.ts holds the default). */
  adminUrl: parseHttpUrl('VITE_ADMIN_URL', import.meta.env.VITE_ADMIN_URL),
} as const;
