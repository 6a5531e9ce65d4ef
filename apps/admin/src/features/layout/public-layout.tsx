import { MAIN_CONTENT_ID } from '@store/ui';
import type { ReactNode } from 'react';
import { useSiteInfo } from '@store/shell';
import { AdminHeader } from './admin-header.tsx';
import * as styles from './admin-layout.css.ts';

/** The frame of the screens outside the admin area (login, refusal): the bar without navigation, content centred. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  return (
    <>
      <AdminHeader site={site} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.publicContent}>
        {children}
      </main>
    </>
  );
}
