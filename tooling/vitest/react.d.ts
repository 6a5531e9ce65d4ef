import type { ViteUserConfig } from 'vitest/config';

/** The test preset of the React apps and packages: jsdom, `src/test/setup.ts`, globals unstubbed after each test. */
export declare const reactPreset: ViteUserConfig;
