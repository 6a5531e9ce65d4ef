import type { AdminOrder, AdminOrderList, RefundOrderBody } from '@store/contracts';
import { withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { ADMIN_STATS_KEY } from '../dashboard/queries.ts';
import { ADMIN_ORDER_LISTS_KEY, ADMIN_ORDERS_KEY } from './queries.ts';

/**
 * Refunds an order in full (POST /admin/orders/{id}/refund with staff's reason). The refunded order the API
 * answers replaces its row in every list at once; either way every order list, the recent orders, the
 * delivery logs and the dashboard's figures reload: a refusal (409) means the order changed meanwhile, and
 * PayPal not answering (502) leaves the refund under way, which the lists then show.
 */
export function useRefundOrder(orderId: string, { onRefunded }: { onRefunded: (order: AdminOrder) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundOrderBody) => api.adminRefundOrder({ params: { id: orderId }, body }),
    onSuccess: (order) => {
      queryClient.setQueriesData<AdminOrderList>({ queryKey: ADMIN_ORDER_LISTS_KEY }, (list) =>
        list ? { ...list, orders: list.orders.map((row) => (row.id === order.id ? order : row)) } : list,
      );
      toast.success('Order refunded');
      onRefunded(order);
    },
    onError: (error) => {
      toast.error(withDetail('Refund failed', error));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]),
  });
}
