import { Badge, FooterLayout, FooterSection, Logo, MailIcon, footerLink, footerList } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { COMPANY, SUPPORT_EMAIL } from './company.ts';
import * as styles from './site-footer.css.ts';

export interface SiteFooterProps {
  siteName: string;
  logoUrl: string | null;
  /** The copyright year; the current year unless a test fixes it. */
  year?: number;
}

/** The shop's footer with every item of spec section 2: links, support, payment and delivery, the company. */
export function SiteFooter({ siteName, logoUrl, year = new Date().getFullYear() }: SiteFooterProps) {
  return (
    <FooterLayout
      bottom={
        <>
          <p>
            © {year} {siteName}. All rights reserved.
          </p>
          <ul className={styles.legal}>
            <li>
              <Link to="/terms-of-service" className={footerLink}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </>
      }
    >
      <FooterSection
        title={
          <span className={styles.brand}>
            <Logo src={logoUrl} name={siteName} size={28} decorative />
            {siteName}
          </span>
        }
      >
        <p>Software licences, AI tools, plugins, templates and courses, delivered instantly after payment.</p>
      </FooterSection>

      <FooterSection title="Quick Links">
        <ul className={footerList}>
          <li>
            <Link to="/" className={footerLink}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/products" className={footerLink}>
              Products
            </Link>
          </li>
          <li>
            <Link to="/cart" className={footerLink}>
              Cart
            </Link>
          </li>
          <li>
            <Link to="/terms-of-service" className={footerLink}>
              Terms of Service
            </Link>
          </li>
          <li>
            <Link to="/privacy-policy" className={footerLink}>
              Privacy Policy
            </Link>
          </li>
        </ul>
      </FooterSection>

      <FooterSection title="Support">
        <ul className={styles.facts}>
          <li>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={`${footerLink} ${styles.mail}`}>
              <MailIcon size={16} />
              {SUPPORT_EMAIL}
            </a>
          </li>
          <li>
            <span className={styles.label}>Payment:</span> PayPal
          </li>
          <li>
            <span className={styles.label}>CoinGate:</span> <Badge tone="yellow">Coming Soon</Badge>
          </li>
          <li>
            <span className={styles.label}>Delivery:</span> Instant Digital Download
          </li>
          <li>
            <span className={styles.label}>Support:</span> 24/7 Customer Service
          </li>
        </ul>
      </FooterSection>

      <FooterSection title="Company">
        <address className={styles.address}>
          <span className={styles.label}>{COMPANY.businessName}</span>
          <span>Owner: {COMPANY.owner}</span>
          {COMPANY.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </FooterSection>
    </FooterLayout>
  );
}
