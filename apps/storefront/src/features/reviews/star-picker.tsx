import { StarIcon } from '@store/ui';
import { useId, useState } from 'react';
import * as styles from './reviews.css.ts';

const STARS = [1, 2, 3, 4, 5] as const;

export const starsLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

export interface StarPickerProps {
  value: number | null;
  onChange: (stars: number) => void;
  error?: string | undefined;
}

/** The review's stars: five radio buttons (arrow keys move between them), drawn as stars lit up to the chosen one. */
export function StarPicker({ value, onChange, error }: StarPickerProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState<number | null>(null);
  const lit = hovered ?? value ?? 0;
  return (
    <fieldset className={styles.picker} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.pickerLegend}>Your rating</legend>
      <span className={styles.stars} onMouseLeave={() => setHovered(null)}>
        {STARS.map((stars) => (
          <label
            key={stars}
            className={[styles.star, stars <= lit && styles.starLit].filter(Boolean).join(' ')}
            onMouseEnter={() => setHovered(stars)}
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className={styles.starInput}
              aria-label={starsLabel(stars)}
              aria-invalid={error ? true : undefined}
            />
            <StarIcon size={28} filled={stars <= lit} />
          </label>
        ))}
      </span>
      {error && (
        <span id={errorId} className={styles.pickerError} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
