import type { UserConfig } from 'vite';

export interface StoreAppConfigOptions {
  /** Where the app is served: '/' for the storefront, '/admin/' for the admin app. */
  base: string;
  devPort: number;
  previewPort: number;
}

/** The Vite config of a React app of the store. */
export function storeAppConfig(options: StoreAppConfigOptions): UserConfig;
