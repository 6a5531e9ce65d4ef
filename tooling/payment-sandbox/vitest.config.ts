import { nodePreset } from '@store/vitest-config';

export default nodePreset;
