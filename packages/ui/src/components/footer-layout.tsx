import { useId, type ReactNode } from 'react';
import * as styles from './footer-layout.css.ts';
import { containerClassName } from './layout.tsx';

export const footerList = styles.list;
export const footerLink = styles.link;

export interface FooterLayoutProps {
  /** The footer's columns, usually `FooterSection`s. */
  children: ReactNode;
  /** The last line: copyright and legal links. */
  bottom?: ReactNode;
}

/** The page footer: columns that stack on small screens, then a bottom line. */
export function FooterLayout({ children, bottom }: FooterLayoutProps) {
  return (
    <footer className={styles.footer}>
      <div className={containerClassName}>
        <div className={styles.grid}>{children}</div>
        {bottom && <div className={styles.bottom}>{bottom}</div>}
      </div>
    </footer>
  );
}

export function FooterSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
