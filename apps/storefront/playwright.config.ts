import { storeE2eConfig } from '@store/playwright-config/config';

// The store on a free port of its own (E2E_PORT to choose one), so a store already running is left alone.
export default storeE2eConfig();
