import type { SiteInfo, User } from '@store/contracts';
import { Badge, Button, ExternalIcon, Logo, SiteHeaderLayout, UserIcon, buttonClassName, headerBrandLink, headerBrandName, visuallyHidden } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { env } from '../../env.ts';
import * as styles from './admin-layout.css.ts';

export interface AdminHeaderProps {
  site: SiteInfo;
  /** The signed-in admin and the way out; absent on the login and refusal screens. */
  account?: { user: User; onLogout: () => void };
}

/** The admin bar: the site's logo and name marked "Admin", a way back to the shop, and who is signed in. */
export function AdminHeader({ site, account }: AdminHeaderProps) {
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
        <>
          <a href={env.storefrontUrl} aria-label="View store" title="View store" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
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
              <Button variant="secondary" size="sm" onClick={account.onLogout}>
                Logout
              </Button>
            </>
          )}
        </>
      }
    />
  );
}
