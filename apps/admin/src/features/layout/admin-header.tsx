import type { SiteInfo, User } from '@store/contracts';
import {
  Badge,
  Button,
  CloseIcon,
  ExternalIcon,
  IconButton,
  Logo,
  LogoutIcon,
  MenuIcon,
  SiteHeaderLayout,
  UserIcon,
  buttonClassName,
  headerBrandLink,
  headerBrandName,
  visuallyHidden,
} from '@store/ui';
import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { env } from '../../env.ts';
import * as styles from './admin-layout.css.ts';

export interface AdminHeaderProps {
  site: SiteInfo;
  /** The signed-in admin and the way out; absent on the login and refusal screens. */
  account?: { user: User; onLogout: () => void };
  /** Phones: the button that opens the folded section navigation (`controls` is its id). */
  menu?: { open: boolean; controls: string; onToggle: () => void; buttonRef?: RefObject<HTMLButtonElement | null> };
}

/**
 * The admin bar: the site's logo and name marked "Admin", a way back to the shop, and who is signed in.
 * On phones it stays one row at 360 px: the links and Logout are icons, who is signed in shows from `sm`
 * up, and the sections fold behind the menu button.
 */
export function AdminHeader({ site, account, menu }: AdminHeaderProps) {
  return (
    <SiteHeaderLayout
      brand={
        <Link to="/" className={headerBrandLink}>
          <Logo src={site.logo_url} name={site.site_name} size={32} decorative />
          <span className={headerBrandName}>{site.site_name}</span>{' '}
          <Badge tone="blue" className={styles.brandLabel}>
            Admin
          </Badge>
        </Link>
      }
      actions={
        <div className={styles.actions}>
          <a
            href={env.storefrontUrl}
            aria-label="View store"
            title="View store"
            className={`${buttonClassName({ variant: 'ghost', size: 'sm' })} ${styles.squareOnPhone}`}
          >
            <span className={styles.wideOnly}>View store</span>
            <ExternalIcon size={16} />
          </a>
          {account && (
            <>
              <p className={styles.account} title={account.user.email}>
                <UserIcon size={18} className={styles.accountIcon} />
                <span className={styles.accountText}>
                  <span className={styles.accountName}>
                    <span className={visuallyHidden}>Signed in as </span>
                    {account.user.username}
                  </span>
                  <span className={styles.accountEmail}>{account.user.email}</span>
                </span>
              </p>
              <Button variant="secondary" size="sm" aria-label="Logout" title="Logout" className={styles.squareOnPhone} onClick={account.onLogout}>
                <LogoutIcon size={16} className={styles.narrowOnly} />
                <span className={styles.wideOnly}>Logout</span>
              </Button>
            </>
          )}
          {menu && (
            <IconButton
              ref={menu.buttonRef}
              className={styles.menuToggle}
              label="Menu"
              aria-expanded={menu.open}
              aria-controls={menu.controls}
              icon={menu.open ? <CloseIcon /> : <MenuIcon />}
              onClick={menu.onToggle}
            />
          )}
        </div>
      }
    />
  );
}
