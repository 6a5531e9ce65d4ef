import { LIMITS, type LicenseStatus } from '@store/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest, notFound } from '../errors.ts';

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
}

/** Which key a request names: the digest of its text and, when given, its product. */
export interface KeyQuery {
  digest: string;
  productId: string | undefined;
}

const licenseNotFound = () =>
  notFound('This licence key is not valid: check that it is typed exactly as it was received, for this product.', 'license_not_found');
const licenseRevoked = () =>
  new AppError('conflict', 'This licence key was revoked: the order that bought it was refunded.', 'license_revoked');

/**
 * The sold key with this digest (of the product, when given), or null. The same key text may sit in two
 * products' pools; sold in both and asked without a product, the caller must say which.
 */
async function findSoldKey(db: Kysely<Database>, { digest, productId }: KeyQuery): Promise<SoldKey | null> {
  let query = db
    .selectFrom('license_keys as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.id', 'k.product_id', 'k.revoked_at', 'p.max_activations'])
    .where('k.key_digest', '=', digest)
    .where('k.order_item_id', 'is not', null);
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
    .select(['k.id', 'k.product_id', 'k.revoked_at', 'p.max_activations'])
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

function statusOf(key: SoldKey, activations: number): LicenseStatus {
  const active = key.revoked_at === null;
  return {
    valid: active,
    status: active ? 'active' : 'revoked',
    product_id: key.product_id,
    activations,
    max_activations: key.max_activations === 0 ? null : key.max_activations,
    expires_at: null,
  };
}

/** What the shop knows of a key: active, revoked, or unknown (never sold, another product's, or none). */
export async function checkLicense(db: Kysely<Database>, query: KeyQuery): Promise<LicenseStatus> {
  const key = await findSoldKey(db, query);
  if (!key) return UNKNOWN_LICENSE;
  return statusOf(key, await activationsOf(db, key.id));
}

/**
 * Counts `instance` against the product's limit; an instance already counted changes nothing. Answers the
 * key's status after, and whether this call added the instance.
 */
export async function activateLicense(
  db: Kysely<Database>,
  query: KeyQuery,
  instance: string,
): Promise<{ status: LicenseStatus; added: boolean; keyId: string }> {
  const found = await findSoldKey(db, query);
  if (!found) throw licenseNotFound();
  return db.transaction().execute(async (trx) => {
    // Locked, then read again: a revocation or another activation committed meanwhile is seen, and two
    // activations racing for the last slot are counted one after the other.
    const key = await lockKey(trx, found.id);
    if (key.revoked_at !== null) throw licenseRevoked();
    const count = await activationsOf(trx, key.id);
    const known = await trx
      .selectFrom('license_activations')
      .select('instance')
      .where('license_key_id', '=', key.id)
      .where('instance', '=', instance)
      .executeTakeFirst();
    if (known) return { status: statusOf(key, count), added: false, keyId: key.id };
    const limit = key.max_activations === 0 ? ACTIVATIONS_CEILING : Math.min(key.max_activations, ACTIVATIONS_CEILING);
    if (count >= limit) {
      const detail =
        key.max_activations === 0
          ? `This licence key is activated on ${count.toLocaleString('en-US')} instances, the most one key may have: deactivate one of them first.`
          : `This licence key is activated on ${count} of its ${limit} instances already: deactivate one of them first.`;
      throw new AppError('conflict', detail, 'activation_limit_reached');
    }
    await trx.insertInto('license_activations').values({ license_key_id: key.id, instance }).execute();
    return { status: statusOf(key, count + 1), added: true, keyId: key.id };
  });
}

/** Frees `instance`'s slot. A revoked key keeps its activations as they were: they are its record. */
export async function deactivateLicense(
  db: Kysely<Database>,
  query: KeyQuery,
  instance: string,
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
    return { status: statusOf(key, await activationsOf(trx, key.id)), keyId: key.id };
  });
}
