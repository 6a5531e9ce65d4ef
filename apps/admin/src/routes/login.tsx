import { signedInDestination, validateLoginSearch, afterLoginPath, type LoginRules } from '@store/shell';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { sessionStore } from '../features/session/session.ts';

// Only admins use the app; a signed-in account without the role goes to the refusal screen, never back.
const ADMIN_LOGIN: LoginRules = { loopPaths: ['/access-denied'], admits: (user) => user.role === 'admin', refusedPath: '/access-denied' };

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // Signed in already: an admin goes on to where they were heading, anyone else to the refusal screen.
  beforeLoad: async ({ search }) => {
    const destination = signedInDestination(await sessionStore.currentUser(), search, ADMIN_LOGIN);
    if (destination) throw redirect({ href: destination, replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <LoginPage onSignedIn={() => void navigate({ href: afterLoginPath(search, ADMIN_LOGIN.loopPaths), replace: true })} />;
}
