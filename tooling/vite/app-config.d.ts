import type { UserConfigFnObject } from 'vite';

export interface StoreAppConfigOptions {
  /** Where the app is served: '/' for the storefront, '/admin/' for the admin app. */
  base: string;
  devPort: number;
  previewPort: number;
  /** The app's server entry when it renders on the server (`vite build --ssr` builds it into dist-server/). */
  serverEntry?: string;
}

/** The Vite config of a React app of the store. */
export function storeAppConfig(options: StoreAppConfigOptions): UserConfigFnObject;
