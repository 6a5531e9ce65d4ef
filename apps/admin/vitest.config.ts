import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The shared components are styled with `.css.ts` files, compiled here as in the build.
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    unstubGlobals: true,
    // Dates are shown in the browser's time zone; the tests expect the times of UTC wherever they run.
    env: { TZ: 'UTC' },
    watch: false,
  },
});
