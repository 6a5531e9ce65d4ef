import { reactPreset } from '@store/vitest-config/react';
import { mergeConfig } from 'vitest/config';

// Dates are shown in the browser's time zone; the tests expect the times of UTC wherever they run.
export default mergeConfig(reactPreset, { test: { env: { TZ: 'UTC' } } });
