import type { ReactNode } from 'react';
import * as styles from './auth-card.css.ts';

export { form as authFormClassName, footerLink as authFooterLinkClassName } from './auth-card.css.ts';

export interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  /** The line under the form, e.g. a link to the other auth page. */
  footer: ReactNode;
  children: ReactNode;
}

/** The centred card of the login and registration pages. */
export function AuthCard({ title, subtitle, footer, children }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.header}>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        {children}
        <p className={styles.footer}>{footer}</p>
      </section>
    </div>
  );
}
