import { Container } from '@store/ui';
import * as styles from './home.css.ts';

/** Fixed figures of the home page (spec section 2): not counted from the catalogue. */
export const HOME_STATS = [
  { value: '500+', label: 'Products' },
  { value: '10k+', label: 'Happy customers' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
] as const;

export function HomeStats() {
  return (
    <section className={`${styles.section} ${styles.sectionAlt}`} aria-label="The shop in numbers">
      <Container>
        <dl className={styles.stats}>
          {HOME_STATS.map(({ value, label }) => (
            <div key={label} className={styles.stat}>
              <dt className={styles.statLabel}>{label}</dt>
              <dd className={styles.statValue}>{value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
