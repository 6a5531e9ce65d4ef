import type { ReactNode } from 'react';
import * as styles from './product-grid.css.ts';

export type ProductView = 'grid' | 'list';

export interface ProductGridProps {
  view?: ProductView;
  /** Results are being replaced: the old ones stay visible, dimmed. */
  busy?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/** The columns that hold product cards or their skeletons. */
export function ProductGrid({ view = 'grid', busy = false, children, 'data-testid': testId }: ProductGridProps) {
  return (
    <div className={[styles[view], busy && styles.busy].filter(Boolean).join(' ')} aria-busy={busy || undefined} data-testid={testId}>
      {children}
    </div>
  );
}
