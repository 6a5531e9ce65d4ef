import type { SiteInfo } from '@store/contracts';
import { Logo, SiteHeaderLayout, buttonClassName, headerBrandLink, headerBrandName, headerNavLink, headerNavList } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CartLink } from '../cart/cart-link.tsx';
import { paths } from './paths.ts';

const PRIMARY_LINKS = [
  { to: paths.home, label: 'Home', exact: true },
  { to: paths.products, label: 'Products', exact: false },
];

export interface SiteHeaderProps {
  site: SiteInfo;
  /** Items in the cart; the cart store arrives with the cart screen, until then 0. */
  cartCount?: number;
}

/** The shop's sticky navigation bar: logo and name, the main links, the cart, and Login / Sign Up for guests. */
export function SiteHeader({ site, cartCount = 0 }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <SiteHeaderLayout
      menuOpen={menuOpen}
      onMenuOpenChange={setMenuOpen}
      brand={
        <Link to="/" className={headerBrandLink}>
          <Logo src={site.logo_url} name={site.site_name} size={32} decorative />
          <span className={headerBrandName}>{site.site_name}</span>
        </Link>
      }
      nav={
        <>
          <ul className={headerNavList}>
            {PRIMARY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={headerNavLink} activeOptions={{ exact: link.exact }}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className={headerNavList}>
            <li>
              <Link to={paths.login} className={headerNavLink}>
                Login
              </Link>
            </li>
            <li>
              <Link to={paths.register} className={buttonClassName({ size: 'sm', fullWidth: true })}>
                Sign Up
              </Link>
            </li>
          </ul>
        </>
      }
      actions={<CartLink count={cartCount} />}
    />
  );
}
