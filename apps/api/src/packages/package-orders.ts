import type { OrderDownload, OrderItemMember } from '@store/contracts';
import type { Transaction } from 'kysely';
import type { Database, OrderItemRow } from '../db/schema.ts';
import { lineMembers, type LineMember } from './package-lines.ts';
import type { CurrentMember } from './package-repository.ts';

/*
 * What a package line keeps and delivers (docs/decisions/038-packages.md): its members as sold, the keys
 * each member's units take, and its goods grouped by member for the order pages and the receipt.
 */

/** Keeps what each package line of a new order is made of, so it holds and delivers that whatever staff change later. */
export async function recordLineMembers(
  trx: Transaction<Database>,
  items: readonly Pick<OrderItemRow, 'id' | 'product_id'>[],
  members: Map<string, CurrentMember[]>,
): Promise<void> {
  const rows = items.flatMap((item) =>
    (members.get(item.product_id) ?? []).map((member, position) => ({
      order_item_id: item.id,
      product_id: member.product_id,
      position,
      title: member.title,
      quantity: member.quantity,
      delivery: member.delivery,
    })),
  );
  if (rows.length > 0) await trx.insertInto('order_item_members').values(rows).execute();
}

/** The keys a delivery owes: per key line, or per key member of a package line, the product they come from. */
export interface KeysOwed {
  itemId: string;
  productId: string;
  title: string;
  count: number;
}

export async function keysOwed(trx: Transaction<Database>, items: readonly OrderItemRow[]): Promise<KeysOwed[]> {
  const members = await lineMembers(
    trx,
    items.map((item) => item.id),
  );
  return items.flatMap((item) => {
    const own = members.get(item.id);
    if (!own) return item.delivery === 'license_key' ? [{ itemId: item.id, productId: item.product_id, title: item.title, count: item.quantity }] : [];
    return own
      .filter((member) => member.delivery === 'license_key')
      .map((member) => ({ itemId: item.id, productId: member.product_id, title: member.title, count: item.quantity * member.quantity }));
  });
}

/** A delivered key or file of a line, with the product it is of. */
export interface ProductKey {
  product_id: string;
  key: string;
}
export interface ProductDownload {
  product_id: string;
  download: OrderDownload;
}

/** A package line's goods grouped by member, in the package's order. */
export function groupByMember(
  members: readonly LineMember[],
  keys: readonly ProductKey[],
  downloads: readonly ProductDownload[],
  { withKeys }: { withKeys: boolean },
): OrderItemMember[] {
  return members.map((member) => ({
    product_id: member.product_id,
    title: member.title,
    quantity: member.quantity,
    keys: withKeys ? keys.filter((key) => key.product_id === member.product_id).map((key) => key.key) : [],
    downloads: downloads.filter((file) => file.product_id === member.product_id).map((file) => file.download),
  }));
}
