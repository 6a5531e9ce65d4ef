import { createQueryClient } from '@store/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { sendToLoginOnUnauthorized } from './features/session/send-to-login.ts';
import { sessionStore } from './features/session/session.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

// Any 401 answer forgets the session and shows the login screen (spec section 8).
sendToLoginOnUnauthorized(router);
void sessionStore.getState().initialize();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
