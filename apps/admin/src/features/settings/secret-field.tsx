import { SECRET_MASK } from '@store/contracts';
import { Button, PasswordField } from '@store/ui';
import { nextSecret, secretState } from './settings-draft.ts';
import * as styles from './settings.css.ts';

export interface SecretFieldProps {
  label: string;
  name: string;
  /** The mask while the stored secret is kept, '' for none, or the new value typed. */
  value: string;
  /** Whether the server holds a value for this secret (it answered the mask). */
  stored: boolean;
  onChange: (value: string) => void;
  error?: string | undefined;
}

const HINTS = {
  kept: 'Saved. It stays as it is unless you type a new one.',
  cleared: 'The saved value is removed when you save.',
  replaced: 'Replaces the saved value when you save.',
  unset: 'Not set.',
  new: 'Stored when you save; shown masked afterwards.',
} as const;

/**
 * A credential the API never sends back (spec: settings): a stored one shows as the mask in a password
 * field; sending the mask back keeps it, typing replaces it, Clear removes it when saved.
 */
export function SecretField({ label, name, value, stored, onChange, error }: SecretFieldProps) {
  const state = secretState(value, stored);
  return (
    <div className={styles.logoControls}>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        spellCheck={false}
        value={value}
        error={error}
        hint={HINTS[state]}
        onChange={(event) => onChange(nextSecret(value, event.target.value))}
      />
      {stored && (
        <div className={styles.inlineActions}>
          {state === 'kept' ? (
            <Button variant="ghost" size="sm" aria-label={`Clear ${label}`} onClick={() => onChange('')}>
              Clear
            </Button>
          ) : (
            <Button variant="ghost" size="sm" aria-label={`Keep the saved ${label}`} onClick={() => onChange(SECRET_MASK)}>
              Keep saved value
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
