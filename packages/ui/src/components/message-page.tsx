import type { ReactNode } from 'react';
import * as styles from './message-page.css.ts';
import { Spinner } from './spinner.tsx';

export interface MessagePageProps {
  /** A short line above the title, e.g. `404`. */
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  /** Links or buttons that lead on (home, try again). */
  actions?: ReactNode;
}

/** A whole-page message: not found, an error, an empty state. */
export function MessagePage({ eyebrow, title, children, actions }: MessagePageProps) {
  return (
    <section className={styles.page}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

/** What a route shows while its data loads for longer than a moment. */
export function PagePending({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className={styles.pending}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
