import { AuthCard, authLinkClassName, usePageTitle } from '@store/shell';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { currentUser } from '../features/session/session-store.ts';

export const Route = createFileRoute('/register')({
  // A signed-in shopper already has an account: home instead of a second registration.
  beforeLoad: async () => {
    if (await currentUser()) throw redirect({ to: '/', replace: true });
  },
  component: RegisterPage,
});

function RegisterPage() {
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
          <Link to="/login" className={authLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm onRegistered={() => void navigate({ to: '/', replace: true })} />
    </AuthCard>
  );
}
