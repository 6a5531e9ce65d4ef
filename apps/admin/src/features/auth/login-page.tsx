import type { AuthResponse } from '@store/contracts';
import { LoginScreen, authLinkClassName } from '@store/shell';
import { ShieldIcon } from '@store/ui';
import { env } from '../../env.ts';
import { PublicLayout } from '../layout/public-layout.tsx';

/** The admin app's own login screen (/admin/login): it is deployed apart from the shop's pages. */
export function LoginPage({ onSignedIn }: { onSignedIn: (auth: AuthResponse) => void }) {
  return (
    <PublicLayout>
      <LoginScreen
        pageTitle="Sign in"
        icon={<ShieldIcon size={24} />}
        title="Admin sign in"
        subtitle="Sign in with an administrator account to manage the store."
        placeholder="admin or you@example.com"
        footer={
          <a href={env.storefrontUrl} className={authLinkClassName}>
            Back to the shop
          </a>
        }
        onSignedIn={onSignedIn}
      />
    </PublicLayout>
  );
}
