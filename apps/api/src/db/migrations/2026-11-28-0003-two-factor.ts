import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in for staff (docs/decisions/030-two-factor-sign-in.md).
 * `users.totp_secret` is the TOTP secret sealed by the DataCipher to its account (set at setup, in use once
 * `totp_enabled_at` is set); `totp_last_step` is the last 30-second step whose code was taken, so a code is
 * never taken twice (RFC 6238 §5.2). `recovery_codes` keeps only keyed digests of the ten codes, each spent
 * by setting `used_at`. `two_factor_challenges` is the sign-in between the password and the code: only the
 * SHA-256 of its token is kept, with the wrong codes sent so far. `require_staff_two_factor` is the setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'integer')
    .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('require_staff_two_factor', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_digest', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .addUniqueConstraint('recovery_codes_user_digest_key', ['user_id', 'code_digest'])
    .execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_digest', 'bytea', (col) => col.notNull().unique())
    .addColumn('password_check', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_expires_idx').on('two_factor_challenges').column('expires_at').execute();
}
