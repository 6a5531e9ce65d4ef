import { DELIVERY_EVENT_KINDS, labelOf, type DeliveryEvent, type Order } from '@store/contracts';
import { Badge, Button, DownloadIcon, Skeleton, visuallyHidden, withDetail } from '@store/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, formatBytes, orderRef, shortId } from '../site/format.ts';
import { saveFile } from '../site/save-file.ts';
import * as styles from './orders.css.ts';
import { deliveryLogQueryOptions, fetchDeliveryLogCsv } from './queries.ts';

/** Orders with something to show: completed, or delivered once (a receipt exists) whatever became of them since. */
export function hasDeliveryLog(order: Order): boolean {
  return order.status === 'completed' || order.receipt !== undefined;
}

/** The file name an export is saved under, e.g. `delivery-log-abcdef12.csv`. */
export function deliveryLogFileName(orderId: string, extension: 'csv' | 'json'): string {
  return `delivery-log-${shortId(orderId)}.${extension}`;
}

/**
 * What the buyer received, for a payment dispute: every key reveal and download of the order with its
 * time, address, browser and bytes, exported as CSV (a spreadsheet) or JSON. Shown for delivered orders only.
 */
export function DeliveryLog({ order }: { order: Order }) {
  if (!hasDeliveryLog(order)) return null;
  return (
    <DetailSection title="Delivery log">
      <DeliveryLogBody order={order} />
    </DetailSection>
  );
}

const exportFailed = (failure: unknown) => toast.error(withDetail('Error exporting the delivery log', failure));

/**
 * Saves the order's delivery log as CSV, the file PayPal's dispute form takes as evidence: the log's own
 * Export CSV and the dispute panel's button are this one export.
 */
export function useDeliveryLogCsvExport(orderId: string) {
  return useMutation({
    mutationFn: () => fetchDeliveryLogCsv(orderId),
    onSuccess: (blob) => saveFile(blob, deliveryLogFileName(orderId, 'csv')),
    onError: exportFailed,
  });
}

function DeliveryLogBody({ order }: { order: Order }) {
  const log = useQuery(deliveryLogQueryOptions(order.id));

  const exportCsv = useDeliveryLogCsvExport(order.id);
  // Fetched again rather than taken from the screen: the export holds what the server has now.
  const exportJson = useMutation({
    mutationFn: () => api.adminDeliveryLog({ params: { id: order.id } }),
    onSuccess: (answer) => saveFile(new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' }), deliveryLogFileName(order.id, 'json')),
    onError: exportFailed,
  });

  const summary = (): ReactNode => {
    if (log.isPending) return <Skeleton width="16rem" height="1.2rem" />;
    if (log.isError) return null;
    const delivered = log.data.delivered_at;
    return delivered ? (
      <>
        Delivered {formatAdminDate(delivered)} to {log.data.buyer_email}
      </>
    ) : (
      <>Not delivered to {log.data.buyer_email}</>
    );
  };

  return (
    <>
      <div className={styles.logToolbar}>
        <p className={styles.logSummary}>{summary()}</p>
        <span className={styles.logActions}>
          <Button variant="secondary" size="sm" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            <DownloadIcon size={16} /> Export CSV
          </Button>
          <Button variant="secondary" size="sm" loading={exportJson.isPending} onClick={() => exportJson.mutate()}>
            <DownloadIcon size={16} /> Export JSON
          </Button>
        </span>
      </div>

      {log.isPending ? (
        <div aria-busy="true">
          <Skeleton width="100%" height="4rem" />
          <span className={visuallyHidden}>Loading delivery log</span>
        </div>
      ) : log.isError ? (
        <p role="alert" className={layout.muted}>
          {withDetail('The delivery log could not be loaded', log.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </p>
      ) : log.data.events.length === 0 ? (
        <p className={layout.muted}>Nothing delivered yet</p>
      ) : (
        <ol className={styles.timeline} aria-label={`Delivery log of order ${orderRef(order.id)}`}>
          {log.data.events.map((event) => (
            <DeliveryEventItem key={event.id} event={event} />
          ))}
        </ol>
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.eventFactLabel}>{label}</dt>
      <dd className={styles.eventFactValue}>{children}</dd>
    </>
  );
}

function DeliveryEventItem({ event }: { event: DeliveryEvent }) {
  const isDownload = event.kind === 'download';
  return (
    <li className={styles.event}>
      <div className={styles.eventHead}>
        <time dateTime={event.at} title={event.at} className={styles.eventTime}>
          {formatAdminDate(event.at)}
        </time>
        <Badge tone={isDownload ? 'blue' : 'green'}>{labelOf(DELIVERY_EVENT_KINDS, event.kind)}</Badge>
        <span className={styles.eventTitle}>{event.title}</span>
      </div>
      <dl className={styles.eventFacts}>
        {event.file_name !== null && <Fact label="File">{event.file_name}</Fact>}
        {event.keys_shown !== null && <Fact label="Keys shown">{event.keys_shown}</Fact>}
        {isDownload && (
          <Fact label="Bytes sent">
            {event.bytes_sent === null ? (
              'Not counted (under way or cut off)'
            ) : (
              <span title={`${event.bytes_sent.toLocaleString('en-US')} bytes`}>{formatBytes(event.bytes_sent)}</span>
            )}
          </Fact>
        )}
        {event.range !== null && (
          <Fact label="Range">
            <span className={layout.mono}>{event.range}</span>
          </Fact>
        )}
        <Fact label="IP">{event.ip === null ? '—' : <span className={layout.mono}>{event.ip}</span>}</Fact>
        <Fact label="User agent">
          {event.user_agent === null ? (
            '—'
          ) : (
            <span className={styles.truncated} title={event.user_agent}>
              {event.user_agent}
            </span>
          )}
        </Fact>
      </dl>
    </li>
  );
}
