import { defineConfig, mergeConfig } from 'vitest/config';
import { nodePreset } from '@store/vitest-config';

export default mergeConfig(
  nodePreset,
  defineConfig({
    test: {
      globalSetup: ['./test/global-setup.ts'],
      // Each file gets its own database; two workers match the two cores CI has.
      maxWorkers: 2,
    },
  }),
);
