import { ADMIN_ORDER_TRANSITIONS, ORDER_STATUSES, labelOf, type OrderStatus } from '@store/contracts';

export interface StatusAction {
  to: OrderStatus;
  label: string;
  variant: 'primary' | 'danger';
}

const ACTION_LABELS: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Confirm Order',
  rejected: 'Reject Order',
};

/**
 * The status changes the orders screen offers for an order (spec section 4): exactly the contract's
 * ADMIN_ORDER_TRANSITIONS, the same table the API enforces, so no other change is ever offered.
 */
export function adminStatusActions(status: OrderStatus): StatusAction[] {
  return (ADMIN_ORDER_TRANSITIONS[status] ?? []).map((to) => ({
    to,
    label: ACTION_LABELS[to] ?? `Mark as ${labelOf(ORDER_STATUSES, to)}`,
    variant: to === 'rejected' ? 'danger' : 'primary',
  }));
}
