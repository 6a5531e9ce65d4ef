// The Vite config both React apps build with: the router's generated routes, React, vanilla-extract,
// precompressed assets, and the first load in two chunks: the framework (long-cached) and the app.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.js';

// In development the API runs apart (`pnpm --filter @store/api dev`); in production it serves the apps.
const api = { target: 'http://localhost:3000', changeOrigin: true };

// React, the router, Query, zustand and the toaster change only with an upgrade: one chunk that stays cached
// across deploys, instead of a dozen small ones the first load waits for. Only the parts the first page runs
// (`$initial`): a part only later screens use (useMutation, ...) loads with them. TypeBox stays out (forms load it).
const FRAMEWORK = /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(?:react|react-dom|scheduler|@tanstack|zustand|react-hot-toast|goober)[@\\/]/;

// A route's loader loads with its screen when the route is first visited, so what only that route needs (its
// queries, its toasts) stays out of the first load. The pending screen stays in the first load: it shows while
// the route's chunk and data load (a route whose skeleton is its own screen's can move it: `codeSplitGroupings`).
const ROUTE_CHUNKS = [['loader', 'component', 'notFoundComponent'], ['errorComponent']];

/**
 * What every app's index.html has, added here so each page holds only its own title and meta tags:
 * charset, viewport, theme colour, icon, the `#root` element and the entry `src/main.tsx`. `pre`, so
 * Vite bundles the injected entry as if it were written in the file.
 * @returns {import('vite').Plugin}
 */
function appPage() {
  return {
    name: 'store:app-page',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        { tag: 'meta', attrs: { charset: 'UTF-8' }, injectTo: 'head-prepend' },
        { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0' }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'theme-color', content: '#0b1020' }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }, injectTo: 'head' },
        { tag: 'div', attrs: { id: 'root' }, injectTo: 'body-prepend' },
        { tag: 'script', attrs: { type: 'module', src: '/src/main.tsx' }, injectTo: 'body' },
      ],
    },
  };
}

/**
 * The server's build of an app that renders on the server (`vite build --ssr`): its entry alone, for Node, in
 * `dist-server/`; the packages from node_modules stay imports, the workspace's own are bundled (they are source).
 * @param {string} entry
 * @returns {import('vite').UserConfig['build']}
 */
function serverBuild(entry) {
  return {
    ssr: entry,
    outDir: 'dist-server',
    target: 'node20',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { input: entry, output: { entryFileNames: '[name].js' } },
  };
}

/** @param {{ base: string, devPort: number, previewPort: number, serverEntry?: string }} options */
export function storeAppConfig({ base, devPort, previewPort, serverEntry }) {
  return defineConfig(({ isSsrBuild }) => ({
    base,
    // The router plugin generates src/routeTree.gen.ts and must transform the routes before React does.
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true, codeSplittingOptions: { defaultBehavior: ROUTE_CHUNKS } }),
      react(),
      vanillaExtractPlugin(),
      appPage(),
      ...(isSsrBuild ? [] : [precompress()]),
    ],
    ssr: { noExternal: [/^@store\//] },
    // True in the server's build only: code that only the server's render needs (the page head's structured
    // data) is left out of the browser's bundle where it is guarded by it.
    define: { __SERVER_RENDER__: JSON.stringify(Boolean(isSsrBuild)) },
    server: { port: devPort, proxy: { '/api': api, '/uploads': api } },
    preview: { port: previewPort, proxy: { '/api': api, '/uploads': api } },
    build: isSsrBuild && serverEntry ? serverBuild(serverEntry) : {
      target: 'es2022',
      // A page rendered on the server is drawn before its route's code loads: every screen's styles come in the
      // one stylesheet the page links (about 12 kB compressed), so nothing moves when a route's chunk arrives.
      cssCodeSplit: !serverEntry,
      // The few es2022 browsers without modulepreload (Safari before 17) still load the chunks, as imports.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
              // The rest of the first load in one chunk, not one per module that a later route shares with it.
              { name: 'app', tags: ['$initial'], priority: 1 },
            ],
          },
        },
      },
    },
  }));
}
