import { LIMITS, type LicenseState, type LicenseStatus, type SubscriptionStatus } from '@store/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { subscriptionKeyState } from '../subscriptions/subscription-keys.ts';

/*
 * The licence check for the software the shop sells (docs/decisions/025-licence-check-api.md). A key is
 * found by its keyed digest among sold keys only, so a key never sold and no key at all are one and the
 * same answer, reached by the same query; activations are counted under a row lock on the key.
 */

/** What every key that is not a sold key of the product answers: nothing about any key. */
export const UNKNOWN_LICENSE: LicenseStatus = { valid: false, status: 'unknown', product_id: null, activations: 0, max_activations: null, expires_at: null };

/**
 * Activations one key may hold on a product that sets no limit (`max_activations` 0): a bound on the
 * table against a key shared on the internet, not a rule of the product.
 */
export const ACTIVATIONS_CEILING = LIMITS.maxActivationsMax;

interface SoldKey {
  id: string;
  product_id: string;
  revoked_at: Date | null;
  max_activations: number;
  /** A subscription's key: when it stops working, and its subscription's status (docs/decisions/037-subscriptions.md). */
  expires_at: Date | null;
  subscription_status: SubscriptionStatus | null;
}

/**
 * Which key a request names: the digest of its text, the digest of its text in upper case (a product whose
 * key pattern is upper case takes its keys in any case), and, when given, its product.
 */
export interface KeyQuery {
  digest: string;
  upperDigest: string;
  productId: string | undefined;
}

/** The clock the statuses are read with (the store's, which tests may move). */
export type Clock = () => Date;

const licenseNotFound = () =>
  notFound('This licence key is not valid: check that it is typed exactly as it was received, for this product.', 'license_not_found');
const licenseRevoked = () =>
  new AppError('conflict', 'This licence key was revoked: the order that bought it was refunded.', 'license_revoked');
const licenseExpired = () =>
  new AppError('conflict', 'This licence key has expired: its subscription ended. Renew the subscription to use it again.', 'license_expired');
const licenseSuspended = () =>
  new AppError('conflict', "This licence key is suspended: its subscription's payment failed. Update the payment at PayPal to use it again.", 'license_suspended');

/** A key of a product whose pattern is upper case: its text is compared without case. */
const CASELESS = sql<boolean>`(p.key_mode = 'generated' AND p.key_pattern IS NOT NULL AND p.key_pattern = upper(p.key_pattern))`;

const SOLD_KEY_COLUMNS = ['k.id', 'k.product_id', 'k.revoked_at', 'p.max_activations', 'k.expires_at', 's.status as subscription_status'] as const;

/**
 * The sold key with this digest (of the product, when given), or null. The same key text may sit in two
 * products' pools; sold in both and asked without a product, the caller must say which.
 */
async function findSoldKey(db: Kysely<Database>, { digest, upperDigest, productId }: KeyQuery): Promise<SoldKey | null> {
  let query = db
    .selectFrom('license_keys as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('subscriptions as s', 's.id', 'k.subscription_id')
    .select(SOLD_KEY_COLUMNS)
    .where((eb) =>
      eb.or([eb('k.key_digest', '=', digest), eb.and([eb('k.key_digest', '=', upperDigest), eb(CASELESS, '=', true)])]),
    )
    .where((eb) => eb.or([eb('k.order_item_id', 'is not', null), eb('k.subscription_id', 'is not', null)]));
  if (productId !== undefined) query = query.where('k.product_id', '=', productId);
  const rows = await query.limit(2).execute();
  if (rows.length > 1) {
    throw badRequest('This licence key was sold for more than one product: send product_id to say which.', 'license_product_required');
  }
  return rows[0] ?? null;
}

/** The key again, its row locked until the transaction ends: activations of one key are counted one at a time. */
async function lockKey(trx: Transaction<Database>, id: string): Promise<SoldKey> {
  return trx
    .selectFrom('license_keys as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('subscriptions as s', 's.id', 'k.subscription_id')
    .select(SOLD_KEY_COLUMNS)
    .where('k.id', '=', id)
    .forUpdate('k')
    .executeTakeFirstOrThrow();
}

async function activationsOf(db: Kysely<Database>, keyId: string): Promise<number> {
  const row = await db
    .selectFrom('license_activations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('license_key_id', '=', keyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A perpetual key is active until revoked; a subscription's, while its subscription gives access. */
function stateOf(key: SoldKey, now: Date): LicenseState {
  if (key.subscription_status) return subscriptionKeyState(key, key.subscription_status, now);
  return key.revoked_at === null ? 'active' : 'revoked';
}

function statusOf(key: SoldKey, activations: number, now: Date): LicenseStatus {
  const status = stateOf(key, now);
  return {
    valid: status === 'active',
    status,
    product_id: key.product_id,
    activations,
    max_activations: key.max_activations === 0 ? null : key.max_activations,
    expires_at: key.expires_at?.toISOString() ?? null,
  };
}

/** Refuses a change of a key that does not work now, saying why. */
function refuseInactive(key: SoldKey, now: Date): void {
  const state = stateOf(key, now);
  if (state === 'revoked') throw licenseRevoked();
  if (state === 'suspended') throw licenseSuspended();
  if (state === 'expired') throw licenseExpired();
}

/** What the shop knows of a key: active, revoked, or unknown (never sold, another product's, or none). */
export async function checkLicense(db: Kysely<Database>, query: KeyQuery, now: Clock = () => new Date()): Promise<LicenseStatus> {
  const key = await findSoldKey(db, query);
  if (!key) return UNKNOWN_LICENSE;
  return statusOf(key, await activationsOf(db, key.id), now());
}

/**
 * Counts `instance` against the product's limit; an instance already counted changes nothing. Answers the
 * key's status after, and whether this call added the instance.
 */
export async function activateLicense(
  db: Kysely<Database>,
  query: KeyQuery,
  instance: string,
  clock: Clock = () => new Date(),
): Promise<{ status: LicenseStatus; added: boolean; keyId: string }> {
  const found = await findSoldKey(db, query);
  if (!found) throw licenseNotFound();
  return db.transaction().execute(async (trx) => {
    // Locked, then read again: a revocation or another activation committed meanwhile is seen, and two
    // activations racing for the last slot are counted one after the other.
    const key = await lockKey(trx, found.id);
    const now = clock();
    refuseInactive(key, now);
    const count = await activationsOf(trx, key.id);
    const known = await trx
      .selectFrom('license_activations')
      .select('instance')
      .where('license_key_id', '=', key.id)
      .where('instance', '=', instance)
      .executeTakeFirst();
    if (known) return { status: statusOf(key, count, now), added: false, keyId: key.id };
    const limit = key.max_activations === 0 ? ACTIVATIONS_CEILING : Math.min(key.max_activations, ACTIVATIONS_CEILING);
    if (count >= limit) {
      const detail =
        key.max_activations === 0
          ? `This licence key is activated on ${count.toLocaleString('en-US')} instances, the most one key may have: deactivate one of them first.`
          : `This licence key is activated on ${count} of its ${limit} instances already: deactivate one of them first.`;
      throw new AppError('conflict', detail, 'activation_limit_reached');
    }
    await trx.insertInto('license_activations').values({ license_key_id: key.id, instance }).execute();
    return { status: statusOf(key, count + 1, now), added: true, keyId: key.id };
  });
}

/** Frees `instance`'s slot. A revoked key keeps its activations as they were: they are its record. */
export async function deactivateLicense(
  db: Kysely<Database>,
  query: KeyQuery,
  instance: string,
  clock: Clock = () => new Date(),
): Promise<{ status: LicenseStatus; keyId: string }> {
  const found = await findSoldKey(db, query);
  if (!found) throw licenseNotFound();
  return db.transaction().execute(async (trx) => {
    const key = await lockKey(trx, found.id);
    if (key.revoked_at !== null) throw licenseRevoked();
    const removed = await trx
      .deleteFrom('license_activations')
      .where('license_key_id', '=', key.id)
      .where('instance', '=', instance)
      .executeTakeFirst();
    if (removed.numDeletedRows === 0n) {
      throw notFound('This licence key is not activated on this instance.', 'activation_not_found');
    }
    return { status: statusOf(key, await activationsOf(trx, key.id), clock()), keyId: key.id };
  });
}
