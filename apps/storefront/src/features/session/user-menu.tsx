import type { User } from '@store/contracts';
import { ChevronDownIcon, LogoutIcon, ShieldIcon, UserIcon } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { ADMIN_URL } from '../site/paths.ts';
import * as styles from './user-menu.css.ts';

/** Hover opens the menu only where there is a real pointer and the bar is a bar (not the mobile menu). */
const HOVER_QUERY = '(hover: hover) and (min-width: 768px)';
/** Time to cross from the button to the dropdown before a hover-opened menu closes. */
const HOVER_CLOSE_DELAY_MS = 150;

type OpenedBy = 'hover' | 'click' | null;

export interface UserMenuProps {
  user: User;
  /** Ends the session; the menu closes itself. */
  onLogout: () => void;
}

/**
 * The signed-in shopper's menu in the navigation bar (spec section 2): their username on a disclosure
 * button; inside, their email, My Account, Admin Panel for admins, and Logout. It opens on hover and on
 * click or Enter/Space; a click pins a hover-opened menu. Escape, a click outside or moving the focus
 * away closes it.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const open = openedBy !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const panelId = useId();

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const close = () => {
    cancelClose();
    setOpenedBy(null);
  };

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenedBy(null);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  useEffect(() => cancelClose, []);

  const hoverable = (event: PointerEvent) => event.pointerType === 'mouse' && window.matchMedia(HOVER_QUERY).matches;

  const openOnHover = (event: PointerEvent) => {
    if (!hoverable(event)) return;
    cancelClose();
    setOpenedBy((current) => current ?? 'hover');
  };

  const closeAfterHover = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpenedBy((current) => (current === 'hover' ? null : current)), HOVER_CLOSE_DELAY_MS);
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    // The menu's own Escape: the mobile menu around it stays open.
    event.stopPropagation();
    close();
    buttonRef.current?.focus();
  };

  // Tabbing out of the menu closes it; a click on its plain text (no focus target) does not.
  const closeOnFocusLeaving = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) close();
  };

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onPointerEnter={openOnHover}
      onPointerLeave={closeAfterHover}
      onKeyDown={closeOnEscape}
      onBlur={closeOnFocusLeaving}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          cancelClose();
          setOpenedBy((current) => (current === 'click' ? null : 'click'));
        }}
      >
        <span className={styles.avatar} aria-hidden="true">
          <UserIcon size={16} />
        </span>
        <span className={styles.name}>{user.username}</span>
        <ChevronDownIcon size={16} className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.identity}>
          <span className={styles.identityLabel}>Signed in as</span>
          <span className={styles.email}>{user.email}</span>
        </p>
        <ul className={styles.items}>
          <li>
            <Link to="/account" className={styles.item} onClick={close}>
              <UserIcon size={16} />
              My Account
            </Link>
          </li>
          {user.role === 'admin' && (
            <li>
              <a href={ADMIN_URL} className={styles.item}>
                <ShieldIcon size={16} />
                Admin Panel
              </a>
            </li>
          )}
          <li>
            <button
              type="button"
              className={`${styles.item} ${styles.danger}`}
              onClick={() => {
                close();
                onLogout();
              }}
            >
              <LogoutIcon size={16} />
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
