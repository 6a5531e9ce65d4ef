import { SUBSCRIPTION_STATUSES, formatUsd, type BillingInterval, type StatusTone, type SubscriptionStatus } from '@store/contracts';
import { Badge } from '@store/ui';

/** Badge tones of the subscription states: live green, owing yellow, stopped orange, ended grey. */
const STATUS_TONES: Record<SubscriptionStatus, StatusTone> = {
  approval_pending: 'blue',
  active: 'green',
  past_due: 'yellow',
  suspended: 'orange',
  cancelled: 'gray',
  expired: 'gray',
};

export function subscriptionStatusLabel(status: SubscriptionStatus): string {
  return SUBSCRIPTION_STATUSES.find((item) => item.value === status)?.label ?? status;
}

export function SubscriptionStatusBadge({ status, endsAtPeriodEnd = false }: { status: SubscriptionStatus; endsAtPeriodEnd?: boolean }) {
  return (
    <span>
      <Badge tone={STATUS_TONES[status]}>{subscriptionStatusLabel(status)}</Badge>
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
export function pricePerPeriod(price: number, interval: BillingInterval | null): string {
  return interval ? `${formatUsd(price)} / ${interval}` : formatUsd(price);
}

/** A subscription as staff name it: 'Sub' and the last 8 characters of its id. */
export const subscriptionRef = (id: string) => `Sub #${id.slice(-8)}`;
