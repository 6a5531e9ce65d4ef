import type { CreatedApiKey } from '@store/contracts';
import { Button, CopyIcon, Notice, copyText } from '@store/ui';
import { useEffect, useId, useRef } from 'react';
import toast from 'react-hot-toast';
import * as layout from '../layout/admin-layout.css.ts';
import * as styles from './api-keys.css.ts';

export interface ApiKeySecretPanelProps {
  created: CreatedApiKey;
  /** Staff saved the secret: the page forgets it. */
  onDone: () => void;
}

/**
 * The secret of a key just created, shown this once (the store keeps only its digest): a panel on the page
 * rather than a dialog, so a stray Escape or click cannot lose it; it goes when staff press Done.
 */
export function ApiKeySecretPanel({ created, onDone }: ApiKeySecretPanelProps) {
  const titleId = useId();
  const fieldId = useId();
  const warningId = useId();
  const field = useRef<HTMLInputElement>(null);

  // The dialog that created the key has closed: the focus comes here, on the secret, ready to copy.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [created.secret]);

  const copy = async () => {
    if (await copyText(created.secret)) toast.success('Copied');
    else toast.error('The key could not be copied: select it and copy it by hand');
  };

  return (
    <section className={`${layout.panel} ${styles.secretPanel}`} aria-labelledby={titleId}>
      <div className={layout.panelHeader}>
        <h2 id={titleId} className={layout.sectionTitle}>
          Your new API key: {created.key.name}
        </h2>
      </div>
      <div className={layout.stack}>
        <div id={warningId}>
          <Notice tone="warning" title="Copy it now: it will not be shown again" live="none">
            <p>The store keeps only a fingerprint of it. Put it in the system that uses it; if it is lost, revoke this key and create another.</p>
          </Notice>
        </div>
        <div className={styles.secretField}>
          <label htmlFor={fieldId} className={styles.secretLabel}>
            Secret key
          </label>
          <div className={styles.secretRow}>
            <input
              ref={field}
              id={fieldId}
              className={styles.secretInput}
              value={created.secret}
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
