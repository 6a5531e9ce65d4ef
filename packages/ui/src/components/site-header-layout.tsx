import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { IconButton } from './button.tsx';
import { CloseIcon, MenuIcon } from './icons.tsx';
import { containerClassName } from './layout.tsx';
import * as styles from './site-header-layout.css.ts';

export const headerNavList = styles.navList;
export const headerNavLink = styles.navLink;
export const headerBrandLink = styles.brandLink;
export const headerBrandName = styles.brandName;

export interface SiteHeaderLayoutProps {
  /** The logo and name, usually a link home (style it with `headerBrandLink`). */
  brand: ReactNode;
  /** The navigation links; a menu that opens and closes below the bar on small screens. */
  nav?: ReactNode;
  /** Always visible at the end of the bar, e.g. the cart link. */
  actions?: ReactNode;
  /** The accessible name of the navigation landmark. */
  navLabel?: string;
  menuOpen?: boolean;
  onMenuOpenChange?: (open: boolean) => void;
}

/**
 * The sticky bar at the top of every page. On small screens the navigation folds into a menu opened
 * by a button (`aria-expanded`, `aria-controls`); choosing a link or pressing Escape closes it.
 */
export function SiteHeaderLayout({ brand, nav, actions, navLabel = 'Main', menuOpen = false, onMenuOpenChange }: SiteHeaderLayoutProps) {
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if (menuOpen && event.target instanceof Element && event.target.closest('a')) onMenuOpenChange?.(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (menuOpen && event.key === 'Escape') {
      onMenuOpenChange?.(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <header className={styles.header} onKeyDown={closeOnEscape}>
      <div className={`${containerClassName} ${styles.bar}`}>
        <div className={styles.brand}>{brand}</div>
        {nav && (
          <>
            {/* Before the menu in source order, so the next Tab after opening lands in it. */}
            <IconButton
              ref={toggleRef}
              className={styles.toggle}
              label="Menu"
              aria-expanded={menuOpen}
              aria-controls={navId}
              icon={menuOpen ? <CloseIcon /> : <MenuIcon />}
              onClick={() => onMenuOpenChange?.(!menuOpen)}
            />
            <nav
              id={navId}
              aria-label={navLabel}
              className={[styles.nav, menuOpen && styles.navOpen].filter(Boolean).join(' ')}
              onClick={closeOnLinkClick}
            >
              {nav}
            </nav>
          </>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
