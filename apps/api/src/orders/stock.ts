import { LIMITS } from '@store/contracts';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { drawingLines, packageDelivery, packageUnits } from '../packages/package-lines.ts';
import { currentMembers, packageStock, type CurrentMember } from '../packages/package-repository.ts';

/*
 * Stock (docs/decisions/036-holds-at-payment.md): `products.stock_quantity` counts the units not yet sold.
 * An order holds its units only from its payment start (`orders.stock_reserved`), for a few minutes; what
 * live checkouts hold is summed from their orders under the product's row lock, so a hold and a sale
 * check against the same figure and never oversell. A release is one update of the order, not of the product.
 */

export interface StockLine {
  product_id: string;
  quantity: number;
}

/** An order line as stored: its delivery says which stock it draws on; a package line (its id has members) draws on its members'. */
export interface OrderLine extends StockLine {
  id?: string;
  delivery: 'download' | 'license_key';
}

export interface PricedProduct {
  id: string;
  title: string;
  price_cents: number;
  stock_quantity: number;
  delivery: 'download' | 'license_key';
  product_type: string;
}

/** Merges lines of the same product, so one product is checked and reserved once. */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.product_id, (merged.get(line.product_id) ?? 0) + line.quantity);
  return [...merged].map(([product_id, quantity]) => ({ product_id, quantity }));
}

/** Why a line cannot be served: the product is unknown (or archived), or `stock` units are left, fewer than asked. */
function unservable(line: StockLine, product: Pick<PricedProduct, 'title' | 'stock_quantity'> | undefined): AppError {
  if (!product) return badRequest(`Unknown product: ${line.product_id}`, 'unknown_product');
  const detail =
    product.stock_quantity === 0
      ? `"${product.title}" is out of stock`
      : `Only ${product.stock_quantity} of "${product.title}" left in stock`;
  return new AppError('conflict', detail, 'out_of_stock');
}

const hourMinute = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;

/**
 * The units are unsold but other buyers' live checkouts hold them: a clear 409, with when the first hold
 * ends (if it is not paid, the sweep puts it back within a minute of that).
 */
function heldByOthers(title: string, free: number, firstEnd: Date | null, now = new Date()): AppError {
  const back = new Date(Math.ceil(Math.max(firstEnd?.getTime() ?? now.getTime(), now.getTime()) / 60_000) * 60_000 + 60_000);
  const detail =
    (free === 0
      ? `Every unit of "${title}" left is in another buyer's checkout right now.`
      : `Only ${free} of "${title}" can be paid for right now: the other units left are in other buyers' checkouts.`) +
    ` Units not paid for are back on sale from about ${hourMinute(back)}: please try again then.`;
  return new AppError('conflict', detail, 'held_by_other_buyers', {
    'Retry-After': String(Math.max(1, Math.round((back.getTime() - now.getTime()) / 1000))),
  });
}

const PRODUCT_COLUMNS = ['id', 'title', 'price_cents', 'stock_quantity', 'delivery', 'product_type'] as const;

/**
 * The cap on the units an order holds and delivers in all: a package line counts its members' units (line
 * quantity × each member's units), since those are what its hold takes and its delivery hands over
 * (docs/decisions/038-packages.md); a line count would let one order of 20 packages hold thousands.
 */
function checkOrderUnits(lines: readonly StockLine[], members: Map<string, readonly { quantity: number }[]>): void {
  const units = lines.reduce((sum, line) => sum + line.quantity * packageUnits(members.get(line.product_id)), 0);
  if (units <= LIMITS.orderMaxUnits) return;
  const packaged = lines.some((line) => members.has(line.product_id));
  throw badRequest(
    `An order may hold at most ${LIMITS.orderMaxUnits} items in all; this one holds ${units}` +
      (packaged ? ', counting each product a package includes' : ''),
    'order_too_large',
  );
}

/**
 * The products of `lines` as they are now, without a lock (an order's pricing): throws for an order over
 * the units cap (members counted), an unknown product or a line the unsold units cannot serve. Holds do not count here: an order holds nothing, and
 * whether other checkouts leave enough is decided at its payment start.
 */
export async function readLines(
  trx: Transaction<Database>,
  lines: readonly StockLine[],
): Promise<{ products: Map<string, PricedProduct>; members: Map<string, CurrentMember[]> }> {
  const ids = [...new Set(lines.map((line) => line.product_id))];
  const rows = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', 'in', ids).where('archived_at', 'is', null).execute();
  // A package is priced as itself and served by its members (docs/decisions/038-packages.md).
  const members = await currentMembers(
    trx,
    rows.filter((row) => row.product_type === 'package').map((row) => row.id),
  );
  const products = new Map(
    rows.map((row) => {
      const own = members.get(row.id);
      return [row.id, row.product_type === 'package' ? { ...row, stock_quantity: packageStock(own ?? []), delivery: packageDelivery(own ?? []) } : row];
    }),
  );
  checkOrderUnits(lines, members);
  for (const line of lines) {
    const product = products.get(line.product_id);
    if (!product || product.stock_quantity < line.quantity) throw unservable(line, product);
  }
  checkMembersTogether(lines, products, members);
  return { products, members };
}

/** A product bought on its own and in a package of the same order: the units of both are checked together. */
function checkMembersTogether(lines: readonly StockLine[], products: Map<string, PricedProduct>, members: Map<string, CurrentMember[]>): void {
  if (members.size === 0) return;
  const wanted = new Map<string, { title: string; stock_quantity: number; units: number }>();
  const add = (id: string, title: string, stock: number, units: number) =>
    wanted.set(id, { title, stock_quantity: stock, units: (wanted.get(id)?.units ?? 0) + units });
  for (const line of lines) {
    const own = members.get(line.product_id);
    if (own) for (const member of own) add(member.product_id, member.title, member.stock_quantity, line.quantity * member.quantity);
    else add(line.product_id, products.get(line.product_id)!.title, products.get(line.product_id)!.stock_quantity, line.quantity);
  }
  for (const [product_id, product] of wanted) {
    if (product.stock_quantity < product.units) throw unservable({ product_id, quantity: product.units }, product);
  }
}

/** The rows of `lines`' products, locked in id order until the transaction ends (no deadlock between two orders). */
async function lockProducts(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<Map<string, PricedProduct>> {
  const ids = [...new Set(lines.map((line) => line.product_id))].sort();
  const rows = await trx
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('id', 'in', ids)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Units of each product held by live checkouts other than `orderId`'s, and when the first of those holds ends. */
async function heldUnits(
  trx: Transaction<Database>,
  productIds: readonly string[],
  orderId: string,
): Promise<Map<string, { units: number; firstEnd: Date | null }>> {
  // The live holds first, from their partial index (a few rows) whatever the statistics say: joined from the
  // product's side, a product with many sales would read every line it ever sold under its row lock.
  const rows = await trx
    .with(
      (cte) => cte('live').materialized(),
      (db) =>
        db
          .selectFrom('orders')
          .select(['orders.id', 'orders.hold_expires_at'])
          .where('orders.status', '=', 'pending')
          .where('orders.stock_reserved', '=', true)
          .where('orders.id', '!=', orderId),
    )
    .with('held', (db) => {
      const live = () => db.selectFrom('live as orders').innerJoin('order_items', 'order_items.order_id', 'orders.id');
      // A line draws on its product's stock only while the product sells the way the line delivers; a package
      // line draws on its members' (docs/decisions/038-packages.md).
      const direct = live()
        .innerJoin('products', (join) =>
          join.onRef('products.id', '=', 'order_items.product_id').onRef('products.delivery', '=', 'order_items.delivery'),
        )
        .select(['order_items.product_id', 'order_items.quantity as units', 'orders.hold_expires_at'])
        .where('order_items.product_id', 'in', [...productIds]);
      const inPackages = live()
        .innerJoin('order_item_members as m', 'm.order_item_id', 'order_items.id')
        .innerJoin('products', (join) => join.onRef('products.id', '=', 'm.product_id').onRef('products.delivery', '=', 'm.delivery'))
        .select(['m.product_id', sql<number>`order_items.quantity * m.quantity`.as('units'), 'orders.hold_expires_at'])
        .where('m.product_id', 'in', [...productIds]);
      return direct.unionAll(inPackages);
    })
    .selectFrom('held')
    .select([
      'held.product_id',
      sql<string>`sum(held.units)`.as('units'),
      sql<Date | null>`min(held.hold_expires_at)`.as('first_end'),
    ])
    .groupBy('held.product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, { units: Number(row.units), firstEnd: row.first_end }]));
}

/**
 * Checks under the products' row locks that the unsold units less other checkouts' holds serve every line
 * of `orderId`; the caller then marks the order as holding (or sells). All or nothing: 409 out_of_stock
 * when the units are sold, 409 held_by_other_buyers when other checkouts hold them.
 */
async function checkFree(trx: Transaction<Database>, orderId: string, ordered: readonly OrderLine[]): Promise<Map<string, PricedProduct>> {
  const lines = await drawingLines(trx, ordered);
  const products = await lockProducts(trx, lines);
  const held = await heldUnits(
    trx,
    lines.map((line) => line.product_id),
    orderId,
  );
  for (const line of lines) {
    const product = products.get(line.product_id);
    if (!product) throw unservable(line, product);
    // A line ordered before its product switched to a key pool draws on nothing (see `sellStock`).
    if (product.delivery !== line.delivery) continue;
    if (product.stock_quantity < line.quantity) throw unservable(line, product);
    const others = held.get(line.product_id);
    const free = product.stock_quantity - (others?.units ?? 0);
    if (free < line.quantity) throw heldByOthers(product.title, Math.max(0, free), others?.firstEnd ?? null);
  }
  return products;
}

/** Holds an order's units at its payment start (or at a capture after its hold ended): checked, not taken off the shelf. */
export async function holdStock(trx: Transaction<Database>, orderId: string, lines: readonly OrderLine[]): Promise<void> {
  await checkFree(trx, orderId, lines);
}

/**
 * Takes a paid (or staff-confirmed) order's units off the shelf, inside the caller's transaction. An order
 * that holds them sells them (409 out_of_stock only if staff lowered the stock under the holds); one that
 * does not (a late payment, staff confirming) is checked like a new hold first. A line whose product now
 * sells another way (it switched to a key pool after the order) takes nothing: those units were never keys.
 */
export async function sellStock(
  trx: Transaction<Database>,
  order: { id: string; stock_reserved: boolean },
  ordered: readonly OrderLine[],
): Promise<void> {
  const lines = await drawingLines(trx, ordered);
  const products = order.stock_reserved ? await lockProducts(trx, lines) : await checkFree(trx, order.id, ordered);
  const drawing = lines.filter((line) => {
    const product = products.get(line.product_id);
    if (!product) throw unservable(line, product);
    return product.delivery === line.delivery;
  });
  for (const line of drawing) {
    const product = products.get(line.product_id)!;
    if (product.stock_quantity < line.quantity) throw unservable(line, product);
  }
  for (const line of drawing) {
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity - ${line.quantity}` })
      .where('id', '=', line.product_id)
      .execute();
  }
}
