import type { ReactNode } from 'react';
import * as styles from './auth-card.css.ts';

export interface AuthCardProps {
  icon: ReactNode;
  tone?: 'primary' | 'danger';
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card of the login and refusal screens. */
export function AuthCard({ icon, tone = 'primary', title, subtitle, children, footer }: AuthCardProps) {
  return (
    <section className={styles.card} aria-labelledby="auth-title">
      <div className={styles.header}>
        <span className={[styles.icon, tone === 'danger' && styles.dangerIcon].filter(Boolean).join(' ')} aria-hidden="true">
          {icon}
        </span>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      {children}
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}
