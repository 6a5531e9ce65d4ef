import type { AdminSubscriptionListQuery } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '../db/like.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';

/*
 * Staff's reads of subscriptions (docs/decisions/040-subscription-admin.md): the list's filter (status,
 * product, part of the buyer's email or username), newest first, and one subscription with every payment.
 */

/** The list's filter, without its paging: subscriptions joined to their buyer. */
function filteredSubscriptions(db: Kysely<Database>, query: AdminSubscriptionListQuery) {
  let filtered = db.selectFrom('subscriptions').innerJoin('users', 'users.id', 'subscriptions.user_id');
  if (query.status) filtered = filtered.where('subscriptions.status', '=', query.status);
  if (query.product_id) filtered = filtered.where('subscriptions.product_id', '=', query.product_id);
  const text = query.q?.trim();
  if (text) {
    const pattern = containsPattern(text.toLowerCase());
    filtered = filtered.where((eb) => eb.or([eb(sql`lower(users.email)`, 'like', pattern), eb(sql`lower(users.username)`, 'like', pattern)]));
  }
  return filtered;
}

/** A subscription with its buyer's name and email, as the list and the details read it. */
const SUBSCRIPTION_COLUMNS = ['users.username as user_username', 'users.email as user_email'] as const;

export type SubscriptionWithBuyer = Awaited<ReturnType<typeof findSubscription>> & object;

export async function listSubscriptions(db: Kysely<Database>, query: AdminSubscriptionListQuery) {
  const filtered = filteredSubscriptions(db, query);
  const { limit, offset } = pageOf(query);
  const [rows, total] = await Promise.all([
    filtered
      .selectAll('subscriptions')
      .select(SUBSCRIPTION_COLUMNS)
      .orderBy('subscriptions.created_at', 'desc')
      .orderBy('subscriptions.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(filtered),
  ]);
  return { rows, total };
}

export function findSubscription(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .selectAll('subscriptions')
    .select(SUBSCRIPTION_COLUMNS)
    .where('subscriptions.id', '=', id)
    .executeTakeFirst();
}

/** Every payment of a subscription, newest first: the first is the one "refund the last payment" means. */
export function paymentsOf(db: Kysely<Database>, subscriptionId: string) {
  return db
    .selectFrom('subscription_payments')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
