import { sql, type Kysely } from 'kysely';

/**
 * Security notices (docs/decisions/033-security-notices.md): the notices of sign-ins from new addresses an
 * account was sent within a day are counted by recipient before another is queued; this index keeps that
 * count off the rest of the outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX mail_outbox_sign_in_notice_idx ON mail_outbox (recipient, created_at) WHERE kind = 'sign_in_notice'`.execute(db);
}
