import { formatUsd, labelOf, BILLING_INTERVALS, toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, SubscriptionsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { fallbackOrigin } from '../http/shop-origin.ts';
import { composeMail, type MailContent } from '../mail/layout.ts';
import { readSettings } from '../settings/settings-repository.ts';

/*
 * The subscriber's mails, in the receipt's look, through the outbox (queued in the transaction that made
 * the change, so a change and its mail are one): started, renewal receipt, payment failed, cancelled, expired.
 */

export type SubscriptionMailKind = 'started' | 'renewal' | 'payment_failed' | 'cancelled' | 'expired';

type SubscriptionRow = Selectable<SubscriptionsTable>;

const day = (at: Date | null) => (at ? at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : 'now');

export interface SubscriptionMailFacts {
  /** The payment a renewal receipt is for, in cents. */
  amountCents?: number;
  /** PayPal's page where the buyer fixes the payment method. */
  updatePaymentUrl?: string | null;
  /** Suspended (no access) rather than past due (access to the period's end plus grace). */
  suspended?: boolean;
}

function contentOf(kind: SubscriptionMailKind, row: SubscriptionRow, site: string, accountUrl: string, facts: SubscriptionMailFacts): MailContent {
  const price = `${formatUsd(toDollars(row.price_cents))} ${labelOf(BILLING_INTERVALS, row.billing_interval).toLowerCase()}`;
  const account = { label: 'Open your subscriptions', href: accountUrl };
  switch (kind) {
    case 'started':
      return {
        subject: `Your ${row.title} subscription has started — ${site}`,
        heading: 'Your subscription has started',
        intro: [
          `Thank you for subscribing to ${row.title} (${price}).`,
          row.trial_ends_at
            ? `Your free trial runs until ${day(row.trial_ends_at)}; PayPal takes the first payment then.`
            : `Your next payment is due on ${day(row.current_period_end)}.`,
          'Your licence key and downloads are on your account page.',
        ],
        action: account,
        outro: ['You can cancel at any time from your account: you keep access until the end of the period you paid for.'],
      };
    case 'renewal':
      return {
        subject: `Receipt: ${row.title} renewed — ${site}`,
        heading: 'Your subscription was renewed',
        intro: [
          `We received your payment of ${formatUsd(toDollars(facts.amountCents ?? row.price_cents))} for ${row.title}.`,
          `Your licence key keeps working; the next payment is due on ${day(row.current_period_end)}.`,
        ],
        action: account,
      };
    case 'payment_failed':
      return {
        subject: `Action needed: your ${row.title} payment failed — ${site}`,
        heading: 'Your payment did not go through',
        intro: [
          `PayPal could not take the payment of ${price} for ${row.title}.`,
          facts.suspended
            ? 'Your subscription is suspended: your licence key and downloads stop working until the payment goes through.'
            : `PayPal will try again. Your licence key keeps working until ${day(row.current_period_end)} plus a few days of grace.`,
          'Update your payment method at PayPal to keep your subscription.',
        ],
        action: facts.updatePaymentUrl ? { label: 'Update payment at PayPal', href: facts.updatePaymentUrl } : account,
      };
    case 'cancelled':
      return {
        subject: `Your ${row.title} subscription was cancelled — ${site}`,
        heading: 'Your subscription was cancelled',
        intro: [
          `Your subscription to ${row.title} was cancelled: no more payments will be taken.`,
          row.current_period_end && row.status === 'cancelled'
            ? `You keep access until ${day(row.current_period_end)}.`
            : 'Your access has ended.',
        ],
        action: account,
      };
    case 'expired':
      return {
        subject: `Your ${row.title} subscription has ended — ${site}`,
        heading: 'Your subscription has ended',
        intro: [`Your subscription to ${row.title} has ended, and its licence key no longer works.`, 'You can subscribe again at any time.'],
        action: account,
      };
  }
}

/** Queues one mail to the subscriber, in the caller's transaction. */
export async function enqueueSubscriptionMail(
  app: FastifyInstance,
  trx: Transaction<Database>,
  kind: SubscriptionMailKind,
  row: SubscriptionRow,
  facts: SubscriptionMailFacts = {},
): Promise<void> {
  const [settings, user] = await Promise.all([
    readSettings(app.db, app.dataCipher, trx),
    trx.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirstOrThrow(),
  ]);
  const accountUrl = `${fallbackOrigin(app, row.origin)}/account`;
  const mail = composeMail(contentOf(kind, row, settings.site_name, accountUrl, facts));
  await trx
    .insertInto('mail_outbox')
    .values({ kind: `subscription_${kind}`, order_id: null, recipient: user.email, ...mail, last_error: null, sent_at: null })
    .execute();
}
