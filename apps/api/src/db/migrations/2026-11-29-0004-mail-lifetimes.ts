import { sql, type Kysely } from 'kysely';

/**
 * Mail that is no use late is not sent late (docs/decisions/011-mail-outbox.md). `send_before`: after it the
 * outbox drops the message as `expired` (an account link past its own expiry, a receipt a month old); null
 * means no bound. `withdrawn`: a receipt whose order was refunded (or otherwise left completed) before it
 * went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('send_before', 'timestamptz').execute();
  await sql`ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'expired', 'withdrawn'))`.execute(
    db,
  );
}
