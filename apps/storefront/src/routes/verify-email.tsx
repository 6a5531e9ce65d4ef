import { AuthCard, authLinkClassName, usePageTitle } from '@store/shell';
import { Link, createFileRoute } from '@tanstack/react-router';
import { VerifyEmailResult } from '../features/auth/email-links.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

interface VerifySearch {
  token?: string;
}

export const Route = createFileRoute('/verify-email')({
  ...privatePage('Verify Your Email'),
  // The mailed link's token; anything but a string is no token.
  validateSearch: (search: Record<string, unknown>): VerifySearch => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  usePageTitle('Verify Your Email');
  const { token } = Route.useSearch();
  return (
    <AuthCard backdrop title="Verify your email" subtitle="Orders you paid as a guest with this email join your account once it is verified.">
      {token ? (
        <VerifyEmailResult token={token} />
      ) : (
        <p role="alert">
          This page needs the link from the email we sent you.{' '}
          <Link to="/account" className={authLinkClassName}>
            Send a new link from your account
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
