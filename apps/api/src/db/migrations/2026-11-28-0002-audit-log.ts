import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (docs/decisions/029-audit-trail.md): one row per staff change, with who (the account, and its
 * username kept even once the account is gone), when, from which address and browser, the route's name, the
 * target, the answer's status and what changed (masked and bounded by the API, which shortens every value
 * below the bounds checked here: apps/api/src/audit/audit-trail.ts).
 *
 * Append-only in the database itself, so not even a bug in the API can rewrite history: a trigger refuses
 * UPDATE, DELETE and TRUNCATE. Its one exception is the foreign key's own ON DELETE SET NULL (an account
 * deleted leaves its rows with actor_id null, nothing else changed). An operator who must prune old rows does
 * it by hand as the table's owner, in one transaction: ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
 * DELETE FROM audit_log WHERE at < ...; ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_username', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text', (col) => col.check(sql`length(user_agent) <= 512`))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull().check(sql`length(path) <= 2048`))
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text', (col) => col.check(sql`length(target_label) <= 200`))
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('error_code', 'text')
    .addColumn('changes', 'jsonb', (col) => col.check(sql`length(changes::text) <= 65536`))
    .execute();

  // The screen's order (newest first) and its filters, each newest first within.
  await sql`CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (lower(actor_username), at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_action ON audit_log (action, at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target ON audit_log (target_type, target_id, at DESC)`.execute(db);

  await sql`
    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The foreign key's ON DELETE SET NULL runs inside the users' delete (trigger depth 2): it may clear
      -- actor_id and nothing else. Any other change is refused, whoever asks.
      IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
        IF NEW.actor_id IS NULL AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
          RETURN NEW;
        END IF;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(
    db,
  );
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`.execute(
    db,
  );
}
