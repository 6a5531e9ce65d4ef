import { storeE2eConfig } from '@store/playwright-config/config';

// The admin app's e2e takes port 3200: both can run while the other's store is up.
export default storeE2eConfig({ port: 3100 });
