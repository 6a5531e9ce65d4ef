import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

/**
 * The test preset of the React apps and packages: jsdom, tests beside the code, `src/test/setup.ts`
 * (the jest-dom matchers, a test fails on any console.error), stubbed globals undone after each test.
 */
export const reactPreset = defineConfig({
  // The shared components are styled with `.css.ts` files, compiled here as in the build.
  plugins: [vanillaExtractPlugin()],
  // The browser's side of an app that also renders on the server (tooling/vite/app-config.js).
  define: { __SERVER_RENDER__: 'false' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    unstubGlobals: true,
    watch: false,
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. Two workers halve the wall time
    // of a suite whose files each spend a second setting up jsdom (measured on 2 cores: storefront 182 s to 136 s, admin 170 s to 131 s).
    maxWorkers: 2,
  },
});
