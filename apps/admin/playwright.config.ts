import { storeE2eConfig } from '@store/playwright-config/config';

// The admin app, served by the store under /admin/ on a free port of its own (E2E_PORT to choose one):
// `page.goto('/admin/')`, `page.goto('orders')` and the API's `/api/...` all resolve against it.
export default storeE2eConfig({ basePath: '/admin/' });
