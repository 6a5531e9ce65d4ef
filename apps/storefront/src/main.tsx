import { createQueryClient } from '@store/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { sessionStore } from './features/session/session-store.ts';
import { onUnauthorized } from './features/session/unauthorized.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

// Any 401 answer forgets the session and goes to /login (spec section 8).
onUnauthorized({
  forgetSession: () => sessionStore.getState().signOut(),
  navigateToLogin: () => void router.navigate({ to: '/login' }),
});
void sessionStore.getState().initialize();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
