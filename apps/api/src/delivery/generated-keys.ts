import { randomInt } from 'node:crypto';
import { KEY_ALPHABET } from '@store/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DataCipher } from '../security/data-encryption.ts';
import { sealLicenseKey } from '../orders/license-keys.ts';

/** A key from `pattern`: every `X` a random character of KEY_ALPHABET (crypto-random, uniform), the rest kept. */
export function generateKey(pattern: string): string {
  return pattern.replace(/X/g, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]!);
}

/** Tries before giving up on a unique key: with the pattern's 40 bits or more, a second try is already a rare event. */
const ATTEMPTS = 5;

/**
 * Generates `count` keys for a delivered line and stores them (encrypted, with their digest) as sold to
 * it, inside the delivery's transaction. A key equal to one the product already has is thrown away by
 * the digest's unique index and another is made.
 */
export async function generateKeysFor(
  trx: Transaction<Database>,
  cipher: DataCipher,
  line: { itemId: string; productId: string; pattern: string; count: number },
): Promise<void> {
  let missing = line.count;
  for (let attempt = 0; attempt < ATTEMPTS && missing > 0; attempt += 1) {
    const rows = Array.from({ length: missing }, () => ({
      product_id: line.productId,
      ...sealLicenseKey(cipher, line.productId, generateKey(line.pattern)),
      order_item_id: line.itemId,
      sold_at: new Date(),
    }));
    const inserted = await trx
      .insertInto('license_keys')
      .values(rows)
      .onConflict((oc) => oc.constraint('license_keys_product_digest_key').doNothing())
      .returning('id')
      .execute();
    missing -= inserted.length;
  }
  if (missing > 0) throw new Error(`Could not generate ${line.count} unique keys for product ${line.productId}: its pattern has too few X`);
}
