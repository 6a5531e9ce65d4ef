import { formatUsd, toCents, type AdminOrder } from '@store/contracts';
import { Modal } from '@store/ui';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { orderRef } from '../site/format.ts';
import * as styles from './orders.css.ts';
import { REFUND_FORM, RefundReason } from './refund-reason.tsx';
import { useRefundOrder } from './use-refund-order.ts';

export interface RefundOrderDialogProps {
  order: AdminOrder;
  open: boolean;
  onClose: () => void;
  /** The refunded order as the API answered it; the dialog is closed by its owner. */
  onRefunded: (order: AdminOrder) => void;
}

/**
 * Asks before a full refund of a completed order: what goes back and what stops working, and staff's
 * reason, checked by the contract's schema before it is sent.
 */
export function RefundOrderDialog({ order, open, onClose, onRefunded }: RefundOrderDialogProps) {
  return (
    <Modal open={open} title={`Refund order ${orderRef(order.id)}`} onClose={onClose} closeLabel="Cancel the refund">
      <RefundForm order={order} onCancel={onClose} onRefunded={onRefunded} />
    </Modal>
  );
}

function RefundForm({ order, onCancel, onRefunded }: { order: AdminOrder; onCancel: () => void; onRefunded: (order: AdminOrder) => void }) {
  const form = useSchemaForm(REFUND_FORM, { reason: '' });
  const refund = useRefundOrder(order.id, { onRefunded });
  const amount = formatUsd(order.total_amount);
  const free = toCents(order.total_amount) === 0;

  return (
    <form ref={form.formRef} noValidate className={styles.refundForm} aria-label="Refund" onSubmit={form.submitWith(refund)}>
      <p className={styles.refundAmount}>
        {free ? (
          <>This order was free ({amount}): no money goes back, but its goods stop working.</>
        ) : (
          <>
            The buyer gets <strong>{amount}</strong> back in full through PayPal.
          </>
        )}
      </p>
      <ul className={styles.refundEffects}>
        <li>Its licence keys are revoked.</li>
        <li>Its downloads stop.</li>
        <li>The buyer ({order.invoice_data.email || 'no email'}) is mailed that the order was refunded.</li>
      </ul>
      <p className={styles.refundWarning}>A refund cannot be undone.</p>
      <RefundReason field={form.field('reason')} pending={refund.isPending} amount={amount} onCancel={onCancel} />
    </form>
  );
}
