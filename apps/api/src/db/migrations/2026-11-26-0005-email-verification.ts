import { sql, type Kysely } from 'kysely';

/**
 * Verified emails, sign-in links and guest orders claimed (docs/decisions/024-verified-email-and-sign-in-links.md).
 * `users.email_verified_at` is set when the owner opens a mailed link; `orders.claimed_at` marks a guest
 * order that joined the account of its verified email (it stays reachable by its guest link);
 * `account_tokens` also keeps verification and sign-in links. Accounts from before stay unverified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  await db.schema.alterTable('orders').addColumn('claimed_at', 'timestamptz').execute();
  await sql`ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check`.execute(db);
  await db.schema
    .alterTable('account_tokens')
    .addCheckConstraint('account_tokens_purpose_check', sql`purpose IN ('password_reset', 'email_verification', 'magic_link')`)
    .execute();
}
