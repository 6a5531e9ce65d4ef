import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { afterLoginPath, validateLoginSearch } from '../features/auth/redirect.ts';
import { sessionStore } from '../features/session/session.ts';

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // Signed in already: an admin goes on to where they were heading, anyone else to the refusal screen.
  beforeLoad: async ({ search }) => {
    const user = await sessionStore.currentUser();
    if (user?.role === 'admin') throw redirect({ href: afterLoginPath(search), replace: true });
    if (user) throw redirect({ to: '/access-denied', replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginPage onSignedIn={() => void navigate({ href: afterLoginPath(search), replace: true })} />;
}
