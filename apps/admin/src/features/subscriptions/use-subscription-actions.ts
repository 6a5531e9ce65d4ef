import type { AdminSubscription, SubscriptionCancelAt, RefundOrderBody } from '@store/contracts';
import { withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { ADMIN_STATS_KEY } from '../dashboard/queries.ts';
import { ADMIN_SUBSCRIPTIONS_KEY, adminSubscriptionQueryOptions } from './queries.ts';

/**
 * After a change: the subscription the API answered is shown at once; either way every subscription
 * query and the dashboard's figures (MRR, revenue) reload, since a refusal means it changed meanwhile.
 */
function useAfterChange(id: string) {
  const queryClient = useQueryClient();
  return {
    answered: (subscription: AdminSubscription) => queryClient.setQueryData(adminSubscriptionQueryOptions(id).queryKey, subscription),
    settled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_SUBSCRIPTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]),
  };
}

/** Cancels a subscription now (access ends) or at the end of its paid period. */
export function useCancelSubscription(id: string, { onDone }: { onDone: () => void }) {
  const after = useAfterChange(id);
  return useMutation({
    mutationFn: (at: SubscriptionCancelAt) => api.adminCancelSubscription({ params: { id }, body: { at } }),
    onSuccess: (subscription, at) => {
      after.answered(subscription);
      toast.success(at === 'now' ? 'Subscription cancelled: access has ended' : 'Subscription cancelled at the end of its period');
      onDone();
    },
    onError: (error) => {
      toast.error(withDetail('Cancel failed', error));
    },
    onSettled: after.settled,
  });
}

/** Refunds the subscription's last payment through PayPal, which also ends it now (docs/decisions/040-subscription-admin.md). */
export function useRefundLastPayment(id: string, { onDone }: { onDone: () => void }) {
  const after = useAfterChange(id);
  return useMutation({
    mutationFn: (body: RefundOrderBody) => api.adminRefundSubscriptionPayment({ params: { id }, body }),
    onSuccess: (subscription) => {
      after.answered(subscription);
      toast.success('Last payment refunded and subscription ended');
      onDone();
    },
    onError: (error) => {
      toast.error(withDetail('Refund failed', error));
    },
    onSettled: after.settled,
  });
}
