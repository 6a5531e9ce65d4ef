import { precompress } from '@store/vite-config/precompress';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs apart (`pnpm --filter @store/api dev`); in production it serves this app at /admin/.
const api = { target: 'http://localhost:3000', changeOrigin: true };

export default defineConfig({
  // Deployed apart from the shop, under /admin/ (the router's basepath matches).
  base: '/admin/',
  // The router plugin generates src/routeTree.gen.ts and must transform the routes before React does.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), vanillaExtractPlugin(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': api, '/uploads': api },
  },
  preview: {
    port: 4174,
    proxy: { '/api': api, '/uploads': api },
  },
  build: {
    target: 'es2022',
  },
});
