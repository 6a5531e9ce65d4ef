import { defineConfig } from 'vitest/config';

/** The shared test preset: node environment, no watch, tests beside the code. */
export const nodePreset = defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    watch: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
