import { ORDER_STATUSES, type OrderStatus } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { adminStatusActions } from './status-actions.ts';

const EXPECTED: Record<OrderStatus, string[]> = {
  pending: ['Confirm Order', 'Reject Order'],
  rejected: ['Confirm Order'],
  paid: [],
  confirmed: [],
  completed: [],
  failed: [],
  refunded: [],
};

describe('the status changes offered on the orders screen', () => {
  it.each(ORDER_STATUSES.map((status) => status.value))('offers exactly the admin transitions for a %s order', (status) => {
    expect(adminStatusActions(status).map((action) => action.label)).toEqual(EXPECTED[status]);
  });

  it('confirms to confirmed and rejects to rejected', () => {
    expect(adminStatusActions('pending').map((action) => action.to)).toEqual(['confirmed', 'rejected']);
  });
});
