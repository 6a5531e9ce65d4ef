import type { SiteInfo, User } from '@store/contracts';
import {
  Logo,
  SiteHeaderLayout,
  Skeleton,
  buttonClassName,
  vars,
  headerBrandLink,
  headerBrandName,
  headerNavLink,
  headerNavList,
} from '@store/ui';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CartLink } from '../cart/cart-link.tsx';
import { type SessionStatus, logout } from '../session/session-store.ts';
import { UserMenu } from '../session/user-menu.tsx';
import * as styles from './site-header.css.ts';

export interface SiteHeaderProps {
  site: SiteInfo;
  /** Items in the cart; the badge shows only above 0. */
  cartCount?: number;
  /** The shopper's session; a guest's when not given. */
  session?: { status: SessionStatus; user: User | null };
}

const GUEST_SESSION = { status: 'ready', user: null } as const;

/**
 * The shop's sticky navigation bar (spec section 2): logo and name, Home and Products, the cart, and
 * Login / Sign Up for guests or the user menu once signed in. While the start-up session check runs
 * it shows a placeholder instead of either, so neither flashes.
 */
export function SiteHeader({ site, cartCount = 0, session = GUEST_SESSION }: SiteHeaderProps) {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  // The mobile menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  // The server ends the session first; the session is forgotten here and the shopper goes home even if it could not.
  const signOut = async () => {
    await logout();
    setMenuOpenOn(null);
    await navigate({ to: '/' });
  };

  return (
    <SiteHeaderLayout
      menuOpen={menuOpen}
      onMenuOpenChange={(open) => setMenuOpenOn(open ? pathname : null)}
      brand={
        <Link to="/" className={headerBrandLink}>
          <Logo src={site.logo_url} name={site.site_name} size={32} decorative />
          <span className={headerBrandName}>{site.site_name}</span>
        </Link>
      }
      nav={
        <>
          <ul className={headerNavList}>
            <li>
              <Link to="/" className={headerNavLink} activeOptions={{ exact: true }}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/products" className={headerNavLink}>
                Products
              </Link>
            </li>
          </ul>
          <ul className={`${headerNavList} ${styles.sessionSlot}`}>
            {/* Keys: each state's items are new elements, not the placeholder's moved (no layout shift counted). */}
            {session.status === 'loading' ? (
              <li key="pending" data-testid="session-pending">
                <Skeleton width="10rem" height="40px" radius={vars.radius.md} />
              </li>
            ) : session.user ? (
              <li key="user">
                <UserMenu user={session.user} onLogout={() => void signOut()} />
              </li>
            ) : (
              <>
                <li key="login">
                  <Link to="/login" className={headerNavLink}>
                    Login
                  </Link>
                </li>
                <li key="register">
                  <Link to="/register" className={buttonClassName({ size: 'sm', fullWidth: true })}>
                    Sign Up
                  </Link>
                </li>
              </>
            )}
          </ul>
        </>
      }
      actions={<CartLink count={cartCount} />}
    />
  );
}
