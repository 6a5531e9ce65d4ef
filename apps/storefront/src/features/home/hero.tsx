import { Container, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { paths } from '../site/paths.ts';
import * as styles from './hero.css.ts';

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Container>
        <div className={styles.content}>
          <p className={styles.eyebrow}>
            <span className={styles.dot} aria-hidden="true" />
            Instant digital delivery
          </p>
          <h1 id="hero-title" className={styles.title}>
            Premium digital products, <span className={styles.accent}>ready in seconds</span>
          </h1>
          <p className={styles.subtitle}>
            AI tools, software licences, plugins, templates and courses. Pay securely with PayPal and download the moment your order is
            confirmed.
          </p>
          <div className={styles.actions}>
            <Link to={paths.products} className={buttonClassName({ size: 'lg' })}>
              Browse Products
            </Link>
            <Link to={paths.register} className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
              Create Account
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}
