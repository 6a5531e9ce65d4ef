import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export interface KeyStock {
  available: number;
  sold: number;
  reserved: number;
}

async function stockOf(db: Kysely<Database>, productId: string, stockQuantity: number): Promise<KeyStock> {
  const row = await db
    .selectFrom('license_keys')
    .select([
      sql<string>`count(*) FILTER (WHERE order_item_id IS NULL)`.as('available'),
      sql<string>`count(*) FILTER (WHERE order_item_id IS NOT NULL)`.as('sold'),
    ])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  const available = Number(row.available);
  return { available, sold: Number(row.sold), reserved: Math.max(0, available - stockQuantity) };
}

export async function licenseKeyStock(app: FastifyInstance, productId: string): Promise<KeyStock> {
  const product = await app.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).where('archived_at', 'is', null).executeTakeFirst();
  if (!product) throw notFound('Product not found', 'product_not_found');
  return stockOf(app.db, productId, product.stock_quantity);
}

/** Rows per INSERT when keys are added: 4,000 bind parameters, far below PostgreSQL's 65,535. */
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
 * Adds keys to a product's pool. The product then sells by key: its stock is the number of unsold keys
 * not held by unpaid orders. Keys already in the pool are refused and reported.
 */
export async function addLicenseKeys(app: FastifyInstance, productId: string, text: string): Promise<{ added: number; duplicates: string[]; stock: KeyStock }> {
  const { keys, repeated } = parseKeys(text);
  return app.db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['stock_quantity', 'delivery'])
      .where('id', '=', productId)
      .where('archived_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw notFound('Product not found', 'product_not_found');
    // In chunks: one INSERT of a big paste would pass PostgreSQL's limit of 65,535 bind parameters
    // (four a row). The chunks share the transaction, so the paste is still added whole or not at all.
    const inserted: { key_value: string }[] = [];
    for (let start = 0; start < keys.length; start += KEYS_PER_INSERT) {
      const rows = await trx
        .insertInto('license_keys')
        .values(keys.slice(start, start + KEYS_PER_INSERT).map((key_value) => ({ product_id: productId, key_value, order_item_id: null, sold_at: null })))
        .onConflict((oc) => oc.constraint('license_keys_product_value_key').doNothing())
        .returning('key_value')
        .execute();
      inserted.push(...rows);
    }
    const added = new Set(inserted.map((row) => row.key_value));
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
      duplicates: [...repeated, ...keys.filter((key) => !added.has(key))],
      stock: await stockOf(trx, productId, stockQuantity),
    };
  });
}
