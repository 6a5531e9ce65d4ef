import type { OrderStatus } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Orders whose money was taken (paid, confirmed by staff, delivered, or given back): the ones an account claims. */
export const CLAIMABLE_STATUSES: readonly OrderStatus[] = ['paid', 'confirmed', 'completed', 'refunded'];

/**
 * Guest orders paid with an account's verified email join the account (docs/decisions/024): one
 * statement, so two claims at once move each order once. Nothing moves while the email is unverified;
 * guest orders not paid yet stay with their guest checkout. A claimed order keeps its guest link working
 * (`claimed_at`). Answers how many orders joined.
 */
export async function claimGuestOrders(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await sql`UPDATE orders AS o SET user_id = u.id, claimed_at = now()
    FROM users AS u
    WHERE u.id = ${userId} AND u.email_verified_at IS NOT NULL AND u.is_active
      AND o.user_id IS NULL AND o.status IN (${sql.join(CLAIMABLE_STATUSES)}) AND lower(o.invoice_email) = lower(u.email)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
