import { sql, type Kysely } from 'kysely';

/**
 * The licence check API (docs/decisions/025-licence-check-api.md): each product's limit of instances
 * (machines) one sold key may be activated on, 0 for no limit, and the activations themselves, one row per
 * key and instance. An activation outlives a revocation: it stays as a record, and the check says `revoked`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('max_activations', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(3)
        .check(sql`max_activations BETWEEN 0 AND 10000`),
    )
    .execute();

  await db.schema
    .createTable('license_activations')
    .addColumn('license_key_id', 'uuid', (col) => col.notNull().references('license_keys.id').onDelete('cascade'))
    .addColumn('instance', 'text', (col) => col.notNull().check(sql`char_length(instance) BETWEEN 1 AND 200`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // One row per instance: activating it again finds the row; the key's first column serves the count.
    .addPrimaryKeyConstraint('license_activations_pkey', ['license_key_id', 'instance'])
    .execute();

  // The check looks a key up by its digest alone when it is not told the product; only sold keys answer.
  await sql`CREATE INDEX license_keys_sold_digest_idx ON license_keys (key_digest) WHERE order_item_id IS NOT NULL`.execute(db);
}
