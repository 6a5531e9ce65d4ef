import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The tables a reconciliation asks PayPal about: each has an `id` and a `paypal_checked_at`. */
type CheckedTable = 'orders' | 'subscriptions';

/** How many rows one reconciliation run takes, at most. */
const CLAIM_LIMIT = 50;

/**
 * Takes the rows a reconciliation is due to ask PayPal about and stamps their `paypal_checked_at` in the same
 * transaction. The rows are locked FOR UPDATE SKIP LOCKED, so two instances running at once never take the
 * same row; a row asked within `recheckMs` is not due, and the least recently asked go first. `due` narrows
 * the rows to the ones the caller is after and chooses the columns.
 */
export async function claimDueForPayPalCheck<T extends CheckedTable, O extends { id: string }>(
  db: Kysely<Database>,
  table: T,
  due: (query: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, O>,
  { now, recheckMs }: { now: Date; recheckMs: number },
): Promise<O[]> {
  return db.transaction().execute(async (trx) => {
    const recheckBefore = new Date(now.getTime() - recheckMs);
    const rows = await due(trx.selectFrom(table) as SelectQueryBuilder<Database, T, object>)
      .where(sql<boolean>`(paypal_checked_at IS NULL OR paypal_checked_at < ${recheckBefore})`)
      .orderBy(sql`paypal_checked_at ASC NULLS FIRST`)
      .limit(CLAIM_LIMIT)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) {
      await sql`UPDATE ${sql.table(table)} SET paypal_checked_at = ${now} WHERE id IN (${sql.join(rows.map((row) => row.id))})`.execute(trx);
    }
    return rows;
  });
}
