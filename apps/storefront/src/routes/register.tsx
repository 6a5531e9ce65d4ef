import { AuthCard, afterLoginPath, authLinkClassName, usePageTitle, validateLoginSearch } from '@store/shell';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { currentUser } from '../features/session/session-store.ts';
import { privatePage } from '../features/seo/route-heads.ts';

// Coming back to registration after signing up would loop.
const GUEST_ONLY = ['/register'];

export const Route = createFileRoute('/register')({
  ...privatePage('Sign Up'),
  // `?redirect=`: where the new account goes next (a guest asked to register before subscribing comes back to the product).
  // Checked again where it is used: the root route passes the raw parameter through beside the validated one.
  validateSearch: validateLoginSearch,
  // A signed-in shopper already has an account: on to where they were heading (home by default) instead of a second registration.
  beforeLoad: async ({ search }) => {
    if (await currentUser()) throw redirect({ href: afterLoginPath(validateLoginSearch(search), GUEST_ONLY), replace: true });
  },
  component: RegisterPage,
});

function RegisterPage() {
  const search = validateLoginSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  usePageTitle('Sign Up');

  return (
    <AuthCard
      backdrop
      title="Create your account"
      subtitle="Register to check out faster with your account details."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={search} className={authLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm onRegistered={() => void navigate({ href: afterLoginPath(search, GUEST_ONLY), replace: true })} />
    </AuthCard>
  );
}
