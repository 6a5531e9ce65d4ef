import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict } from '../errors.ts';

/**
 * A subscription is bought through PayPal Subscriptions on its own (`POST /api/subscriptions`), never in a
 * one-off order, which would charge it once and sell a key that never expires (docs/decisions/037-subscriptions.md).
 */
export async function refuseSubscriptionLines(db: Kysely<Database>, lines: readonly { product_id: string }[]): Promise<void> {
  if (lines.length === 0) return;
  const subscription = await db
    .selectFrom('products')
    .select('title')
    .where(
      'id',
      'in',
      lines.map((line) => line.product_id),
    )
    .where('product_type', '=', 'subscription')
    .executeTakeFirst();
  if (subscription) {
    throw conflict(
      `Subscriptions are checked out on their own: subscribe to ${subscription.title} from its page, and order the other items separately.`,
      'subscription_checkout_separate',
    );
  }
}
