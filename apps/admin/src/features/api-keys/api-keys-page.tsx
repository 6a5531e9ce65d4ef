import { API_KEY_PREFIX, type ApiKey, type CreatedApiKey } from '@store/contracts';
import { usePageTitle } from '@store/shell';
import { Button, PlusIcon } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { env } from '../../env.ts';
import * as layout from '../layout/admin-layout.css.ts';
import { useFocusAfterClose } from '../layout/use-focus-after-close.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { NewApiKeyModal } from './api-key-form.tsx';
import { ApiKeySecretPanel } from './api-key-secret.tsx';
import { ApiKeysTable } from './api-keys-table.tsx';
import * as styles from './api-keys.css.ts';
import { adminApiKeysQueryOptions } from './queries.ts';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog.tsx';

export const API_KEYS_LOAD_FAILED = 'Error loading API keys';

/** The API's own document (OpenAPI), where the app's API lives. */
export const API_DOCS_URL = `${env.apiBase.replace(/\/$/, '')}/api/docs`;

/**
 * /admin/api-keys: keys for the seller's own systems (docs/decisions/056-api-keys.md): the list with each
 * key's scopes, use and status; New API key, its secret shown once; Revoke behind a confirmation.
 */
export function ApiKeysPage() {
  usePageTitle('API keys');
  const keys = useQuery(adminApiKeysQueryOptions());
  useErrorToast(keys.isError, keys.errorUpdatedAt, API_KEYS_LOAD_FAILED);
  const list = keys.isError ? [] : (keys.data?.keys ?? []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const newKeyButton = useRef<HTMLButtonElement>(null);
  const revokeOpener = useRef<HTMLElement | null>(null);
  const focusAfterClose = useFocusAfterClose();

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>API keys</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {keys.data && !keys.isError ? `${list.length} ${list.length === 1 ? 'key' : 'keys'}` : '\u00a0'}
          </p>
        </div>
        <Button ref={newKeyButton} onClick={() => setCreating(true)}>
          <PlusIcon size={18} /> New API key
        </Button>
      </div>

      {created && (
        <ApiKeySecretPanel
          created={created}
          onDone={() => {
            setCreated(null);
            focusAfterClose(newKeyButton.current);
          }}
        />
      )}

      <section className={layout.panel} aria-labelledby="api-keys-about">
        <div className={layout.panelHeader}>
          <h2 id="api-keys-about" className={layout.sectionTitle}>
            What keys are for
          </h2>
        </div>
        <div className={styles.intro}>
          <p>
            A key lets your own systems, such as an accounting program, a licence server or a bot, call the store’s API without a staff
            password. Each key may do only what its scopes allow.
          </p>
          <p>
            A system sends its key with every request, in the header{' '}
            <code className={styles.code}>Authorization: Bearer {API_KEY_PREFIX}…</code>
          </p>
          <p>Staff accounts, settings and API keys themselves can never be changed with a key: they take a staff sign-in.</p>
          <p>
            Every route and what it answers:{' '}
            <a className={styles.link} href={API_DOCS_URL}>
              the API document
            </a>
            .
          </p>
        </div>
      </section>

      <ApiKeysTable
        keys={list}
        loading={keys.isPending}
        onRevoke={(key, opener) => {
          revokeOpener.current = opener;
          setRevoking(key);
        }}
      />

      <NewApiKeyModal
        open={creating}
        onClose={() => {
          setCreating(false);
          focusAfterClose(newKeyButton.current);
        }}
        onCreated={(answer) => {
          // The secret panel takes the focus (it shows the key to copy).
          setCreating(false);
          setCreated(answer);
        }}
      />
      <RevokeApiKeyDialog
        apiKey={revoking}
        onClose={() => {
          setRevoking(null);
          focusAfterClose(revokeOpener.current);
        }}
        onRevoked={() => {
          // The row's Revoke button is gone with the key's revocation: the focus goes back to the top of the list.
          setRevoking(null);
          focusAfterClose(newKeyButton.current);
        }}
      />
    </div>
  );
}

