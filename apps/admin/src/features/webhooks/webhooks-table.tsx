import type { WebhookEndpoint } from '@store/contracts';
import { Button, DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow } from '@store/ui';
import { When, WebhookStateBadge, endpointName, eventLabel } from './webhook-labels.tsx';
import * as styles from './webhooks.css.ts';

const COLUMNS = 5;

export type EndpointAction = 'deliveries' | 'test' | 'edit' | 'remove';

export interface WebhooksTableProps {
  endpoints: readonly WebhookEndpoint[];
  loading: boolean;
  /** The endpoint whose test event is on its way (its Send test button waits). */
  testing: string | null;
  /** A row's button was pressed; `opener` takes the focus back when what it opened closes. */
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint, opener: HTMLElement) => void;
}

/** The endpoints: a table on wide screens, a card per endpoint on phones. */
export function WebhooksTable({ endpoints, loading, testing, onAction }: WebhooksTableProps) {
  return (
    <DataTable
      caption="Webhook endpoints"
      columns={
        <>
          <DataHeaderCell>Endpoint</DataHeaderCell>
          <DataHeaderCell>Events</DataHeaderCell>
          <DataHeaderCell>State</DataHeaderCell>
          <DataHeaderCell>Last delivery</DataHeaderCell>
          <DataHeaderCell align="end">Actions</DataHeaderCell>
        </>
      }
    >
      {loading ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Loading webhook endpoints…" />
      ) : endpoints.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="No webhook endpoints">
          Add an endpoint for each system that should hear about orders, licences, reviews and subscriptions.
        </DataTableEmptyRow>
      ) : (
        endpoints.map((endpoint) => {
          const name = endpointName(endpoint);
          return (
            <DataRow key={endpoint.id}>
              <DataCell label="Endpoint">
                {/* What staff call it, and where it is: one column, so the table fits beside the navigation at 1280 px. */}
                <span className={styles.endpointCell}>
                  <span className={styles.description}>{endpoint.description || <span className={styles.muted}>No description</span>}</span>
                  <span className={styles.url} title={endpoint.url}>
                    {endpoint.url}
                  </span>
                </span>
              </DataCell>
              <DataCell label="Events">
                <ul className={styles.eventChips} aria-label={`Events sent to ${name}`}>
                  {endpoint.events.map((event) => (
                    <li key={event} className={styles.eventChip} title={eventLabel(event)}>
                      {event}
                    </li>
                  ))}
                </ul>
              </DataCell>
              <DataCell label="State">
                <span className={styles.endpointCell}>
                  <WebhookStateBadge endpoint={endpoint} />
                  <span className={styles.pending} data-pending={endpoint.pending_deliveries}>
                    {endpoint.pending_deliveries === 1 ? '1 pending' : `${endpoint.pending_deliveries} pending`}
                  </span>
                </span>
              </DataCell>
              <DataCell label="Last delivery" date>
                <When at={endpoint.last_delivery_at} none="Never" />
              </DataCell>
              <DataCell label="Actions" align="end">
                <span className={styles.rowActions}>
                  <Button size="sm" variant="secondary" aria-label={`Deliveries to ${name}`} onClick={(event) => onAction('deliveries', endpoint, event.currentTarget)}>
                    Deliveries
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Send test to ${name}`}
                    loading={testing === endpoint.id}
                    onClick={(event) => onAction('test', endpoint, event.currentTarget)}
                  >
                    Send test
                  </Button>
                  <Button size="sm" variant="secondary" aria-label={`Edit ${name}`} onClick={(event) => onAction('edit', endpoint, event.currentTarget)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="danger" aria-label={`Remove ${name}`} onClick={(event) => onAction('remove', endpoint, event.currentTarget)}>
                    Remove
                  </Button>
                </span>
              </DataCell>
            </DataRow>
          );
        })
      )}
    </DataTable>
  );
}
