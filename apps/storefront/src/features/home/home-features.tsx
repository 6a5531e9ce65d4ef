import { AwardIcon, Container, ShieldIcon, SparklesIcon } from '@store/ui';
import * as styles from './home.css.ts';

const FEATURES = [
  {
    title: 'AI-powered tools',
    text: 'Writing assistants, image studios and local models that take the busywork out of your day.',
    Icon: SparklesIcon,
  },
  {
    title: 'Secure payment',
    text: 'Pay safely with PayPal. Your card details never reach our servers.',
    Icon: ShieldIcon,
  },
  {
    title: 'Premium quality',
    text: 'Every product is checked before it is listed, and comes with updates and support.',
    Icon: AwardIcon,
  },
] as const;

/** The three reasons to buy here (spec section 2, "Home"). */
export function HomeFeatures() {
  return (
    <section className={styles.section} aria-labelledby="why-title">
      <Container>
        <div className={`${styles.sectionHead} ${styles.centered}`}>
          <div>
            <h2 id="why-title" className={styles.sectionTitle}>
              Why shop with us
            </h2>
          </div>
        </div>
        <ul className={styles.features}>
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className={styles.featureCard}>
              <span className={styles.featureIcon}>
                <Icon size={24} />
              </span>
              <h3 className={styles.featureTitle}>{title}</h3>
              <p className={styles.featureText}>{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
