import { randomUUID } from 'node:crypto';
import {
  ADMIN_ORDER_TRANSITIONS,
  canTransition,
  labelOf,
  ORDER_STATUSES,
  toDollars,
  type CreateOrderBody,
  type Order,
  type OrderStatus,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database, OrderRow } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import type { Caller } from '../plugins/auth.ts';
import { enqueueReceipt } from './receipt.ts';
import { findOrder, keysByItem, type OrderWithItems } from './order-repository.ts';
import { mergeLines, reserveStock, returnStock } from './stock.ts';

/** An unpaid order holds its stock this long, then lapses (spec: reservations are released after 30 minutes). */
export const RESERVATION_MINUTES = 30;
/** The largest total one order may have (the contract's money bound), in cents. */
const MAX_ORDER_CENTS = 100_000_000;
/** How long a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;

const ORDER_ACCESS = 'order-access';
const DOWNLOAD = 'download';

/** The secret that opens a guest order's goods: derived from the order id, so nothing is stored. */
export function orderAccessToken(app: FastifyInstance, orderId: string): string {
  return app.sign(ORDER_ACCESS, orderId);
}

export function canOpenOrder(app: FastifyInstance, orderId: string, token: string | undefined): boolean {
  return token !== undefined && app.verifySigned(ORDER_ACCESS, orderId, token);
}

export function downloadUrl(app: FastifyInstance, itemId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
  return `/api/downloads/${itemId}?expires=${expires}&signature=${app.sign(DOWNLOAD, `${itemId}.${expires}`)}`;
}

export function checkDownloadLink(app: FastifyInstance, itemId: string, expires: number, signature: string): boolean {
  return expires * 1000 > Date.now() && app.verifySigned(DOWNLOAD, `${itemId}.${expires}`, signature);
}

/** Creates a pending order priced from the catalogue, with its stock reserved in the same transaction. */
export async function createOrder(app: FastifyInstance, caller: Caller | null, body: CreateOrderBody): Promise<Order> {
  if (!caller && !body.invoice_data) throw badRequest('invoice_data is required for a guest order', 'validation_error');
  // Crypto and card are shown as Coming Soon and cannot be chosen (spec sections 1 and 4).
  if (body.payment_method && body.payment_method !== 'paypal') {
    throw badRequest('Only PayPal is available for now: crypto and card payments are coming soon', 'payment_method_unavailable');
  }
  const lines = mergeLines(body.items);
  const orderId = randomUUID();
  const created = await app.db.transaction().execute(async (trx) => {
    const products = await reserveStock(trx, lines);
    const totalCents = lines.reduce((sum, line) => sum + products.get(line.product_id)!.price_cents * line.quantity, 0);
    if (totalCents > MAX_ORDER_CENTS) throw badRequest('An order may total at most $1,000,000', 'order_too_large');
    const invoice = body.invoice_data;
    const order = await trx
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: caller?.id ?? null,
        total_cents: totalCents,
        payment_method: body.payment_method ?? 'paypal',
        payment_id: null,
        paypal_order_id: null,
        // A signed-in buyer is billed under the account's name and email (spec section 1).
        invoice_email: caller ? caller.email : invoice!.email.trim(),
        invoice_name: caller ? caller.username : invoice!.name.trim(),
        invoice_address: invoice?.address.trim() ?? null,
        invoice_city: invoice?.city.trim() ?? null,
        invoice_country: invoice?.country.trim() ?? null,
        expires_at: new Date(Date.now() + RESERVATION_MINUTES * 60_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const items = await trx
      .insertInto('order_items')
      .values(
        lines.map((line, position) => {
          const product = products.get(line.product_id)!;
          return {
            order_id: order.id,
            product_id: line.product_id,
            position,
            title: product.title,
            unit_price_cents: product.price_cents,
            quantity: line.quantity,
            delivery: product.delivery,
          };
        }),
      )
      .returningAll()
      .execute();
    return { order, items };
  });
  const presented = await presentOrder(app, created, { includeGoods: false });
  return caller ? presented : { ...presented, access_token: orderAccessToken(app, orderId) };
}

/** Orders as the contract speaks them, their delivered keys read in one query for the whole list. */
export async function presentOrders(app: FastifyInstance, orders: OrderWithItems[], { includeGoods }: { includeGoods: boolean }): Promise<Order[]> {
  const deliveredItems = includeGoods ? orders.filter(({ order }) => order.status === 'completed').flatMap(({ items }) => items.map((item) => item.id)) : [];
  const keys = await keysByItem(app.db, deliveredItems);
  return orders.map((order) => toOrder(app, order, includeGoods, keys));
}

/** The order as the contract speaks it; keys and download links only when `includeGoods` and delivered. */
export async function presentOrder(app: FastifyInstance, order: OrderWithItems, options: { includeGoods: boolean }): Promise<Order> {
  const [presented] = await presentOrders(app, [order], options);
  return presented!;
}

function toOrder(app: FastifyInstance, { order, items }: OrderWithItems, includeGoods: boolean, keys: Map<string, string[]>): Order {
  const delivered = includeGoods && order.status === 'completed';
  return {
    id: order.id,
    user_id: order.user_id,
    status: order.status,
    total_amount: toDollars(order.total_cents),
    payment_method: order.payment_method as Order['payment_method'],
    payment_id: order.payment_id,
    created_at: order.created_at.toISOString(),
    expires_at: order.status === 'pending' && order.expires_at ? order.expires_at.toISOString() : null,
    invoice_data: {
      email: order.invoice_email,
      name: order.invoice_name,
      ...(order.invoice_address ? { address: order.invoice_address } : {}),
      ...(order.invoice_city ? { city: order.invoice_city } : {}),
      ...(order.invoice_country ? { country: order.invoice_country } : {}),
    },
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      title: item.title,
      quantity: item.quantity,
      price: toDollars(item.unit_price_cents),
      delivery: item.delivery,
      ...(delivered && item.delivery === 'license_key' ? { keys: keys.get(item.id) ?? [] } : {}),
      ...(delivered && item.delivery === 'download' ? { download_url: downloadUrl(app, item.id) } : {}),
    })),
    goods_included: delivered,
  };
}

async function lockOrder(trx: Transaction<Database>, id: string): Promise<OrderWithItems> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!order) throw notFound('Order not found', 'order_not_found');
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('position').execute();
  return { order, items };
}

const statusLabel = (status: OrderStatus) => labelOf(ORDER_STATUSES, status).toLowerCase();

/**
 * Hands over the goods inside the caller's transaction: each key line takes its keys (skipping rows
 * another transaction holds), the order becomes completed and its receipt is queued, all or nothing.
 */
async function deliver(app: FastifyInstance, trx: Transaction<Database>, { order, items }: OrderWithItems): Promise<OrderRow> {
  if (!order.stock_reserved) await reserveStock(trx, items);
  for (const item of items) {
    if (item.delivery !== 'license_key') continue;
    const keys = await trx
      .selectFrom('license_keys')
      .select('id')
      .where('product_id', '=', item.product_id)
      .where('order_item_id', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(item.quantity)
      .forUpdate()
      .skipLocked()
      .execute();
    if (keys.length < item.quantity) throw conflict(`Not enough licence keys left for "${item.title}"`, 'out_of_keys');
    await trx
      .updateTable('license_keys')
      .set({ order_item_id: item.id, sold_at: sql`now()` })
      .where(
        'id',
        'in',
        keys.map((key) => key.id),
      )
      .execute();
  }
  const completed = await trx
    .updateTable('orders')
    .set({ status: 'completed', stock_reserved: false, delivered_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueReceipt(app, trx, completed, items);
  return completed;
}

/**
 * Moves an order to `to` if the status machine allows it, with its effects in the same transaction:
 * rejected or failed returns the stock; paid or confirmed delivers and completes the order.
 */
export async function changeOrderStatus(
  app: FastifyInstance,
  orderId: string,
  to: OrderStatus,
  effects: { payment_id?: string; paypal_order_id?: string } = {},
): Promise<OrderWithItems> {
  return app.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, orderId);
    const from = locked.order.status;
    if (!canTransition(from, to)) {
      throw new AppError('conflict', `An order that is ${statusLabel(from)} cannot become ${statusLabel(to)}`, 'invalid_status_change');
    }
    if (to === 'rejected' || to === 'failed') {
      if (locked.order.stock_reserved) await returnStock(trx, locked.items);
      const order = await trx
        .updateTable('orders')
        .set({ status: to, stock_reserved: false, updated_at: sql`now()` })
        .where('id', '=', orderId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, items: locked.items };
    }
    const moved = await trx
      .updateTable('orders')
      .set({
        status: to,
        updated_at: sql`now()`,
        ...(to === 'paid' ? { paid_at: sql`now()` } : {}),
        ...(effects.payment_id ? { payment_id: effects.payment_id } : {}),
      })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const order = to === 'paid' || to === 'confirmed' ? await deliver(app, trx, { order: moved, items: locked.items }) : moved;
    return { order, items: locked.items };
  });
}

/** The admin screen's change: only what the spec offers there (confirm, reject), checked by the machine too. */
export async function adminChangeOrderStatus(app: FastifyInstance, orderId: string, to: OrderStatus): Promise<OrderWithItems> {
  const current = await findOrder(app.db, orderId);
  if (!current) throw notFound('Order not found', 'order_not_found');
  if (!ADMIN_ORDER_TRANSITIONS[current.order.status].includes(to)) {
    throw new AppError(
      'conflict',
      `An order that is ${statusLabel(current.order.status)} cannot be changed to ${statusLabel(to)} here`,
      'invalid_status_change',
    );
  }
  return changeOrderStatus(app, orderId, to);
}

/** Fails every unpaid order past its reservation time, returning its stock; safe to run on several instances at once. */
export async function expireStaleOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'pending')
      .where('stock_reserved', '=', true)
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const { id } of stale) {
      const items = await trx.selectFrom('order_items').select(['product_id', 'quantity', 'delivery']).where('order_id', '=', id).execute();
      await returnStock(trx, items);
      await trx.updateTable('orders').set({ status: 'failed', stock_reserved: false, updated_at: sql`now()` }).where('id', '=', id).execute();
    }
    if (stale.length > 0) app.log.info({ orders: stale.length }, 'unpaid orders expired and their stock returned');
    return stale.length;
  });
}
