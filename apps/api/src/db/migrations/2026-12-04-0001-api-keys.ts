import { sql, type Kysely } from 'kysely';

/**
 * API keys for the seller's own systems (docs/decisions/056-api-keys.md). The secret is never stored: its
 * SHA-256 digest is (the secret is 32 random bytes, so a fast digest is as safe as a slow one and costs a
 * request nothing). Revoked keys stay: the audit trail names the key that made each change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE api_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    prefix text NOT NULL,
    digest text NOT NULL UNIQUE,
    scopes text[] NOT NULL,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz,
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX api_keys_created_at ON api_keys (created_at DESC, id DESC)`.execute(db);
  // A change made with a key is the key's: the staff account that created it is not the actor.
  await sql`ALTER TABLE audit_log ADD COLUMN api_key_id uuid REFERENCES api_keys (id)`.execute(db);
}
