import { storeAppConfig } from '@store/vite-config/app-config';

// The shop, served at the site's root; the API serves it in production (`pnpm start`), rendered on the server
// from the build of src/entry-server.tsx (`vite build --ssr`, into dist-server/).
export default storeAppConfig({ base: '/', devPort: 5173, previewPort: 4173, serverEntry: 'src/entry-server.tsx' });
