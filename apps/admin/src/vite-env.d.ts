interface ImportMetaEnv {
  /** Absolute address of the API, e.g. `https://api.example.com`; unset or empty means the page's own origin. */
  readonly VITE_API_URL?: string;
  /** Address of the shop, for the "View store" link; `/` (same host) when unset. */
  readonly VITE_STOREFRONT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
