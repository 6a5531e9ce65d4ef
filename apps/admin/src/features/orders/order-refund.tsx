import type { AdminOrder } from '@store/contracts';
import { Notice } from '@store/ui';
import { DetailItem, DetailList, DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate } from '../site/format.ts';
import { refundOriginLabel } from './order-labels.ts';

/** A refunded order's refund: when, by whom, staff's reason and PayPal's refund id. */
export function OrderRefund({ order }: { order: AdminOrder }) {
  const refund = order.refund;
  if (!refund) return null;
  return (
    <DetailSection title="Refund">
      <DetailList>
        <DetailItem label="Refunded">
          <time dateTime={refund.at}>{formatAdminDate(refund.at)}</time>
        </DetailItem>
        <DetailItem label="By">{refundOriginLabel(refund.origin)}</DetailItem>
        {refund.reason && (
          <DetailItem label="Reason" wide>
            {refund.reason}
          </DetailItem>
        )}
        {refund.refund_id && (
          <DetailItem label="PayPal refund ID" wide>
            <span className={layout.mono}>{refund.refund_id}</span>
          </DetailItem>
        )}
      </DetailList>
    </DetailSection>
  );
}

/** Staff asked for a refund and PayPal has not answered: the API asks again by itself, so nothing is offered meanwhile. */
export function RefundWaiting() {
  return (
    <Notice tone="info" live="none" title="Refund requested; waiting for PayPal">
      <p>The store asks PayPal again by itself; the order becomes Refunded once PayPal confirms.</p>
    </Notice>
  );
}
