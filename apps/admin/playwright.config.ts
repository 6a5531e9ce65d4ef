import { storeE2eConfig } from '@store/playwright-config/config';

// The admin app on its own port (the storefront's e2e takes 3100), served by the store under /admin/:
// `page.goto('/admin/')`, `page.goto('orders')` and the API's `/api/...` all resolve against it.
export default storeE2eConfig({ port: 3200, basePath: '/admin/' });
