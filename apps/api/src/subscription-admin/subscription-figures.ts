import { sql, type RawBuilder } from 'kysely';

/*
 * The dashboard's subscription figures and the money subscriptions bring in (docs/decisions/040-subscription-admin.md),
 * as SQL the dashboard's one query and the revenue chart embed. Subscriptions made through the payment sandbox
 * (`is_test`) moved no money: they are left out, as test orders are.
 */

/** The states that still bill: active, and past due (PayPal retries the payment). MRR counts these. */
export const RECURRING_STATUSES = ['active', 'past_due'] as const;

/** How many subscriptions are active now. */
export const activeSubscriptionsCount = (): RawBuilder<string> =>
  sql<string>`(SELECT count(*) FROM subscriptions WHERE status = 'active' AND NOT is_test)`;

/**
 * Monthly recurring revenue in cents: each billing subscription's price per month (a yearly price / 12, rounded
 * to the cent on its own), summed.
 */
export const monthlyRecurringCents = (): RawBuilder<string> =>
  sql<string>`(SELECT coalesce(sum(CASE billing_interval WHEN 'year' THEN round(price_cents / 12.0) ELSE price_cents END), 0)
    FROM subscriptions WHERE status IN (${sql.join(RECURRING_STATUSES)}) AND NOT is_test)`;

/**
 * The subscription payments the store kept: completed (not refunded or reversed), of real subscriptions. Each
 * row is `paid_at` and `amount_cents`; the revenue chart groups them by day, the dashboard sums them.
 */
export const keptSubscriptionPayments = (): RawBuilder<{ paid_at: Date; amount_cents: number }> =>
  sql`(SELECT p.paid_at, p.amount_cents FROM subscription_payments p JOIN subscriptions s ON s.id = p.subscription_id
    WHERE p.status = 'completed' AND NOT s.is_test)`;

/** The sum of the kept subscription payments, in cents. */
export const subscriptionRevenueCents = (): RawBuilder<string> =>
  sql<string>`(SELECT coalesce(sum(kept.amount_cents), 0) FROM ${keptSubscriptionPayments()} AS kept)`;
