import type { OrderDispute, RefundOrigin } from '@store/contracts';

/*
 * Refunds and PayPal's dispute codes in words staff read at a glance. PayPal adds codes now and then, so a code not
 * listed here is shown as PayPal sent it rather than hidden.
 */

const DISPUTE_STATUSES: Record<string, string> = {
  OPEN: 'Open',
  WAITING_FOR_BUYER_RESPONSE: 'Waiting for the buyer',
  WAITING_FOR_SELLER_RESPONSE: 'Waiting for our response',
  UNDER_REVIEW: 'Under review by PayPal',
  RESOLVED: 'Resolved',
  OTHER: 'Other',
};

const DISPUTE_REASONS: Record<string, string> = {
  MERCHANDISE_OR_SERVICE_NOT_RECEIVED: 'Item not received',
  MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED: 'Item not as described',
  UNAUTHORISED: 'Unauthorised payment',
  CREDIT_NOT_PROCESSED: 'Refund or credit not processed',
  DUPLICATE_TRANSACTION: 'Duplicate payment',
  INCORRECT_AMOUNT: 'Incorrect amount charged',
  PAYMENT_BY_OTHER_MEANS: 'Paid by other means',
  CANCELED_RECURRING_BILLING: 'Cancelled recurring billing',
  PROBLEM_WITH_REMITTANCE: 'Problem with the payment',
  OTHER: 'Other',
};

const DISPUTE_OUTCOMES: Record<string, string> = {
  RESOLVED_BUYER_FAVOUR: "Resolved in the buyer's favour",
  RESOLVED_SELLER_FAVOUR: "Resolved in the store's favour",
  RESOLVED_WITH_PAYOUT: 'Resolved with a payout by PayPal',
  CANCELED_BY_BUYER: 'Cancelled by the buyer',
  ACCEPTED: 'Accepted: the buyer was refunded',
  DENIED: 'Denied',
  NONE: 'No outcome',
};

const lookUp = (table: Record<string, string>, code: string): string => (Object.hasOwn(table, code) ? (table[code] ?? code) : code);

/** PayPal's dispute status in words, e.g. 'Waiting for our response'. */
export const disputeStatusLabel = (status: string): string => lookUp(DISPUTE_STATUSES, status);

/** PayPal's reason for the dispute in words, e.g. 'Item not received'. */
export const disputeReasonLabel = (reason: string): string => lookUp(DISPUTE_REASONS, reason);

/** PayPal's outcome of a resolved dispute in words, e.g. "Resolved in the store's favour". */
export const disputeOutcomeLabel = (outcome: string): string => lookUp(DISPUTE_OUTCOMES, outcome);

/** The badge of a dispute: Open until PayPal resolves it. */
export const disputeBadgeLabel = (dispute: Pick<OrderDispute, 'open'>): string => (dispute.open ? 'Open' : 'Resolved');

const REFUND_ORIGINS: Record<RefundOrigin, string> = {
  staff: 'Staff',
  paypal: 'At PayPal',
  store: 'By the store',
};

/** Who gave the money back: staff from here, PayPal directly, or the store for an order it could not serve. */
export const refundOriginLabel = (origin: RefundOrigin): string => REFUND_ORIGINS[origin];
