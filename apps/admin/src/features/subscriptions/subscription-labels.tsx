import { SUBSCRIPTION_STATUSES, formatUsd, type BillingInterval, type SubscriptionStatus } from '@store/contracts';
import { Badge } from '@store/ui';

/** A subscription's state as a badge in the contract's tone, and "Ends at period end" once cancelled that way. */
export function SubscriptionStatusBadge({ status, endsAtPeriodEnd = false }: { status: SubscriptionStatus; endsAtPeriodEnd?: boolean }) {
  const known = SUBSCRIPTION_STATUSES.find((item) => item.value === status);
  return (
    <span>
      <Badge tone={known?.tone ?? 'gray'}>{known?.label ?? status}</Badge>
      {endsAtPeriodEnd && status !== 'expired' ? (
        <>
          {' '}
          <Badge tone="gray">Ends at period end</Badge>
        </>
      ) : null}
    </span>
  );
}

/** '$19.99 / month', '$199.00 / year'. */
export function pricePerPeriod(price: number, interval: BillingInterval): string {
  return `${formatUsd(price)} / ${interval}`;
}

/** A subscription as staff name it: 'Sub #' and the last 8 characters of its id. */
export const subscriptionRef = (id: string) => `Sub #${id.slice(-8)}`;
