import { useId } from 'react';
import * as fieldStyles from './field.css.ts';
import type { TextFieldProps } from './field.tsx';
import { SearchIcon } from './icons.tsx';
import * as styles from './search-field.css.ts';

export type SearchFieldProps = Omit<TextFieldProps, 'type' | 'error'>;

/** A labelled search box with a leading magnifier: the search of the catalogue and the admin lists. */
export function SearchField({ label, hint, className, id, ...input }: SearchFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.wrap}>
        <SearchIcon size={18} className={styles.icon} />
        <input
          autoComplete="off"
          spellCheck={false}
          {...input}
          id={controlId}
          type="search"
          className={[fieldStyles.control, styles.input].join(' ')}
          aria-describedby={hint ? hintId : undefined}
        />
      </div>
      {hint && (
        <span id={hintId} className={fieldStyles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
