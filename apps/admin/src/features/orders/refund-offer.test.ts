import { anAdminOrder, aDeliveredOrder, aFreeOrder } from '@store/api-fake';
import { ORDER_STATUSES } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { refundOffer } from './refund-offer.ts';

const PAID = anAdminOrder({ ...aDeliveredOrder(), payment_id: 'CAPTURE123' });

describe('the refund an order offers', () => {
  it('offers a refund of a completed order paid through PayPal, and of a free one', () => {
    expect(refundOffer(PAID)).toBe('refund');
    expect(refundOffer(anAdminOrder(aFreeOrder()))).toBe('refund');
  });

  it.each(ORDER_STATUSES.map((status) => status.value).filter((status) => status !== 'completed'))(
    'offers nothing for a %s order',
    (status) => {
      expect(refundOffer({ ...PAID, status })).toBeNull();
    },
  );

  it('waits while PayPal has not answered a refund staff asked for', () => {
    expect(refundOffer({ ...PAID, refund_in_progress: true })).toBe('waiting');
  });

  it('offers no refund of a paid order staff confirmed without a PayPal payment, as the API refuses it', () => {
    expect(refundOffer({ ...PAID, payment_id: null })).toBe('paid-elsewhere');
    expect(refundOffer({ ...PAID, payment_method: 'manual' })).toBe('paid-elsewhere');
  });
});
