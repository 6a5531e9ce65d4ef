import type { User } from '@store/contracts';
import { MAIN_CONTENT_ID } from '@store/ui';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../site/use-site-info.ts';
import { AdminHeader } from './admin-header.tsx';
import * as styles from './admin-layout.css.ts';
import { AdminNav } from './admin-nav.tsx';

/** The frame of every admin screen: the bar with the signed-in admin, the section navigation and the content. */
export function AdminShell({ user, onLogout, children }: { user: User; onLogout: () => void; children: ReactNode }) {
  const site = useSiteInfo();
  return (
    <>
      <AdminHeader site={site} account={{ user, onLogout }} />
      <div className={styles.shell}>
        <AdminNav />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
    </>
  );
}
