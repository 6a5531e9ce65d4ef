import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthCard, authFooterLinkClassName } from '../features/auth/auth-card.tsx';
import { LoginForm } from '../features/auth/login-form.tsx';
import { usePageTitle } from '../features/legal/use-page-title.ts';
import { afterLoginPath, validateLoginSearch } from '../features/session/redirect.ts';
import { currentUser } from '../features/session/session-store.ts';
import { markLoginPageShown } from '../features/session/unauthorized.ts';

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // A signed-in shopper has nothing to do here: on to where they were heading, or home.
  beforeLoad: async ({ search }) => {
    if (await currentUser()) throw redirect({ href: afterLoginPath(search), replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Login');
  // A wrong password answers 401, which otherwise sends the shopper to /login again (and drops `redirect`).
  useEffect(() => markLoginPageShown(), []);

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your account to continue."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={authFooterLinkClassName}>
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm onSignedIn={() => void navigate({ href: afterLoginPath(search), replace: true })} />
    </AuthCard>
  );
}
