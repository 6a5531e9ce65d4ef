// The Vite config both React apps build with: the router's generated routes, React, vanilla-extract,
// precompressed assets, and the framework in one long-cached chunk.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.js';

// In development the API runs apart (`pnpm --filter @store/api dev`); in production it serves the apps.
const api = { target: 'http://localhost:3000', changeOrigin: true };

// React, the router, Query, zustand and the toaster change only with an upgrade: one chunk that stays cached
// across deploys, instead of a dozen small ones the first load waits for. TypeBox stays out (forms load it).
const FRAMEWORK = /[\\/]node_modules[\\/](?:\.pnpm[\\/])?(?:react|react-dom|scheduler|@tanstack|zustand|react-hot-toast|goober)[@\\/]/;

/** @param {{ base: string, devPort: number, previewPort: number }} options */
export function storeAppConfig({ base, devPort, previewPort }) {
  return defineConfig({
    base,
    // The router plugin generates src/routeTree.gen.ts and must transform the routes before React does.
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), vanillaExtractPlugin(), precompress()],
    server: { port: devPort, proxy: { '/api': api, '/uploads': api } },
    preview: { port: previewPort, proxy: { '/api': api, '/uploads': api } },
    build: {
      target: 'es2022',
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } } },
    },
  });
}
