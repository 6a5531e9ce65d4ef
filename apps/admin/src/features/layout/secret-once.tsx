import { Button, CopyIcon, Notice, copyText } from '@store/ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import * as layout from './admin-layout.css.ts';
import * as styles from './secret-once.css.ts';

export interface SecretOncePanelProps {
  /** The panel's heading ("Your new API key: Accounting sync"). */
  title: ReactNode;
  /** The field's label ("Secret key"). */
  label: string;
  secret: string;
  /** What the secret is for and what to do if it is lost, under the warning. */
  children: ReactNode;
  /** What the toast says when the clipboard refuses. */
  copyFailed: string;
  /** Staff saved the secret: the page forgets it. */
  onDone: () => void;
}

/**
 * A secret the store shows this once (it keeps only a digest, or keeps it encrypted and never answers it again):
 * a panel on the page rather than a dialog, so a stray Escape or click cannot lose it; it goes when staff press
 * Done. The focus comes to the secret, selected, ready to copy.
 */
export function SecretOncePanel({ title, label, secret, children, copyFailed, onDone }: SecretOncePanelProps) {
  const titleId = useId();
  const fieldId = useId();
  const warningId = useId();
  const field = useRef<HTMLInputElement>(null);

  // The dialog that made the secret has closed: the focus comes here.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [secret]);

  const copy = async () => {
    if (await copyText(secret)) toast.success('Copied');
    else toast.error(copyFailed);
  };

  return (
    <section className={`${layout.panel} ${styles.secretPanel}`} aria-labelledby={titleId}>
      <div className={layout.panelHeader}>
        <h2 id={titleId} className={layout.sectionTitle}>
          {title}
        </h2>
      </div>
      <div className={layout.stack}>
        <div id={warningId}>
          <Notice tone="warning" title="Copy it now: it will not be shown again" live="none">
            {children}
          </Notice>
        </div>
        <div className={styles.secretField}>
          <label htmlFor={fieldId} className={styles.secretLabel}>
            {label}
          </label>
          <div className={styles.secretRow}>
            <input
              ref={field}
              id={fieldId}
              className={styles.secretInput}
              value={secret}
              readOnly
              spellCheck={false}
              autoComplete="off"
              aria-describedby={warningId}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              <CopyIcon size={16} /> Copy
            </Button>
          </div>
        </div>
        <div>
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    </section>
  );
}
