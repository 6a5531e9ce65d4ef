import type { AdminOrder, OrderDispute as Dispute } from '@store/contracts';
import { Badge, Button, DownloadIcon } from '@store/ui';
import { DetailItem, DetailList, DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate } from '../site/format.ts';
import { hasDeliveryLog, useDeliveryLogCsvExport } from './delivery-log.tsx';
import { disputeBadgeLabel, disputeOutcomeLabel, disputeReasonLabel, disputeStatusLabel } from './order-labels.ts';
import * as styles from './orders.css.ts';

/**
 * An order's PayPal dispute, as PayPal's webhooks last told it. PayPal's seller protection does not cover
 * digital goods, so the delivery log is the store's defence: the panel leads to its CSV export.
 */
export function OrderDispute({ order }: { order: AdminOrder }) {
  if (!order.dispute) return null;
  return (
    <DetailSection title="PayPal dispute">
      <DisputeBody order={order} dispute={order.dispute} />
    </DetailSection>
  );
}

function DisputeBody({ order, dispute }: { order: AdminOrder; dispute: Dispute }) {
  const exportCsv = useDeliveryLogCsvExport(order.id);
  const status = disputeStatusLabel(dispute.status);
  const badge = disputeBadgeLabel(dispute);

  return (
    <div className={dispute.open ? styles.disputeOpen : styles.dispute}>
      <DetailList>
        <DetailItem label="Status">
          <span className={styles.statusBadges}>
            <Badge tone={dispute.open ? 'red' : 'gray'}>{badge}</Badge>
            {status !== badge && <span>{status}</span>}
          </span>
        </DetailItem>
        <DetailItem label="Reason">{dispute.reason ? disputeReasonLabel(dispute.reason) : '—'}</DetailItem>
        <DetailItem label="Opened">
          <time dateTime={dispute.opened_at}>{formatAdminDate(dispute.opened_at)}</time>
        </DetailItem>
        {dispute.resolved_at && (
          <DetailItem label="Resolved">
            <time dateTime={dispute.resolved_at}>{formatAdminDate(dispute.resolved_at)}</time>
          </DetailItem>
        )}
        {dispute.outcome && <DetailItem label="Outcome">{disputeOutcomeLabel(dispute.outcome)}</DetailItem>}
        <DetailItem label="Dispute ID" wide>
          <span className={layout.mono}>{dispute.id}</span>
        </DetailItem>
      </DetailList>

      {hasDeliveryLog(order) ? (
        <div className={styles.disputeEvidence}>
          <p className={styles.disputeText}>
            PayPal decides a dispute over digital goods on evidence of delivery. The delivery log below shows when each key was shown and
            each file downloaded, and from which address: export it and attach it to the dispute at PayPal.
          </p>
          <Button loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            <DownloadIcon size={16} /> Export delivery log (CSV)
          </Button>
        </div>
      ) : (
        <p className={styles.disputeText}>This order was never delivered, so there is no delivery log to send PayPal.</p>
      )}
    </div>
  );
}
