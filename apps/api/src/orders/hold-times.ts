/*
 * How long an unpaid order lives and how long it holds its units and its code's use (reasons in
 * docs/decisions/036-holds-at-payment.md). An order holds nothing until its buyer is sent to PayPal.
 */

/** An unpaid order lapses this long after it is placed unless its payment starts, then this long after its first start. */
export const UNPAID_ORDER_MINUTES = { beforePayment: 10, afterPaymentStarts: 30 } as const;

/** A payment start holds the order's units and its code's use this long, never past the order's own end. */
export const HOLD_MINUTES = 10;
