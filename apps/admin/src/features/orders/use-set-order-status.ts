import type { OrderStatus } from '@store/contracts';
import { withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { ADMIN_STATS_KEY } from '../dashboard/queries.ts';
import { ADMIN_ORDERS_KEY } from './queries.ts';

/**
 * Confirms or rejects an order (PATCH /admin/orders/{id}/status). Success says so and calls `onChanged`
 * (the modal closes); either way every order list and the dashboard's figures reload, since a refusal
 * (409) means someone else changed the order first.
 */
export function useSetOrderStatus({ onChanged }: { onChanged: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => api.adminSetOrderStatus({ params: { id }, query: { status } }),
    // Confirming delivers at once: the toast names the state the order ended in (completed), not the one asked for.
    onSuccess: (order) => {
      toast.success(`Order status updated to ${order.status}`);
      onChanged();
    },
    onError: (error) => {
      toast.error(withDetail('Failed to update order status', error));
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY })]),
  });
}
