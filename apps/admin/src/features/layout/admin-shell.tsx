import type { User } from '@store/contracts';
import { MAIN_CONTENT_ID } from '@store/ui';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useSiteInfo } from '@store/shell';
import { AdminHeader } from './admin-header.tsx';
import * as styles from './admin-layout.css.ts';
import { AdminNav } from './admin-nav.tsx';

/** The frame of every admin screen: the bar with the signed-in admin, the section navigation and the content. */
export function AdminShell({ user, onLogout, children }: { user: User; onLogout: () => void; children: ReactNode }) {
  const site = useSiteInfo();
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <>
      <AdminHeader
        site={site}
        account={{ user, onLogout }}
        menu={{ open: menuOpen, controls: navId, buttonRef: menuButton, onToggle: () => setMenuOpen((open) => !open) }}
      />
      <div className={styles.shell}>
        <AdminNav
          id={navId}
          open={menuOpen}
          onClose={(reason) => {
            setMenuOpen(false);
            if (reason === 'escape') menuButton.current?.focus();
          }}
        />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
    </>
  );
}
