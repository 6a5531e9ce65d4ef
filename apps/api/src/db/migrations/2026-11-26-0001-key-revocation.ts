import { sql, type Kysely } from 'kysely';

/**
 * A sold key is revoked when its order is refunded (issue 14): `revoked_at` is set and the key keeps its
 * order line, so it is never sold again and the licence check answers `revoked`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('license_keys').addColumn('revoked_at', 'timestamptz').execute();
  await db.schema
    .alterTable('license_keys')
    .addCheckConstraint('license_keys_revoked_sold', sql`revoked_at IS NULL OR order_item_id IS NOT NULL`)
    .execute();
}
