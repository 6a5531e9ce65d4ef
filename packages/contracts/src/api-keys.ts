import Type, { type Static } from 'typebox';
import { LIMITS } from './brand.ts';
import { ApiKeyScopeSchema, ApiKeyStatusSchema } from './enum-schemas.ts';
import { IdSchema, TimestampSchema } from './entities.ts';
import { PlainLine } from './text.ts';

/*
 * API keys: credentials for the seller's own systems (docs/decisions/056-api-keys.md). Staff create a key with
 * scopes and an optional expiry; its secret is answered once and stored as a digest; it is sent as
 * `Authorization: Bearer kv_live_…`. The routes are in the route table (routes.ts).
 */

/** What every key's secret starts with: a secret scanner (and a person) can tell it from a session token. */
export const API_KEY_PREFIX = 'kv_live_';

const NullableTimestamp = Type.Union([TimestampSchema, Type.Null()]);

/** A key as staff see it: never its secret, only its first characters. */
export const ApiKeySchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  /** The secret's first characters (`kv_live_AbCd`), to tell keys apart. */
  prefix: Type.String(),
  scopes: Type.Array(ApiKeyScopeSchema),
  /** Whether a request with it is taken now: `revoked`, `expired`, `suspended` (its maker is not active staff) or `active`. */
  status: ApiKeyStatusSchema,
  created_at: TimestampSchema,
  /** The staff account that created it; null once that account is gone. */
  created_by: Type.Union([Type.String(), Type.Null()]),
  /** After this the key is refused; null: it does not expire. */
  expires_at: NullableTimestamp,
  /** The last request made with it (to the minute); null: never used. */
  last_used_at: NullableTimestamp,
  /** Revoked keys are kept (the audit trail names them) and refused at once. */
  revoked_at: NullableTimestamp,
});
export type ApiKey = Static<typeof ApiKeySchema>;

export const ApiKeyListSchema = Type.Object({ keys: Type.Array(ApiKeySchema) });
export type ApiKeyList = Static<typeof ApiKeyListSchema>;

export const CreateApiKeyBodySchema = Type.Object(
  {
    name: PlainLine({ minLength: 1, maxLength: LIMITS.apiKeyNameMaxLength, pattern: '\\S', errorMessage: 'Name is required', missingMessage: 'Name is required' }),
    scopes: Type.Array(ApiKeyScopeSchema, { minItems: 1, uniqueItems: true, errorMessage: 'Choose at least one scope' }),
    /** When the key stops working; left out or null: never. Must be in the future. */
    expires_at: Type.Optional(NullableTimestamp),
  },
  { additionalProperties: false, examples: [{ name: 'Accounting sync', scopes: ['orders:read'], expires_at: null }] },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBodySchema>;

/** The answer to creating a key: the key, and its secret, shown this once. */
export const CreatedApiKeySchema = Type.Object({
  key: ApiKeySchema,
  /** `kv_live_…`: the store keeps only its digest and cannot show it again. */
  secret: Type.String(),
});
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;
