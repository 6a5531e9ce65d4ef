import type { GuestOrderView } from '@store/contracts';
import { PricedLines } from './priced-lines.tsx';

/** The lines of an order with their unit prices and totals, as the server priced them, its discount and the order total. */
export function OrderItems({
  order,
  cents = false,
}: {
  order: Pick<GuestOrderView, 'items' | 'total_amount' | 'discount'>;
  cents?: boolean;
}) {
  return <PricedLines lines={order.items} total={order.total_amount} cents={cents} totalTestId="order-total" discount={order.discount} />;
}
