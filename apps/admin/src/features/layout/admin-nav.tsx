import { Link } from '@tanstack/react-router';
import type { KeyboardEvent, MouseEvent } from 'react';
import { ADMIN_NAV } from './admin-paths.ts';
import * as styles from './admin-layout.css.ts';

export interface AdminNavProps {
  /** The id the header's menu button points at (`aria-controls`). */
  id?: string;
  /** Phones only: the sections are folded behind the header's menu button until it opens them. */
  open?: boolean;
  /** Closes the folded menu: a section was chosen or Escape pressed. */
  onClose?: (reason: 'navigate' | 'escape') => void;
}

/** The admin sections: a sidebar on wide screens, a menu opened from the header's button on phones. */
export function AdminNav({ id, open = false, onClose }: AdminNavProps) {
  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (open && event.target instanceof Element && event.target.closest('a')) onClose?.('navigate');
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (open && event.key === 'Escape') onClose?.('escape');
  };

  return (
    <nav
      id={id}
      aria-label="Admin"
      className={[styles.nav, open && styles.navOpen].filter(Boolean).join(' ')}
      onClick={closeOnLinkClick}
      onKeyDown={closeOnEscape}
    >
      <ul className={styles.navList}>
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.navLink} activeOptions={{ exact: item.exact }}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
