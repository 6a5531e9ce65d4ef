import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * A package line of an order (docs/decisions/038-packages.md): the line carries the package's price, and
 * its members, as they were when the order was placed (`order_item_members`), are what it holds, sells and
 * delivers. Stock and keys are drawn per member; the keys and files stay on the one line.
 */

/** A member of a sold package line, as the order keeps it. */
export interface LineMember {
  order_item_id: string;
  product_id: string;
  title: string;
  /** Its units in one package: the line draws line quantity × this. */
  quantity: number;
  delivery: 'download' | 'license_key';
}

/** How a package line delivers: by key when one of its members does, so its keys are shown with it. */
export function packageDelivery(members: readonly Pick<LineMember, 'delivery'>[]): 'download' | 'license_key' {
  return members.some((member) => member.delivery === 'license_key') ? 'license_key' : 'download';
}

/** The units one package delivers, its members' units summed; 1 for a product that is not a package (no members). */
export function packageUnits(members: readonly Pick<LineMember, 'quantity'>[] | undefined): number {
  return members ? members.reduce((sum, member) => sum + member.quantity, 0) : 1;
}

/** The members of the given lines as sold, in their order; lines that are not packages have none. */
export async function lineMembers(db: Kysely<Database>, itemIds: readonly string[]): Promise<Map<string, LineMember[]>> {
  const byItem = new Map<string, LineMember[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('order_item_members')
    .select(['order_item_id', 'product_id', 'title', 'quantity', 'delivery'])
    .where('order_item_id', 'in', [...new Set(itemIds)])
    .orderBy('order_item_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byItem.set(row.order_item_id, [...(byItem.get(row.order_item_id) ?? []), row]);
  return byItem;
}

/** A line as the stock sees it: a product, its units and the way it delivers. */
export interface DrawingLine {
  id?: string;
  product_id: string;
  quantity: number;
  delivery: 'download' | 'license_key';
}

/**
 * The stock an order's lines draw on: a package line becomes its members' units (line quantity × member
 * quantity each), merged with the order's other lines of the same product and delivery, so a product is
 * checked, held and sold once for the whole order.
 */
export async function drawingLines<L extends DrawingLine>(trx: Transaction<Database>, lines: readonly L[]): Promise<DrawingLine[]> {
  const members = await lineMembers(
    trx,
    lines.flatMap((line) => (line.id ? [line.id] : [])),
  );
  const merged = new Map<string, DrawingLine>();
  const add = (line: DrawingLine) => {
    const key = `${line.product_id}:${line.delivery}`;
    const known = merged.get(key);
    merged.set(key, { product_id: line.product_id, delivery: line.delivery, quantity: (known?.quantity ?? 0) + line.quantity });
  };
  for (const line of lines) {
    const own = line.id ? members.get(line.id) : undefined;
    if (!own) add(line);
    else for (const member of own) add({ product_id: member.product_id, delivery: member.delivery, quantity: line.quantity * member.quantity });
  }
  return [...merged.values()];
}
