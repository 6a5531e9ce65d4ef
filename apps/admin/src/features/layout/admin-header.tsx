import type { SiteInfo } from '@store/contracts';
import { Badge, ExternalIcon, Logo, SiteHeaderLayout, buttonClassName, headerBrandLink, headerBrandName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { env } from '../../env.ts';
import * as styles from './admin-layout.css.ts';

/** The admin bar: the site's logo and name marked "Admin", and a way back to the shop. */
export function AdminHeader({ site }: { site: SiteInfo }) {
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
        <a href={env.storefrontUrl} aria-label="View store" title="View store" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          <span className={styles.viewStoreText}>View store</span>
          <ExternalIcon size={16} />
        </a>
      }
    />
  );
}
