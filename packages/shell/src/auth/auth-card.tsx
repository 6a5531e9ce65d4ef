import type { ReactNode } from 'react';
import * as styles from './auth-card.css.ts';

export { form as authFormClassName, link as authLinkClassName, actions as authActionsClassName } from './auth-card.css.ts';

export interface AuthCardProps {
  /** A round icon above the title (the admin's shield), or none. */
  icon?: ReactNode;
  tone?: 'primary' | 'danger';
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** The line under the form, e.g. a link to the other auth page. */
  footer?: ReactNode;
  /** Centres the card on its own page with the primary-colour glow, where the app's layout does not. */
  backdrop?: boolean;
}

/** The centred card of the login, registration and refusal screens. */
export function AuthCard({ icon, tone = 'primary', title, subtitle, children, footer, backdrop = false }: AuthCardProps) {
  const card = (
    <section className={styles.card} aria-labelledby="auth-title">
      <div className={styles.header}>
        {icon && (
          <span className={[styles.icon, tone === 'danger' && styles.dangerIcon].filter(Boolean).join(' ')} aria-hidden="true">
            {icon}
          </span>
        )}
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      {children}
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
  return backdrop ? <div className={styles.backdrop}>{card}</div> : card;
}
