import { LIMITS, ProductInputSchema, type AdminProduct, type BillingInterval, type ProductInput, type ProductType } from '@store/contracts';

/**
 * The product form's subscription fields as typed: how often PayPal bills (none chosen yet for a new
 * product) and the free trial's days. They count only while the type is Subscription (issue 24).
 */
export interface SubscriptionDraft {
  billing_interval: BillingInterval | '';
  /** Days as typed; empty counts as 0. */
  trial_days: string;
}

export type SubscriptionField = 'billing_interval' | 'trial_days';

/** The contract's bound and sentence for the trial, so they are written once. */
const trialSchema = ProductInputSchema.properties.trial_days as { maximum?: unknown; errorMessage?: unknown };
export const TRIAL_DAYS_MAX = typeof trialSchema.maximum === 'number' ? trialSchema.maximum : LIMITS.trialDaysMax;

export const SUBSCRIPTION_MESSAGES = {
  /** The API's own sentence for a subscription saved without one. */
  intervalRequired: 'A subscription needs a billing interval',
  trialDays:
    typeof trialSchema.errorMessage === 'string'
      ? trialSchema.errorMessage
      : `The free trial is a whole number of days from 0 to ${TRIAL_DAYS_MAX}`,
} as const;

export function emptySubscriptionDraft(): SubscriptionDraft {
  return { billing_interval: '', trial_days: '0' };
}

export function subscriptionDraftOf(product: Pick<AdminProduct, 'billing_interval' | 'trial_days'>): SubscriptionDraft {
  return { billing_interval: product.billing_interval ?? '', trial_days: String(product.trial_days) };
}

/** Days as a number; empty is 0, anything else that is no number is NaN (the check names the bounds). */
function parseTrialDays(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : Number(trimmed);
}

/**
 * What the API takes: the interval and trial of a subscription; for any other type no interval and no trial,
 * so a product turned from Subscription into Single loses both.
 */
export function subscriptionInput(
  draft: SubscriptionDraft & { product_type: ProductType },
): Pick<ProductInput, 'billing_interval' | 'trial_days'> {
  if (draft.product_type !== 'subscription') return { billing_interval: null, trial_days: 0 };
  return { billing_interval: draft.billing_interval === '' ? null : draft.billing_interval, trial_days: parseTrialDays(draft.trial_days) };
}

/** The messages the fields show, as the API would refuse them: an interval is required, the trial 0 to 90 whole days. */
export function subscriptionProblems(draft: SubscriptionDraft & { product_type: ProductType }): Partial<Record<SubscriptionField, string>> {
  if (draft.product_type !== 'subscription') return {};
  const problems: Partial<Record<SubscriptionField, string>> = {};
  if (draft.billing_interval === '') problems.billing_interval = SUBSCRIPTION_MESSAGES.intervalRequired;
  const days = parseTrialDays(draft.trial_days);
  if (!Number.isInteger(days) || days < 0 || days > TRIAL_DAYS_MAX) problems.trial_days = SUBSCRIPTION_MESSAGES.trialDays;
  return problems;
}
