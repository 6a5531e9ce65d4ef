import type { AuthResponse } from '@store/contracts';
import { ShieldIcon } from '@store/ui';
import { env } from '../../env.ts';
import { PublicLayout } from '../layout/public-layout.tsx';
import { usePageTitle } from '../site/use-page-title.ts';
import { AuthCard } from './auth-card.tsx';
import * as styles from './auth-card.css.ts';
import { LoginForm } from './login-form.tsx';

/** The admin app's own login screen (/admin/login): it is deployed apart from the shop's pages. */
export function LoginPage({ onSignedIn }: { onSignedIn: (auth: AuthResponse) => void }) {
  usePageTitle('Sign in');
  return (
    <PublicLayout>
      <AuthCard
        icon={<ShieldIcon size={24} />}
        title="Admin sign in"
        subtitle="Sign in with an administrator account to manage the store."
        footer={
          <a href={env.storefrontUrl} className={styles.link}>
            Back to the shop
          </a>
        }
      >
        <LoginForm onSignedIn={onSignedIn} />
      </AuthCard>
    </PublicLayout>
  );
}
