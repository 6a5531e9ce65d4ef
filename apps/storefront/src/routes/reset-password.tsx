import { AuthCard, authLinkClassName, usePageTitle } from '@store/shell';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/password-reset-forms.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

interface ResetSearch {
  token?: string;
}

export const Route = createFileRoute('/reset-password')({
  ...privatePage('Set a New Password'),
  // The mailed link's token; anything but a string is no token.
  validateSearch: (search: Record<string, unknown>): ResetSearch => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  usePageTitle('Set a New Password');
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  const footer = (
    <>
      Remembered it?{' '}
      <Link to="/login" className={authLinkClassName}>
        Sign in
      </Link>
    </>
  );
  return (
    <AuthCard backdrop title="Set a new password" subtitle="Choose the password you will sign in with from now on." footer={footer}>
      {token ? (
        <ResetPasswordForm token={token} onDone={() => void navigate({ to: '/login', replace: true })} />
      ) : (
        <p role="alert">
          This page needs the link from the email we sent you.{' '}
          <Link to="/forgot-password" className={authLinkClassName}>
            Send a new link
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
