import { AuthCard, authLinkClassName, usePageTitle } from '@store/shell';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/password-reset-forms.tsx';
import { privatePage } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/forgot-password')({
  ...privatePage('Forgot Password'),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  return (
    <AuthCard
      backdrop
      title="Forgot your password?"
      subtitle="Enter your account's email: we will mail you a link to set a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
