import { storeAppConfig } from '@store/vite-config/app-config';

// The shop, served at the site's root; the API serves it in production (`pnpm start`).
export default storeAppConfig({ base: '/', devPort: 5173, previewPort: 4173 });
