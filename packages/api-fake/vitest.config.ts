import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The fake runs where the apps' component tests run: jsdom, with a page address to resolve `/api/...` against.
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    watch: false,
  },
});
