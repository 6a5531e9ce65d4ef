import type { ApiKey } from '@store/contracts';
import { Button, Modal, withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import * as products from '../products/products.css.ts';
import * as styles from './api-keys.css.ts';
import { ADMIN_API_KEYS_KEY, adminApiKeysQueryOptions } from './queries.ts';

export interface RevokeApiKeyDialogProps {
  /** The key to revoke; null keeps the dialog closed. */
  apiKey: ApiKey | null;
  /** Kept: the dialog closes and nothing changes. */
  onClose: () => void;
  /** Revoked: the dialog is closed by its owner. */
  onRevoked: (key: ApiKey) => void;
}

/** Asks before revoking a key: the systems that send it are refused from the next request, and it cannot be undone. */
export function RevokeApiKeyDialog({ apiKey, onClose, onRevoked }: RevokeApiKeyDialogProps) {
  return (
    <Modal open={apiKey !== null} title={apiKey ? `Revoke ${apiKey.name}?` : ''} onClose={onClose} closeLabel="Keep the key">
      {apiKey && <RevokeApiKey key={apiKey.id} apiKey={apiKey} onCancel={onClose} onRevoked={onRevoked} />}
    </Modal>
  );
}

function RevokeApiKey({ apiKey, onCancel, onRevoked }: { apiKey: ApiKey; onCancel: () => void; onRevoked: (key: ApiKey) => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => api.adminRevokeApiKey({ params: { id: apiKey.id } }),
    onSuccess: () => {
      // The row shows Revoked at once (a revoked key stays listed), before the list is fetched again.
      const revokedAt = new Date().toISOString();
      queryClient.setQueryData(adminApiKeysQueryOptions().queryKey, (list) =>
        list && { keys: list.keys.map((key) => (key.id === apiKey.id ? { ...key, revoked_at: key.revoked_at ?? revokedAt } : key)) },
      );
      toast.success(`${apiKey.name} revoked: it no longer works`);
      onRevoked(apiKey);
    },
    onError: (failure) => toast.error(withDetail('The API key could not be revoked', failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_API_KEYS_KEY }),
  });

  return (
    <div className={products.form}>
      <p>
        The key <code className={styles.code}>{apiKey.prefix}…</code> stops working at once: every request sent with it is refused from now
        on, so the systems that use it stop until they get a new key.
      </p>
      <p className={styles.warning}>Revoking cannot be undone. The key stays in the list, marked Revoked.</p>
      <div className={products.formActions}>
        <Button variant="secondary" onClick={onCancel} disabled={revoke.isPending}>
          Cancel
        </Button>
        <Button variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate()}>
          Revoke key
        </Button>
      </div>
    </div>
  );
}
