import { labelOf, PAYMENT_METHODS, type Order, type OrderDownload, type StatusTone } from '@store/contracts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `Nov 22, 2026, 3:04 PM`; an unreadable date is shown as it came. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** Ids are shown as their last 8 characters (spec section 9). */
export function shortOrderId(id: string): string {
  return `#${id.slice(-8)}`;
}

/**
 * The guest order page's own badge colours (spec section 2): paid green, pending yellow, any other grey.
 * `completed` counts as paid: the API completes a paid order in the same transaction that delivers it,
 * so a paid guest order is always `completed` by the time the page reads it.
 */
export function guestOrderTone(status: string): StatusTone {
  if (status === 'paid' || status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  return 'gray';
}

const SETTLED_STATUSES: readonly string[] = ['paid', 'confirmed', 'completed'];

/** True once the order is paid or confirmed by staff: its goods are delivered and the receipt is on its way. */
export function isSettled(order: Pick<Order, 'status'>): boolean {
  return SETTLED_STATUSES.includes(order.status);
}

/** `paypal` as PayPal, `free` (an order of $0, delivered without payment) as Free: the contract's labels. */
export function paymentMethodLabel(method: string): string {
  return labelOf(PAYMENT_METHODS, method);
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file's size as people read it, in steps of 1024: `1.5 MB`, `512 KB`, `900 bytes`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  for (const unit of ['KB', 'MB', 'GB']) {
    // Compared as shown, so 1023.96 KB reads as 1 MB rather than 1,024 KB.
    if (Number(value.toFixed(1)) < 1024) return `${oneDecimal.format(value)} ${unit}`;
    value /= 1024;
  }
  return `${oneDecimal.format(value)} TB`;
}

/** How much of a file's download limit is used: `Downloaded 1 of 5 times` and `4 downloads left`. */
export function downloadUsage({ download_count: used, download_limit: limit }: Pick<OrderDownload, 'download_count' | 'download_limit'>) {
  const left = Math.max(0, limit - used);
  return {
    used: `Downloaded ${used} of ${limit} ${limit === 1 ? 'time' : 'times'}`,
    left: `${left} ${left === 1 ? 'download' : 'downloads'} left`,
    exhausted: left === 0,
  };
}
