import type { ReactNode } from 'react';
import * as styles from './orders.css.ts';

const TONES = { success: styles.heroSuccess, warning: styles.heroWarning, danger: styles.heroDanger } as const;

/** The top of an order page: a round status icon, the title and a sentence. */
export function OrderHero({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.hero}>
      <span className={`${styles.heroIcon} ${TONES[tone]}`}>{icon}</span>
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.subtitle}>{children}</div>}
    </div>
  );
}
