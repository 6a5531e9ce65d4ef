import { describe, expect, it } from 'vitest';
import { disputeBadgeLabel, disputeOutcomeLabel, disputeReasonLabel, disputeStatusLabel, refundOriginLabel } from './order-labels.ts';

describe("PayPal's dispute codes in words", () => {
  it('names the common reasons, statuses and outcomes', () => {
    expect(disputeReasonLabel('MERCHANDISE_OR_SERVICE_NOT_RECEIVED')).toBe('Item not received');
    expect(disputeReasonLabel('UNAUTHORISED')).toBe('Unauthorised payment');
    expect(disputeStatusLabel('WAITING_FOR_SELLER_RESPONSE')).toBe('Waiting for our response');
    expect(disputeStatusLabel('UNDER_REVIEW')).toBe('Under review by PayPal');
    expect(disputeOutcomeLabel('RESOLVED_SELLER_FAVOUR')).toBe("Resolved in the store's favour");
    expect(disputeOutcomeLabel('RESOLVED_BUYER_FAVOUR')).toBe("Resolved in the buyer's favour");
  });

  it('shows a code it does not know as PayPal sent it', () => {
    expect(disputeReasonLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(disputeStatusLabel('APPEALABLE')).toBe('APPEALABLE');
    expect(disputeOutcomeLabel('toString')).toBe('toString');
  });

  it('calls a dispute Open until PayPal resolves it', () => {
    expect(disputeBadgeLabel({ open: true })).toBe('Open');
    expect(disputeBadgeLabel({ open: false })).toBe('Resolved');
  });
});

describe('who refunded an order', () => {
  it('says staff, PayPal or the store', () => {
    expect(['staff', 'paypal', 'store'].map((origin) => refundOriginLabel(origin as 'staff' | 'paypal' | 'store'))).toEqual([
      'Staff',
      'At PayPal',
      'By the store',
    ]);
  });
});
