import { Container, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useSessionSnapshot } from '../session/session-store.ts';
import { paths } from '../site/paths.ts';
import * as styles from './home.css.ts';

/** The closing call: sign up and browse for a guest; a signed-in shopper is not asked to register again. */
export function CallToAction() {
  const { user } = useSessionSnapshot();
  return (
    <section className={styles.section} aria-labelledby="cta-title">
      <Container>
        <div className={styles.cta}>
          <h2 id="cta-title" className={styles.sectionTitle}>
            Ready to get started?
          </h2>
          <p className={styles.sectionLead}>
            {user
              ? 'Your orders and downloads are kept in your account.'
              : 'Create a free account to check out faster and keep every purchase in one place.'}
          </p>
          <div className={styles.ctaActions}>
            {user ? (
              <Link to="/account" className={buttonClassName({ size: 'lg' })}>
                My Account
              </Link>
            ) : (
              <Link to={paths.register} className={buttonClassName({ size: 'lg' })}>
                Sign Up Free
              </Link>
            )}
            <Link to="/products" className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
              Explore Products
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}
