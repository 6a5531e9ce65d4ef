import { reactPreset } from '@store/vitest-config/react';

// jsdom, tests beside the code, src/test/setup.ts: the preset of the React packages (tooling/vitest).
export default reactPreset;
