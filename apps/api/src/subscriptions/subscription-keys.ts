import { DEFAULT_KEY_PATTERN, type LicenseState, type SubscriptionStatus } from '@store/contracts';
import { sql, type Transaction } from 'kysely';
import { generateKey } from '../delivery/generated-keys.ts';
import type { Database } from '../db/schema.ts';
import { sealLicenseKey } from '../orders/license-keys.ts';
import type { DataCipher } from '../security/data-encryption.ts';

/*
 * A subscription's one licence key (docs/decisions/037-subscriptions.md): taken from the product's key
 * source at the first activation, exactly once (a unique index on `license_keys.subscription_id`), the same
 * across renewals; only its `expires_at` moves.
 */

const DAY_MS = 86_400_000;

/** Statuses whose key works (to its `expires_at`). */
const GIVES_ACCESS: ReadonlySet<SubscriptionStatus> = new Set(['active', 'past_due', 'cancelled']);

/**
 * When the key stops working: the paid period's end plus the grace days while payments go on (active,
 * past due); the period's end itself once cancelled (no payment is coming to wait for). Null before any period.
 */
export function keyExpiry(status: SubscriptionStatus, periodEnd: Date | null, graceDays: number): Date | null {
  if (!periodEnd) return null;
  if (status === 'cancelled' || status === 'expired') return periodEnd;
  return new Date(periodEnd.getTime() + graceDays * DAY_MS);
}

/**
 * Whether a subscription gives access now: a status that does (active, past due, cancelled) and `now` before
 * its key's end. The one rule for its key and its downloads (docs/decisions/041-subscription-downloads.md).
 */
export function givesAccess(status: SubscriptionStatus, periodEnd: Date | null, graceDays: number, now: Date): boolean {
  const ends = keyExpiry(status, periodEnd, graceDays);
  return GIVES_ACCESS.has(status) && ends !== null && ends.getTime() > now.getTime();
}

/** What the licence API says of a subscription's key now. */
export function subscriptionKeyState(
  key: { revoked_at: Date | null; expires_at: Date | null },
  status: SubscriptionStatus,
  now: Date,
): LicenseState {
  if (key.revoked_at) return 'revoked';
  if (status === 'suspended') return 'suspended';
  if (!GIVES_ACCESS.has(status)) return 'expired';
  return key.expires_at && key.expires_at.getTime() > now.getTime() ? 'active' : 'expired';
}

/** Tries before giving up on a unique generated key (as generated-keys.ts). */
const ATTEMPTS = 5;

/**
 * Gives the subscription its key, once: an unsold key of the product's pool when it sells from one and has
 * any, otherwise one generated from its pattern (a pool that ran dry still serves a paying subscriber).
 */
export async function issueSubscriptionKey(
  trx: Transaction<Database>,
  cipher: DataCipher,
  subscription: { id: string; product_id: string },
  expiresAt: Date | null,
): Promise<void> {
  const existing = await trx.selectFrom('license_keys').select('id').where('subscription_id', '=', subscription.id).executeTakeFirst();
  if (existing) return;
  const product = await trx
    .selectFrom('products')
    .select(['key_mode', 'key_pattern', 'delivery'])
    .where('id', '=', subscription.product_id)
    .executeTakeFirstOrThrow();
  if (product.key_mode === 'pool') {
    const taken = await sql<{ id: string }>`UPDATE license_keys SET subscription_id = ${subscription.id}, sold_at = now(), expires_at = ${expiresAt}
      WHERE id = (SELECT id FROM license_keys WHERE product_id = ${subscription.product_id} AND order_item_id IS NULL
                  AND subscription_id IS NULL AND revoked_at IS NULL ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`.execute(trx);
    if (taken.rows.length > 0) {
      // A pool product's stock is its unsold keys.
      if (product.delivery === 'license_key') {
        await trx
          .updateTable('products')
          .set({ stock_quantity: sql`greatest(stock_quantity - 1, 0)`, updated_at: sql`now()` })
          .where('id', '=', subscription.product_id)
          .execute();
      }
      return;
    }
  }
  const pattern = product.key_pattern ?? DEFAULT_KEY_PATTERN;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const inserted = await trx
      .insertInto('license_keys')
      .values({
        product_id: subscription.product_id,
        ...sealLicenseKey(cipher, subscription.product_id, generateKey(pattern)),
        order_item_id: null,
        subscription_id: subscription.id,
        sold_at: new Date(),
        expires_at: expiresAt,
      })
      .onConflict((oc) => oc.constraint('license_keys_product_digest_key').doNothing())
      .returning('id')
      .execute();
    if (inserted.length > 0) return;
  }
  throw new Error(`Could not generate a unique key for subscription ${subscription.id}`);
}
