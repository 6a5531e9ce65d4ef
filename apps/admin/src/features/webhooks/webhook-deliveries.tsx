import type { WebhookDelivery, WebhookEndpoint } from '@store/contracts';
import { Button, DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow, withDetail } from '@store/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import * as layout from '../layout/admin-layout.css.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { toastDelivery } from './send-test.ts';
import { DeliveryStatusBadge, When, endpointName, eventLabel } from './webhook-labels.tsx';
import * as styles from './webhooks.css.ts';
import { adminWebhookDeliveriesQueryOptions, adminWebhooksQueryOptions } from './queries.ts';

const COLUMNS = 6;

export const DELIVERIES_LOAD_FAILED = 'Error loading the deliveries';

export interface WebhookDeliveriesPanelProps {
  endpoint: WebhookEndpoint;
  /** Whether a test event to this endpoint is on its way. */
  testing: boolean;
  onSendTest: () => void;
  onClose: () => void;
}

/**
 * One endpoint's last deliveries, newest first, on the page under the list (so the list's Send test refreshes
 * them in sight): what was sent, where it stands, the receiver's last answer, and Resend for each.
 */
export function WebhookDeliveriesPanel({ endpoint, testing, onSendTest, onClose }: WebhookDeliveriesPanelProps) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const deliveries = useQuery(adminWebhookDeliveriesQueryOptions(endpoint.id));
  useErrorToast(deliveries.isError, deliveries.errorUpdatedAt, DELIVERIES_LOAD_FAILED);
  const list = deliveries.isError ? [] : (deliveries.data?.deliveries ?? []);
  const name = endpointName(endpoint);

  // Opened from a row's Deliveries button: the focus comes to the panel's title, read first.
  useEffect(() => {
    title.current?.focus();
  }, [endpoint.id]);

  return (
    <section className={layout.panel} aria-labelledby={titleId}>
      <div className={layout.panelHeader}>
        <h2 id={titleId} ref={title} tabIndex={-1} className={layout.sectionTitle}>
          Deliveries to {name}
        </h2>
        <span className={styles.panelActions}>
          <Button size="sm" variant="secondary" loading={testing} onClick={onSendTest}>
            Send test event
          </Button>
          <Button size="sm" variant="secondary" onClick={onClose}>
            Close deliveries
          </Button>
        </span>
      </div>
      <DataTable
        caption={`Deliveries to ${name}`}
        busy={deliveries.isFetching && !deliveries.isPending}
        columns={
          <>
            <DataHeaderCell>Event</DataHeaderCell>
            <DataHeaderCell>Result</DataHeaderCell>
            <DataHeaderCell>Last error</DataHeaderCell>
            <DataHeaderCell>Created</DataHeaderCell>
            <DataHeaderCell>Delivered</DataHeaderCell>
            <DataHeaderCell align="end">Actions</DataHeaderCell>
          </>
        }
      >
        {deliveries.isPending ? (
          <DataTableLoadingRow colSpan={COLUMNS} label="Loading deliveries…" />
        ) : list.length === 0 ? (
          <DataTableEmptyRow colSpan={COLUMNS} title="No deliveries yet">
            Events the endpoint subscribes to are listed here once sent. Use Send test event to try the receiver.
          </DataTableEmptyRow>
        ) : (
          list.map((delivery) => <DeliveryRow key={delivery.id} delivery={delivery} />)
        )}
      </DataTable>
    </section>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => api.adminResendWebhookDelivery({ params: { id: delivery.endpoint_id, deliveryId: delivery.id } }),
    onSuccess: (answer) => {
      // The row becomes the answer: the same event, sent again now.
      queryClient.setQueryData(adminWebhookDeliveriesQueryOptions(delivery.endpoint_id).queryKey, (list) =>
        list && { deliveries: list.deliveries.map((entry) => (entry.id === answer.id ? answer : entry)) },
      );
      toastDelivery('Resent event', answer);
      void queryClient.invalidateQueries({ queryKey: adminWebhooksQueryOptions().queryKey });
    },
    onError: (failure) => toast.error(withDetail('The delivery could not be resent', failure)),
  });

  return (
    <DataRow>
      <DataCell label="Event">
        <span className={styles.eventCell}>
          <span title={eventLabel(delivery.event_type)}>{delivery.event_type}</span>
          <span className={styles.mono}>{delivery.event_id}</span>
        </span>
      </DataCell>
      <DataCell label="Result">
        {/* The status, the receiver's answer, the tries and the time: one column, so the table fits at 1280 px. */}
        <span className={styles.endpointCell}>
          <DeliveryStatusBadge status={delivery.status} />
          <span className={styles.resultLine}>
            <span data-answer>{delivery.last_status_code === null ? 'No answer' : `HTTP ${delivery.last_status_code}`}</span>
            {' · '}
            <span data-attempts>{delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}</span>
            {delivery.last_duration_ms === null ? null : (
              <>
                {' · '}
                <span data-took>{delivery.last_duration_ms} ms</span>
              </>
            )}
          </span>
        </span>
      </DataCell>
      <DataCell label="Last error">
        {delivery.last_error ? (
          <span className={styles.lastError} title={delivery.last_error}>
            {delivery.last_error}
          </span>
        ) : (
          <span className={styles.muted}>None</span>
        )}
      </DataCell>
      <DataCell label="Created" date>
        <When at={delivery.created_at} none="" />
      </DataCell>
      <DataCell label="Delivered" date>
        <When at={delivery.delivered_at} none={delivery.next_attempt_at ? 'Not yet' : 'Never'} />
      </DataCell>
      <DataCell label="Actions" align="end">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Resend ${delivery.event_type} ${delivery.event_id}`}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend
        </Button>
      </DataCell>
    </DataRow>
  );
}
