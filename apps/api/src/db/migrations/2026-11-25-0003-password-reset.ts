import { sql, type Kysely } from 'kysely';

/**
 * Single-use links mailed to an account's owner (docs/decisions/023-password-reset.md): only the SHA-256
 * of each token is kept, so the table alone opens no account. `used_at` is set by the one statement that
 * spends a token; a link past `expires_at` is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose IN ('password_reset')`))
    .addColumn('token_digest', 'bytea', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  // The links an account asked for lately (the per-account cap) and the ones to drop with a new password.
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose', 'created_at']).execute();
  await db.schema.createIndex('account_tokens_expires_idx').on('account_tokens').column('expires_at').execute();
}
