import { AuthCard, authLinkClassName, usePageTitle } from '@store/shell';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SignInLinkRequestForm, SignInWithLink } from '../features/auth/email-links.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

interface SignInLinkSearch {
  token?: string;
}

export const Route = createFileRoute('/sign-in-link')({
  ...privatePage('Sign In'),
  // The mailed link's token; without one the page asks for the email to send it to.
  validateSearch: (search: Record<string, unknown>): SignInLinkSearch => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: SignInLinkPage,
});

function SignInLinkPage() {
  const { token } = Route.useSearch();
  usePageTitle(token ? 'Sign In' : 'Email Me a Sign-in Link');
  const navigate = Route.useNavigate();
  const toAccount = useCallback(() => void navigate({ to: '/account', replace: true }), [navigate]);
  const footer = (
    <>
      Rather use your password?{' '}
      <Link to="/login" className={authLinkClassName}>
        Sign in
      </Link>
    </>
  );
  return token ? (
    <AuthCard backdrop title="Sign in with your link" subtitle="The link from your email signs you in without a password." footer={footer}>
      <SignInWithLink token={token} onSignedIn={toAccount} />
    </AuthCard>
  ) : (
    <AuthCard
      backdrop
      title="Sign in without a password"
      subtitle="Enter your account's email: we will mail you a link that signs you in once, within 15 minutes."
      footer={footer}
    >
      <SignInLinkRequestForm />
    </AuthCard>
  );
}
