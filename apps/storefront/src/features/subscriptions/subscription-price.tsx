import type { BillingInterval } from '@store/contracts';
import { Price } from '@store/ui';
import { intervalWord } from './billing.ts';

/** A subscription's price per billing period: "$19.99 / month". */
export function SubscriptionPrice({ amount, interval, className }: { amount: number; interval: BillingInterval; className?: string }) {
  return (
    <span className={className} data-testid="subscription-price">
      <Price amount={amount} cents /> / {intervalWord(interval)}
    </span>
  );
}
