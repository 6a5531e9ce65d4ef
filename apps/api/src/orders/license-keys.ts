import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import type { DataCipher } from '../security/data-encryption.ts';

/*
 * Licence keys are stored encrypted, sealed to their product, with a keyed digest of the key for the
 * uniqueness per product (docs/decisions/018-data-encryption.md).
 */
const DIGEST_CONTEXT = 'license_keys.key_value';
const contextOf = (productId: string) => `license_keys.key_value:${productId}`;

/** The keyed digest of a key, as `license_keys.key_digest` holds it: how a key is found without decrypting any. */
export function licenseKeyDigest(cipher: DataCipher, key: string): string {
  return cipher.digest(key, DIGEST_CONTEXT);
}

/** The stored columns of a product's key: the envelope and the digest. */
export function sealLicenseKey(cipher: DataCipher, productId: string, key: string): { key_value: string; key_digest: string } {
  return { key_value: cipher.encrypt(key, contextOf(productId)), key_digest: licenseKeyDigest(cipher, key) };
}

/** The key in clear, from a stored row. */
export function openLicenseKey(cipher: DataCipher, row: { product_id: string; key_value: string }): string {
  return cipher.decrypt(row.key_value, contextOf(row.product_id));
}

/** Rows encrypted per transaction by the start-up step (three bind parameters a row). */
const ROWS_PER_BATCH = 500;

/**
 * Encrypts the keys still stored in clear (by a version before encryption at rest): a key without a
 * digest is in clear, and gets both in one update, so running this again, or on two instances at
 * once (rows locked, others skipped), never encrypts a key twice. Answers how many were encrypted.
 */
export async function encryptClearLicenseKeys(db: Kysely<Database>, cipher: DataCipher): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('license_keys')
        .select(['id', 'product_id', 'key_value'])
        .where('key_digest', 'is', null)
        .limit(ROWS_PER_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      const values = rows.map((row) => {
        const sealed = sealLicenseKey(cipher, row.product_id, row.key_value);
        return sql`(${row.id}::uuid, ${sealed.key_value}, ${sealed.key_digest})`;
      });
      await sql`UPDATE license_keys AS k SET key_value = v.key_value, key_digest = v.key_digest
        FROM (VALUES ${sql.join(values)}) AS v(id, key_value, key_digest)
        WHERE k.id = v.id AND k.key_digest IS NULL`.execute(trx);
      return rows.length;
    });
    if (done === 0) return total;
    total += done;
  }
}

export interface KeyStock {
  available: number;
  sold: number;
  reserved: number;
}

/** A product's keys: unsold (its stock), sold, and the units of it live checkouts hold (docs/decisions/036-holds-at-payment.md). */
async function stockOf(db: Kysely<Database>, productId: string): Promise<KeyStock> {
  const row = await db
    .selectFrom('license_keys')
    .select([
      sql<string>`count(*) FILTER (WHERE order_item_id IS NULL AND subscription_id IS NULL)`.as('available'),
      sql<string>`count(*) FILTER (WHERE order_item_id IS NOT NULL OR subscription_id IS NOT NULL)`.as('sold'),
      sql<string>`(SELECT coalesce(sum(oi.quantity), 0) FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.status = 'pending' AND o.stock_reserved AND oi.product_id = ${productId} AND oi.delivery = 'license_key')`.as('held'),
    ])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { available: Number(row.available), sold: Number(row.sold), reserved: Number(row.held) };
}

export async function licenseKeyStock(app: FastifyInstance, productId: string): Promise<KeyStock> {
  const product = await app.db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found', 'product_not_found');
  return stockOf(app.db, productId);
}

/** Rows per INSERT when keys are added: 5,000 bind parameters, far below PostgreSQL's 65,535. */
const KEYS_PER_INSERT = 1_000;

/** The keys of a paste: one per line, trimmed, blank lines skipped; a key repeated in the paste counts once. */
export function parseKeys(text: string): { keys: string[]; repeated: string[] } {
  const keys: string[] = [];
  const repeated: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const key = line.trim();
    if (!key) continue;
    if (seen.has(key)) repeated.push(key);
    else {
      seen.add(key);
      keys.push(key);
    }
  }
  return { keys, repeated };
}

/**
 * Adds keys to a product's pool. The product then sells by key: its stock is the number of unsold keys.
 * Keys already in the pool are refused and reported.
 */
export async function addLicenseKeys(
  app: FastifyInstance,
  productId: string,
  text: string,
): Promise<{ added: number; duplicates: string[]; stock: KeyStock }> {
  const { keys, repeated } = parseKeys(text);
  // Sealed before the transaction: encryption is CPU work that need not hold the product's lock.
  const sealed = keys.map((key) => ({ key, ...sealLicenseKey(app.dataCipher, productId, key) }));
  return app.db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['stock_quantity', 'delivery', 'key_mode'])
      .where('id', '=', productId)
      .where('archived_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw notFound('Product not found', 'product_not_found');
    if (product.key_mode === 'generated') {
      throw conflict('This product generates its keys from its pattern: switch it to pasted keys before adding a pool', 'conflict');
    }
    // In chunks: one INSERT of a big paste would pass PostgreSQL's limit of 65,535 bind parameters
    // (five a row). The chunks share the transaction, so the paste is still added whole or not at all.
    // A key already in the pool has the same digest: the conflict skips it, and the digests returned
    // tell which keys went in.
    const added = new Set<string>();
    for (let start = 0; start < sealed.length; start += KEYS_PER_INSERT) {
      const rows = await trx
        .insertInto('license_keys')
        .values(
          sealed
            .slice(start, start + KEYS_PER_INSERT)
            .map(({ key_value, key_digest }) => ({ product_id: productId, key_value, key_digest, order_item_id: null, sold_at: null })),
        )
        .onConflict((oc) => oc.constraint('license_keys_product_digest_key').doNothing())
        .returning('key_digest')
        .execute();
      for (const row of rows) if (row.key_digest) added.add(row.key_digest);
    }
    // A product that sold by a counted stock starts selling by key: its stock becomes the keys added.
    const stockQuantity = product.delivery === 'license_key' ? product.stock_quantity + added.size : added.size;
    await trx
      .updateTable('products')
      .set({ delivery: 'license_key', stock_quantity: stockQuantity, updated_at: sql`now()` })
      .where('id', '=', productId)
      .execute();
    app.log.info({ productId, added: added.size, refused: keys.length - added.size + repeated.length }, 'licence keys added');
    return {
      added: added.size,
      duplicates: [...repeated, ...sealed.filter(({ key_digest }) => !added.has(key_digest)).map(({ key }) => key)],
      stock: await stockOf(trx, productId),
    };
  });
}
