import { toDollars, type AdminSubscription, type AdminSubscriptionSummary } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { SubscriptionPaymentsTable } from '../db/schema.ts';
import { presentSubscriptions } from '../subscriptions/subscription-view.ts';
import type { SubscriptionWithBuyer } from './subscription-repository.ts';

/*
 * Subscriptions as staff see them (docs/decisions/040-subscription-admin.md): what the subscriber sees (the
 * core's view: key and its state now, PayPal's page to fix a payment; no download links, as an order's details
 * for staff carry none), with the buyer, PayPal's failure count and, in the details, every payment.
 */

export async function presentSubscriptionSummaries(app: FastifyInstance, rows: SubscriptionWithBuyer[]): Promise<AdminSubscriptionSummary[]> {
  const seen = await presentSubscriptions(app, rows, { links: false });
  return rows.map((row, index) => ({
    ...seen[index]!,
    user: { id: row.user_id, username: row.user_username, email: row.user_email },
    failed_payments_count: row.failed_payments_count,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
  }));
}

export async function presentAdminSubscription(
  app: FastifyInstance,
  row: SubscriptionWithBuyer,
  payments: Selectable<SubscriptionPaymentsTable>[],
): Promise<AdminSubscription> {
  const [summary] = await presentSubscriptionSummaries(app, [row]);
  return {
    ...summary!,
    payments: payments.map((payment) => ({
      id: payment.id,
      paypal_sale_id: payment.paypal_sale_id,
      amount: toDollars(payment.amount_cents),
      status: payment.status,
      paid_at: payment.paid_at.toISOString(),
      refunded_at: payment.refunded_at?.toISOString() ?? null,
    })),
  };
}
