import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccessDeniedPage } from '../features/auth/access-denied-page.tsx';
import { sessionStore } from '../features/session/session.ts';

/** Where a signed-in account without the admin role lands instead of any admin screen. */
export const Route = createFileRoute('/access-denied')({
  beforeLoad: async () => {
    const user = await sessionStore.currentUser();
    if (!user) throw redirect({ to: '/login', replace: true });
    if (user.role === 'admin') throw redirect({ to: '/', replace: true });
  },
  component: AccessDeniedRoute,
});

function AccessDeniedRoute() {
  const navigate = Route.useNavigate();
  return (
    <AccessDeniedPage
      onLogout={() =>
        void sessionStore
          .getState()
          .logout()
          .then(() => navigate({ to: '/login' }))
      }
    />
  );
}
