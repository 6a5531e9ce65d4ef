import { type GuestOrderView, isFullOrder } from '@store/contracts';

/** Where the receipt goes: the order's email when the answer has it, else the address given at checkout. */
export function receiptAddress(order: GuestOrderView): string {
  return isFullOrder(order) ? order.invoice_data.email : 'the email given at checkout';
}

/** The sentence the API's `receipt` state allows: only a receipt the mail server took was "sent". */
export function receiptLine(order: GuestOrderView): string {
  switch (order.receipt) {
    case 'sent':
      return `A receipt was sent to ${receiptAddress(order)}.`;
    case 'queued':
      return `A receipt is on its way to ${receiptAddress(order)}.`;
    case 'not_sent':
      return "We could not email a receipt: keep this page's link (and the keys shown here).";
    default:
      return 'A receipt with your products is sent by email once they are delivered.';
  }
}

/** Where a delivered order's goods are when this answer does not carry them (a guest order opened without its token). */
export function goodsByEmailLine(order: GuestOrderView): string {
  switch (order.receipt) {
    case 'not_sent':
      return 'We could not email your licence keys and download links: open this order from the browser you ordered with to see them here.';
    case 'queued':
      return `Your licence keys and download links are on their way to ${receiptAddress(order)}. Open the link in that email to see them here.`;
    default:
      return `Your licence keys and download links were sent to ${receiptAddress(order)}. Open the link in that email to see them here.`;
  }
}
