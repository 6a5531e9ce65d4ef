import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyScope, type ApiKeyStatus, type CreateApiKeyBody } from '@store/contracts';
import type { Kysely, Selectable, SqlBool } from 'kysely';
import type { ApiKeysTable, Database } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/*
 * API keys (docs/decisions/056-api-keys.md): `kv_live_` and 32 random bytes in base64url. The store keeps the
 * secret's SHA-256 and its first characters; a request's key is found by its digest, which an index makes one
 * lookup. A key works while it is not revoked, not expired, and the staff account that made it is still active
 * staff: demoting or deactivating a member of staff ends the keys they made.
 */

/** How many characters of the secret are kept to tell keys apart: the prefix and 4 of the random part. */
const SHOWN = API_KEY_PREFIX.length + 4;
/** The last use is written at most once a minute per key: a busy integration does not write on every request. */
const LAST_USE_STEP_SECONDS = 60;

export const digestOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether an Authorization header carries an API key rather than a session token. */
export function apiKeyOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/** A key's row with its maker's name and whether they are active staff (null: the account is gone). */
type Row = Selectable<ApiKeysTable> & { created_by_username: string | null; owner_is_staff: SqlBool | null };

/** The one rule of whether a key works, for the list and for the guard. */
function statusOf(row: { revoked_at: Date | null; expires_at: Date | null; owner_is_staff: boolean }, now: Date): ApiKeyStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.owner_is_staff ? 'active' : 'suspended';
}

function toApiKey(row: Row, now = new Date()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    status: statusOf({ ...row, owner_is_staff: row.owner_is_staff === true }, now),
    created_at: row.created_at.toISOString(),
    created_by: row.created_by_username,
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

const withCreator = (db: Kysely<Database>) =>
  db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .selectAll('api_keys')
    .select((eb) => ['users.username as created_by_username', eb.and([eb('users.role', '=', 'admin'), eb('users.is_active', '=', true)]).as('owner_is_staff')]);

export async function listApiKeys(db: Kysely<Database>): Promise<ApiKey[]> {
  const rows = await withCreator(db).orderBy('api_keys.created_at', 'desc').orderBy('api_keys.id', 'desc').execute();
  return rows.map((row) => toApiKey(row));
}

export async function findApiKey(db: Kysely<Database>, id: string): Promise<ApiKey | null> {
  const row = await withCreator(db).where('api_keys.id', '=', id).executeTakeFirst();
  return row ? toApiKey(row) : null;
}

/** Creates a key and answers it with its secret, which nothing else ever answers again. */
export async function createApiKey(db: Kysely<Database>, body: CreateApiKeyBody, createdBy: string, now = new Date()): Promise<{ key: ApiKey; secret: string }> {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest('expires_at must be in the future', 'validation_error');
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { id } = await db
    .insertInto('api_keys')
    .values({
      name: body.name.trim(),
      prefix: secret.slice(0, SHOWN),
      digest: digestOf(secret),
      scopes: [...new Set(body.scopes)],
      created_by: createdBy,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { key: (await findApiKey(db, id))!, secret };
}

/** Revokes a key at once; a key already revoked keeps its first revocation's time. Answers whether it exists. */
export async function revokeApiKey(db: Kysely<Database>, id: string): Promise<ApiKey | null> {
  await db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  return findApiKey(db, id);
}

/** A key a request may act with: what it may do, and whose it is. */
export interface ActiveApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: readonly ApiKeyScope[];
  /** The staff account that made it: the changes' owner in the database, not their actor in the audit trail. */
  createdBy: { id: string; username: string; email: string };
}

/** Why a key is refused, for the answer's detail; null when it works. */
export type KeyRefusal = 'unknown' | 'revoked' | 'expired' | 'owner';

/** The key a secret names, if it works now; notes its use (at most once a minute). */
export async function authenticateApiKey(db: Kysely<Database>, secret: string, now = new Date()): Promise<ActiveApiKey | KeyRefusal> {
  const row = await db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.id as user_id',
      'users.username',
      'users.email',
      'users.role',
      'users.is_active',
    ])
    .where('api_keys.digest', '=', digestOf(secret))
    .executeTakeFirst();
  if (!row) return 'unknown';
  const status = statusOf({ ...row, owner_is_staff: row.role === 'admin' && row.is_active === true }, now);
  if (status !== 'active' || !row.user_id || !row.username || !row.email) return status === 'suspended' || status === 'active' ? 'owner' : status;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USE_STEP_SECONDS * 1000) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - LAST_USE_STEP_SECONDS * 1000))]))
      .execute();
  }
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdBy: { id: row.user_id, username: row.username, email: row.email },
  };
}
