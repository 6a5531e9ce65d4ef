import type { Subscription, SubscriptionList } from '@store/contracts';
import { Button, Modal, withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { formatOrderDate } from '../orders/order-format.ts';
import * as styles from '../orders/orders.css.ts';
import { subscriptionKeys } from './queries.ts';

/** What is kept after cancelling: the paid period, when the API knows its end. */
export function accessUntilText(periodEnd: string | null): string {
  return periodEnd ? `You keep access until ${formatOrderDate(periodEnd)}.` : 'Access ends when the paid period does.';
}

/**
 * "Cancel subscription" behind a confirmation: PayPal takes no further payment, and the key and downloads
 * keep working to the end of the paid period (the API answers the subscription with cancel_at_period_end).
 */
export function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => api.cancelMySubscription({ params: { id: subscription.id } }),
    onSuccess: (cancelled) => {
      setConfirming(false);
      toast.success(`Subscription cancelled. ${accessUntilText(cancelled.current_period_end)}`);
      queryClient.setQueryData<SubscriptionList>(subscriptionKeys.mine(), (list) =>
        list ? { subscriptions: list.subscriptions.map((item) => (item.id === cancelled.id ? cancelled : item)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
    onError: (failure) => toast.error(withDetail('Could not cancel the subscription', failure)),
  });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
      <Modal open={confirming} title={`Cancel ${subscription.product_title}?`} onClose={() => !cancel.isPending && setConfirming(false)}>
        <p>PayPal will take no further payments. {accessUntilText(subscription.current_period_end)}</p>
        <div className={styles.actions}>
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
            Keep subscription
          </Button>
          <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel subscription
          </Button>
        </div>
      </Modal>
    </>
  );
}
