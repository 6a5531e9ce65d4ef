import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { AlertIcon, SearchIcon } from './icons.tsx';
import * as styles from './empty-state.css.ts';

export interface EmptyStateProps {
  /** Why the list is empty: nothing matched (`empty`) or the list could not be loaded (`failed`). */
  kind: 'empty' | 'failed';
  /** The heading, e.g. 'No products found' or 'Products could not be loaded'. */
  title: string;
  /** A sentence under the heading. */
  hint?: ReactNode;
  /** A button under the hint, such as 'Clear filters'. */
  action?: ReactNode;
  /** With `failed`: shows 'Try again', which calls it. */
  onRetry?: () => void;
  /** The heading's level in the page's outline. */
  headingLevel?: 2 | 3;
}

/** The place of a list that shows nothing: a dashed panel with an icon, a heading, a hint and an action. */
export function EmptyState({ kind, title, hint, action, onRetry, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.root}>
      {kind === 'failed' ? <AlertIcon size={40} /> : <SearchIcon size={40} />}
      <Heading className={styles.title}>{title}</Heading>
      {hint !== undefined && <p className={styles.hint}>{hint}</p>}
      {action}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
