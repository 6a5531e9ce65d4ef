import type { AdminOrderListQuery, OrderExportQuery } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { containsPattern } from '../db/like.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { Database, OrderItemRow, OrderRow } from '../db/schema.ts';
import type { DataCipher } from '../security/data-encryption.ts';
import { openLicenseKey } from './license-keys.ts';

/** The list's filter, without its paging. */
type OrderFilter = OrderExportQuery;

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** An order with its lines, in one statement (the lines as JSON: their columns are numbers and text, parsed alike). */
export async function findOrder(db: Kysely<Database>, id: string): Promise<OrderWithItems | undefined> {
  const found = await db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) =>
      jsonArrayFrom(eb.selectFrom('order_items').selectAll().whereRef('order_items.order_id', '=', 'orders.id').orderBy('position')).as(
        'order_lines',
      ),
    )
    .where('orders.id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  const { order_lines: items, ...order } = found;
  return { order, items };
}

/** An order placed by a guest: never in an account, or claimed by one later (its guest link still works). */
export const isGuestOrder = (order: Pick<OrderRow, 'user_id' | 'claimed_at'>) => order.user_id === null || order.claimed_at !== null;

/** The orders a list's filter selects (an account's own, a status, a dispute, a search): the list and the CSV export share it. */
export function filteredOrders(db: Kysely<Database>, query: OrderFilter, userId?: string) {
  let filtered = db.selectFrom('orders');
  if (userId) filtered = filtered.where('user_id', '=', userId);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.dispute) filtered = filtered.where('dispute_id', 'is not', null);
  if (query.dispute === 'open') filtered = filtered.where('dispute_resolved_at', 'is', null);
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search.toLowerCase());
    filtered = filtered.where((eb) =>
      eb.or([eb(sql`id::text`, 'like', pattern), eb(sql`lower(invoice_email)`, 'like', pattern), eb(sql`lower(invoice_name)`, 'like', pattern)]),
    );
  }
  return filtered;
}

/** Lists orders with their lines in two queries (no query per order). */
export async function listOrders(db: Kysely<Database>, query: AdminOrderListQuery, userId?: string): Promise<{ orders: OrderWithItems[]; total: number }> {
  const filtered = filteredOrders(db, query, userId);
  const { limit, offset } = pageOf(query);
  const [orders, total] = await Promise.all([
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    countRows(filtered),
  ]);
  const items =
    orders.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((order) => order.id),
          )
          .orderBy('position')
          .execute();
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return { orders: orders.map((order) => ({ order, items: byOrder.get(order.id) ?? [] })), total };
}

/** The licence keys delivered to each of the given lines, decrypted, each with its product (a package line's member). */
export async function keysByItem(
  db: Kysely<Database>,
  cipher: DataCipher,
  itemIds: string[],
): Promise<Map<string, { product_id: string; key: string }[]>> {
  const result = new Map<string, { product_id: string; key: string }[]>();
  if (itemIds.length === 0) return result;
  const rows = await db
    .selectFrom('license_keys')
    .select(['order_item_id', 'product_id', 'key_value'])
    .where('order_item_id', 'in', itemIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    result.set(row.order_item_id!, [...(result.get(row.order_item_id!) ?? []), { product_id: row.product_id, key: openLicenseKey(cipher, row) }]);
  }
  return result;
}
