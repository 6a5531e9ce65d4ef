interface ImportMetaEnv {
  /** Absolute address of the API, e.g. `https://api.example.com`; unset or empty means the page's own origin. */
  readonly VITE_API_URL?: string;
  /** True in the server's build (entry-server.tsx), false in the browser's. */
  readonly SSR: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** True in the server's build (vite build --ssr), false in the browser's and in tests: a constant the bundler folds. */
declare const __SERVER_RENDER__: boolean;
