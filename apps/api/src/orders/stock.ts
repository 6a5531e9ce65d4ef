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

/**
 * Takes `lines` off the shelf inside the caller's transaction. Rows are locked in id order (no
 * deadlock between two orders of the same products) and checked before any is decremented, so an
 * order is served whole or not at all and stock never goes below zero.
 */
export async function reserveStock(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<Map<string, LockedProduct>> {
  const ids = [...new Set(lines.map((line) => line.product_id))].sort();
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'title', 'price_cents', 'stock_quantity', 'delivery'])
    .where('id', 'in', ids)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  const products = new Map(rows.map((row) => [row.id, row]));
  for (const line of lines) {
    const product = products.get(line.product_id);
    if (!product) throw badRequest(`Unknown product: ${line.product_id}`, 'unknown_product');
    if (product.stock_quantity < line.quantity) {
      const detail =
        product.stock_quantity === 0
          ? `"${product.title}" is out of stock`
          : `Only ${product.stock_quantity} of "${product.title}" left in stock`;
      throw new AppError('conflict', detail, 'out_of_stock');
    }
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
export async function returnStock(trx: Transaction<Database>, lines: readonly (StockLine & { delivery: 'download' | 'license_key' })[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id))) {
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity + ${line.quantity}` })
      .where('id', '=', line.product_id)
      .where('delivery', '=', line.delivery)
      .execute();
  }
}
