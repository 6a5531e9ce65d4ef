import { type ReactNode, useId } from 'react';
import * as styles from './detail-list.css.ts';

/** The facts of one record in a details modal: name above value, two columns from `sm` up. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className={styles.list}>{children}</dl>;
}

export function DetailItem({ label, children, wide = false }: { label: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={[styles.item, wide && styles.wide].filter(Boolean).join(' ')}>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/**
 * A titled part of a details modal, under a rule. Its heading is an h3 under the modal's h2 title; on a page
 * of its own (the subscription's), where the next heading up is the page's h1, an h2 (`level={2}`).
 */
export function DetailSection({ title, children, level = 3 }: { title: string; children: ReactNode; level?: 2 | 3 }) {
  const titleId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.sectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
