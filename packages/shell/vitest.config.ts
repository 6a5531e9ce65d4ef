import { reactPreset } from '@store/vitest-config/react';

export default reactPreset;
