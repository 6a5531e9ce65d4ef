import type { ViteUserConfig } from 'vitest/config';

/** The shared test preset: node environment, no watch, tests beside the code and under test/. */
export declare const nodePreset: ViteUserConfig;
