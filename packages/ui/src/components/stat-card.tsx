import type { ReactNode } from 'react';
import { shortFigure, type FigureKind } from './figure.ts';
import { visuallyHidden } from './layout.css.ts';
import { Skeleton } from './skeleton.tsx';
import * as styles from './stat-card.css.ts';

/**
 * A row of figures (a description list: each card is a `<div>` group of one `<dt>` and one `<dd>`, as
 * HTML allows directly inside a `<dl>`): dashboards and list summaries. The cards wrap and those of the
 * last row stretch to fill it, so no card is left alone beside an empty space (docs/decisions/051-admin-layout.md).
 */
export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={[styles.grid, className].filter(Boolean).join(' ')}>{children}</dl>;
}

export interface StatCardProps {
  label: ReactNode;
  /** The figure, already formatted (see `StatFigure` for numbers); a skeleton while `loading`. */
  value: ReactNode;
  loading?: boolean;
  /** Read out in place of the skeleton, e.g. 'Loading'. */
  loadingLabel?: string;
  icon?: ReactNode;
  /** `warning` makes the card stand out: a figure that asks for attention, e.g. open disputes. */
  tone?: StatCardTone;
}

export type StatCardTone = 'default' | 'warning';

/** One figure under its name, inside a `StatGrid`; the decorative icon sits in the name's row. */
export function StatCard({ label, value, loading = false, loadingLabel = 'Loading', icon, tone = 'default' }: StatCardProps) {
  return (
    <div className={[styles.card, tone === 'warning' && styles.warning].filter(Boolean).join(' ')} data-tone={tone}>
      <dt className={styles.label}>
        <span className={styles.labelText}>{label}</span>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
      </dt>
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
  );
}

/**
 * A number for a `StatCard`, on one line whatever its size: large values shortened (`$135.1K`) with the
 * exact value on hover (`title`) and read out in full by screen readers in place of the short form.
 */
export function StatFigure({ value, kind }: { value: number; kind: FigureKind }) {
  const { short, full } = shortFigure(value, kind);
  if (short === full) return <>{full}</>;
  return (
    <span title={full} data-full={full}>
      <span aria-hidden="true">{short}</span>
      <span className={visuallyHidden}>{full}</span>
    </span>
  );
}
