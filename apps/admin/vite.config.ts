import { storeAppConfig } from '@store/vite-config/app-config';

// Deployed apart from the shop, under /admin/ (the router's basepath matches).
export default storeAppConfig({ base: '/admin/', devPort: 5174, previewPort: 4174 });
