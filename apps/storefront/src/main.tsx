import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { createQueryClient } from '@store/ui';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
