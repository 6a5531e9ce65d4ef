import { AuthCard, authActionsClassName, usePageTitle } from '@store/shell';
import { AlertIcon, Button, buttonClassName } from '@store/ui';
import { env } from '../../env.ts';
import { PublicLayout } from '../layout/public-layout.tsx';
import { selectUser, useSession } from '../session/session.ts';

/** What a signed-in account without the admin role sees instead of any admin screen (spec section 6). */
export function AccessDeniedPage({ onLogout }: { onLogout: () => void }) {
  usePageTitle('Access denied');
  const user = useSession(selectUser);
  return (
    <PublicLayout>
      <AuthCard
        icon={<AlertIcon size={24} />}
        tone="danger"
        title="Access denied"
        subtitle={
          <>
            You need an administrator account to use the admin panel.
            {user && (
              <>
                {' '}
                You are signed in as <strong>{user.username}</strong>.
              </>
            )}
          </>
        }
      >
        <div className={authActionsClassName}>
          <Button onClick={onLogout}>Logout</Button>
          <a href={env.storefrontUrl} className={buttonClassName({ variant: 'secondary' })}>
            Go to the shop
          </a>
        </div>
      </AuthCard>
    </PublicLayout>
  );
}
