import { PagePending } from '@store/ui';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AdminShell } from '../features/layout/admin-shell.tsx';
import { selectUser, sessionStore, useSession } from '../features/session/session.ts';

/**
 * Every admin screen (spec section 6): the guard waits for the session check, showing a loading
 * indicator; no user goes to the login screen (and back after); a signed-in user without the admin
 * role goes to the refusal screen before any admin screen loads. The API checks the role on every
 * admin route again (403); this only decides what to show.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location }) => {
    const user = await sessionStore.currentUser();
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (user.role !== 'admin') throw redirect({ to: '/access-denied' });
    return { user };
  },
  pendingMs: 0,
  pendingComponent: () => <PagePending label="Checking your session…" />,
  component: AuthedLayout,
});

function AuthedLayout() {
  const user = useSession(selectUser);
  const navigate = Route.useNavigate();

  // Between signing out and the login screen showing, for a moment: nothing of the admin stays on screen.
  if (!user) return <PagePending label="Signing out…" />;

  // The server ends the session first; it is forgotten here and the login shows even if that call failed.
  const logout = async () => {
    await sessionStore.getState().logout();
    await navigate({ to: '/login' });
  };

  return (
    <AdminShell user={user} onLogout={() => void logout()}>
      <Outlet />
    </AdminShell>
  );
}
