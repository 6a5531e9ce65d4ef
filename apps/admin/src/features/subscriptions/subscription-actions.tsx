import { formatUsd, type AdminSubscription, type SubscriptionCancelAt } from '@store/contracts';
import { Button, Modal } from '@store/ui';
import { useState } from 'react';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { REFUND_FORM, RefundReason } from '../orders/refund-reason.tsx';
import { formatAdminDate } from '../site/format.ts';
import * as styles from './subscriptions.css.ts';
import { useCancelSubscription, useRefundLastPayment } from './use-subscription-actions.ts';

type Action = SubscriptionCancelAt | 'refund';

/** What staff may do to a subscription in its state (the API refuses the rest with 409 all the same). */
export function subscriptionActions(subscription: Pick<AdminSubscription, 'status' | 'cancel_at_period_end' | 'payments'>) {
  const ended = subscription.status === 'expired';
  const last = subscription.payments[0];
  return {
    now: !ended,
    period_end: !ended && subscription.status !== 'cancelled' && !subscription.cancel_at_period_end,
    refund: last?.status === 'completed',
  };
}

/** The three actions of a subscription's details, each asking for confirmation first. */
export function SubscriptionActions({ subscription }: { subscription: AdminSubscription }) {
  const [asking, setAsking] = useState<Action | null>(null);
  const allowed = subscriptionActions(subscription);
  const close = () => setAsking(null);
  return (
    <>
      <div className={styles.actions}>
        <Button variant="danger" disabled={!allowed.now} onClick={() => setAsking('now')}>
          Cancel now
        </Button>
        <Button variant="secondary" disabled={!allowed.period_end} onClick={() => setAsking('period_end')}>
          Cancel at period end
        </Button>
        <Button variant="secondary" disabled={!allowed.refund} onClick={() => setAsking('refund')}>
          Refund last payment
        </Button>
      </div>
      <Modal open={asking === 'now' || asking === 'period_end'} title="Cancel the subscription" onClose={close} closeLabel="Keep the subscription">
        {(asking === 'now' || asking === 'period_end') && <CancelConfirmation subscription={subscription} at={asking} onClose={close} />}
      </Modal>
      <Modal open={asking === 'refund'} title="Refund the last payment" onClose={close} closeLabel="Cancel the refund">
        {asking === 'refund' && <RefundForm subscription={subscription} onClose={close} />}
      </Modal>
    </>
  );
}

function CancelConfirmation({ subscription, at, onClose }: { subscription: AdminSubscription; at: SubscriptionCancelAt; onClose: () => void }) {
  const cancel = useCancelSubscription(subscription.id, { onDone: onClose });
  const periodEnd = subscription.current_period_end ? formatAdminDate(subscription.current_period_end) : 'the end of the paid period';
  return (
    <div>
      <p className={styles.confirmText}>
        {at === 'now'
          ? `PayPal stops billing ${subscription.user.username}, and access ends now: the licence key stops working and the downloads stop. Nothing is refunded.`
          : `PayPal stops billing ${subscription.user.username}; access continues until ${periodEnd}, then the subscription expires.`}
      </p>
      <p className={styles.confirmText}>This cannot be undone.</p>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
          Keep it
        </Button>
        <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate(at)}>
          {at === 'now' ? 'Cancel now' : 'Cancel at period end'}
        </Button>
      </div>
    </div>
  );
}

function RefundForm({ subscription, onClose }: { subscription: AdminSubscription; onClose: () => void }) {
  const form = useSchemaForm(REFUND_FORM, { reason: '' });
  const refund = useRefundLastPayment(subscription.id, { onDone: onClose });
  const amount = formatUsd(subscription.payments[0]?.amount ?? 0);
  return (
    <form ref={form.formRef} noValidate aria-label="Refund" onSubmit={form.submitWith(refund)}>
      <p className={styles.confirmText}>
        {subscription.user.username} gets <strong>{amount}</strong> back through PayPal, and the subscription ends now: PayPal stops billing,
        the licence key stops working and the downloads stop.
      </p>
      <p className={styles.confirmText}>A refund cannot be undone.</p>
      <RefundReason field={form.field('reason')} pending={refund.isPending} amount={amount} onCancel={onClose} />
    </form>
  );
}
