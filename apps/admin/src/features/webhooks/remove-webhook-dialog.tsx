import type { WebhookEndpoint } from '@store/contracts';
import { Button, Modal, withDetail } from '@store/ui';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import * as products from '../products/products.css.ts';
import { endpointName } from './webhook-labels.tsx';
import * as styles from './webhooks.css.ts';
import { ADMIN_WEBHOOKS_KEY, adminWebhookDeliveriesQueryOptions, adminWebhooksQueryOptions } from './queries.ts';

export interface RemoveWebhookDialogProps {
  /** The endpoint to remove; null keeps the dialog closed. */
  endpoint: WebhookEndpoint | null;
  /** Kept: the dialog closes and nothing changes. */
  onClose: () => void;
  /** Removed: the dialog is closed by its owner. */
  onRemoved: (endpoint: WebhookEndpoint) => void;
}

/** Asks before removing an endpoint: its deliveries go with it and nothing more is sent to it. */
export function RemoveWebhookDialog({ endpoint, onClose, onRemoved }: RemoveWebhookDialogProps) {
  return (
    <Modal open={endpoint !== null} title={endpoint ? `Remove ${endpointName(endpoint)}?` : ''} onClose={onClose} closeLabel="Keep the endpoint">
      {endpoint && <RemoveWebhook key={endpoint.id} endpoint={endpoint} onCancel={onClose} onRemoved={onRemoved} />}
    </Modal>
  );
}

function RemoveWebhook({ endpoint, onCancel, onRemoved }: { endpoint: WebhookEndpoint; onCancel: () => void; onRemoved: (endpoint: WebhookEndpoint) => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.adminDeleteWebhook({ params: { id: endpoint.id } }),
    onSuccess: () => {
      queryClient.setQueryData(adminWebhooksQueryOptions().queryKey, (list) => list && { endpoints: list.endpoints.filter((entry) => entry.id !== endpoint.id) });
      toast.success(`Endpoint ${endpointName(endpoint)} removed`);
      onRemoved(endpoint);
    },
    onError: (failure) => toast.error(withDetail('The endpoint could not be removed', failure)),
    // Everything about webhooks is asked again, except the removed endpoint's deliveries: that query may still be
    // shown for a moment, and asking for it would answer 404 (it is dropped once nothing shows it).
    onSettled: (_answer, failure) => {
      const gone = adminWebhookDeliveriesQueryOptions(endpoint.id).queryKey;
      if (!failure) void queryClient.cancelQueries({ queryKey: gone });
      return queryClient.invalidateQueries({
        queryKey: ADMIN_WEBHOOKS_KEY,
        predicate: (query) => failure !== null || query.queryHash !== hashKey(gone),
      });
    },
  });

  return (
    <div className={products.form}>
      <p>
        Nothing more is sent to <code className={styles.code}>{endpoint.url}</code>, and its deliveries, pending ones too, are removed with it.
      </p>
      <p className={styles.warning}>Removing cannot be undone: to send there again, add the endpoint anew (with a new secret).</p>
      <div className={products.formActions}>
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
          Remove endpoint
        </Button>
      </div>
    </div>
  );
}
