import type { ReactNode } from 'react';
import { visuallyHidden } from './layout.css.ts';
import { Skeleton } from './skeleton.tsx';
import * as styles from './stat-card.css.ts';

/** A row of figures (a description list): dashboards and list summaries. */
export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={[styles.grid, className].filter(Boolean).join(' ')}>{children}</dl>;
}

export interface StatCardProps {
  label: ReactNode;
  /** The figure, already formatted; a skeleton while `loading`. */
  value: ReactNode;
  loading?: boolean;
  /** Read out in place of the skeleton, e.g. 'Loading'. */
  loadingLabel?: string;
  icon?: ReactNode;
  /** `warning` makes the card stand out: a figure that asks for attention, e.g. open disputes. */
  tone?: StatCardTone;
}

export type StatCardTone = 'default' | 'warning';

/** One figure under its name, inside a `StatGrid`. */
export function StatCard({ label, value, loading = false, loadingLabel = 'Loading', icon, tone = 'default' }: StatCardProps) {
  return (
    <div className={[styles.card, tone === 'warning' && styles.warning].filter(Boolean).join(' ')} data-tone={tone}>
      <div className={styles.text}>
        <dt className={styles.label}>{label}</dt>
        <dd className={styles.value} aria-busy={loading || undefined}>
          {loading ? (
            <>
              <Skeleton width="5rem" height="1.9rem" />
              <span className={visuallyHidden}>{loadingLabel}</span>
            </>
          ) : (
            value
          )}
        </dd>
      </div>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
    </div>
  );
}
