import { Container, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { paths } from '../site/paths.ts';
import * as styles from './home.css.ts';

export function CallToAction() {
  return (
    <section className={styles.section} aria-labelledby="cta-title">
      <Container>
        <div className={styles.cta}>
          <h2 id="cta-title" className={styles.sectionTitle}>
            Ready to get started?
          </h2>
          <p className={styles.sectionLead}>Create a free account to check out faster and keep every purchase in one place.</p>
          <div className={styles.ctaActions}>
            <Link to={paths.register} className={buttonClassName({ size: 'lg' })}>
              Sign Up Free
            </Link>
            <Link to="/products" className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
              Explore Products
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}
