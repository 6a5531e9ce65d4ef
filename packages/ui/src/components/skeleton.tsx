import type { CSSProperties } from 'react';
import * as styles from './skeleton.css.ts';

export interface SkeletonProps {
  /** Fixed size of the placeholder, so the page does not jump when the content arrives. */
  width: CSSProperties['width'];
  height: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A grey placeholder box with the size of the content being loaded; hidden from screen readers. */
export function Skeleton({ width, height, radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
    />
  );
}
