import { LoginScreen, afterLoginPath, authLinkClassName, signedInDestination, validateLoginSearch } from '@store/shell';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { currentUser } from '../features/session/session-store.ts';
import { privatePage } from '../features/seo/route-heads.ts';

// A signed-in shopper is sent away from registration too: going back there after login would loop.
const GUEST_ONLY = ['/register'];

export const Route = createFileRoute('/login')({
  ...privatePage('Login'),
  validateSearch: validateLoginSearch,
  // A signed-in shopper has nothing to do here: on to where they were heading, or home.
  beforeLoad: async ({ search }) => {
    const destination = signedInDestination(await currentUser(), search, { loopPaths: GUEST_ONLY });
    if (destination) throw redirect({ href: destination, replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LoginScreen
      backdrop
      pageTitle="Login"
      title="Welcome back"
      subtitle="Sign in to your account to continue."
      placeholder="you@example.com or admin"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" search={search} className={authLinkClassName}>
            Sign up
          </Link>
          <br />
          <Link to="/forgot-password" className={authLinkClassName}>
            Forgot password?
          </Link>
          {' · '}
          <Link to="/sign-in-link" className={authLinkClassName}>
            Email me a sign-in link
          </Link>
        </>
      }
      onSignedIn={() => void navigate({ href: afterLoginPath(search, GUEST_ONLY), replace: true })}
    />
  );
}
