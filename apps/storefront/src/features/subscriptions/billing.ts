import { SUBSCRIPTION_STATUSES, type BillingInterval, type StatusTone, type Subscription, type SubscriptionStatus } from '@store/contracts';

/** "7-day free trial" for a subscription that starts with one; nothing for none. */
export function trialLabel(trialDays: number): string | null {
  return trialDays > 0 ? `${trialDays}-day free trial` : null;
}

/** The word after the price: "$19.99 / month". */
export function intervalWord(interval: BillingInterval): string {
  return interval === 'year' ? 'year' : 'month';
}

/** A status's badge: its label and tone as the contract lists them (green while it gives access, orange or red when a payment failed, grey once over). */
export function statusAppearance(status: SubscriptionStatus): { tone: StatusTone; label: string } {
  const known = SUBSCRIPTION_STATUSES.find((item) => item.value === status);
  return known ? { tone: known.tone, label: known.label } : { tone: 'gray', label: status };
}

/** A subscription the buyer may still cancel: one PayPal would bill again. */
export function canCancel(subscription: Pick<Subscription, 'status' | 'cancel_at_period_end'>): boolean {
  return !subscription.cancel_at_period_end && ['active', 'past_due', 'suspended'].includes(subscription.status);
}

/** A payment failed: PayPal's page to fix the payment method is offered (when the API gave one). */
export function needsPaymentUpdate(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'past_due' || subscription.status === 'suspended';
}
