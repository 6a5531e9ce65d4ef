import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';

export interface StockLine {
  product_id: string;
  quantity: number;
}

export interface LockedProduct {
  id: string;
  title: string;
  price_cents: number;
  stock_quantity: number;
  delivery: 'download' | 'license_key';
}

/** Merges lines of the same product, so one product is checked and reserved once. */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.product_id, (merged.get(line.product_id) ?? 0) + line.quantity);
  return [...merged].map(([product_id, quantity]) => ({ product_id, quantity }));
}

/** Why a line cannot be served: the product is unknown (or archived), or `stock` units are left, fewer than asked. */
function unservable(line: StockLine, product: Pick<LockedProduct, 'title' | 'stock_quantity'> | undefined): AppError {
  if (!product) return badRequest(`Unknown product: ${line.product_id}`, 'unknown_product');
  const detail =
    product.stock_quantity === 0
      ? `"${product.title}" is out of stock`
      : `Only ${product.stock_quantity} of "${product.title}" left in stock`;
  return new AppError('conflict', detail, 'out_of_stock');
}

const PRODUCT_COLUMNS = ['id', 'title', 'price_cents', 'stock_quantity', 'delivery'] as const;

/**
 * The products of `lines` as they are now, without a lock (pricing before the stock is taken, see
 * `createOrder`): throws as `reserveStock` would for an unknown product or a line the stock cannot serve.
 */
export async function readLines(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<Map<string, LockedProduct>> {
  const ids = [...new Set(lines.map((line) => line.product_id))];
  const rows = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', 'in', ids).where('archived_at', 'is', null).execute();
  const products = new Map(rows.map((row) => [row.id, row]));
  for (const line of lines) {
    const product = products.get(line.product_id);
    if (!product || product.stock_quantity < line.quantity) throw unservable(line, product);
  }
  return products;
}

/**
 * Takes `lines` off the shelf inside the caller's transaction, all or nothing, never below zero; answers
 * the products as they were before (title, price, delivery for the order's lines). The rows are held
 * until the transaction ends with the lock an UPDATE takes (FOR NO KEY UPDATE): every order of a product
 * waits for it, so the callers take it as late as they can; it does not block inserting order lines that
 * reference the product (their foreign key check takes KEY SHARE).
 * - One line (most orders): one conditional UPDATE, checked and decremented in one statement.
 * - Several: the rows locked in id order (no deadlock between two orders of the same products), every
 *   line checked, then decremented.
 */
export async function reserveStock(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<Map<string, LockedProduct>> {
  const [only, ...others] = lines;
  if (only && others.length === 0) {
    for (let attempt = 0; ; attempt += 1) {
      const taken = await trx
        .updateTable('products')
        .set({ stock_quantity: sql`stock_quantity - ${only.quantity}` })
        .where('id', '=', only.product_id)
        .where('archived_at', 'is', null)
        .where('stock_quantity', '>=', only.quantity)
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirst();
      if (taken) return new Map([[taken.id, { ...taken, stock_quantity: taken.stock_quantity + only.quantity }]]);
      // Nothing taken: the row as it is now says why; units returned in the meantime are tried once more.
      const now = await trx
        .selectFrom('products')
        .select(PRODUCT_COLUMNS)
        .where('id', '=', only.product_id)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      if (!now || now.stock_quantity < only.quantity || attempt > 0) throw unservable(only, now);
    }
  }
  const ids = [...new Set(lines.map((line) => line.product_id))].sort();
  const rows = await trx
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('id', 'in', ids)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const products = new Map(rows.map((row) => [row.id, row]));
  for (const line of lines) {
    const product = products.get(line.product_id);
    if (!product || product.stock_quantity < line.quantity) throw unservable(line, product);
  }
  for (const line of lines) {
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity - ${line.quantity}` })
      .where('id', '=', line.product_id)
      .execute();
  }
  return products;
}

/**
 * Puts reserved units back on the shelf (an order rejected, failed or expired). A line reserved from
 * counted stock of a product that has since switched to a key pool returns nothing: that product's
 * stock now counts keys, and the units were never keys.
 */
export async function returnStock(
  trx: Transaction<Database>,
  lines: readonly (StockLine & { delivery: 'download' | 'license_key' })[],
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id))) {
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity + ${line.quantity}` })
      .where('id', '=', line.product_id)
      .where('delivery', '=', line.delivery)
      .execute();
  }
}
