import { randomUUID } from 'node:crypto';
import {
  ADMIN_ORDER_TRANSITIONS,
  canTransition,
  labelOf,
  LIMITS,
  ORDER_STATUSES,
  toDollars,
  type CreateOrderBody,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type ReceiptState,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database, OrderRow } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import type { Caller } from '../plugins/auth.ts';
import { recordKeyReveals, type Requester } from '../delivery/delivery-log.ts';
import { attachFiles, downloadsByItem } from '../delivery/downloads.ts';
import { generateKeysFor } from '../delivery/generated-keys.ts';
import { sendQueuedMailSoon } from '../mail/outbox.ts';
import { buyerOf, evaluateCode, takeUse } from '../discounts/discount-repository.ts';
import { lockBuyer } from './holds.ts';
import { UNPAID_ORDER_MINUTES } from './hold-times.ts';
import { composeReceipt, receiptStates } from './receipt.ts';
import { findOrder, keysByItem, type OrderWithItems } from './order-repository.ts';
import { mergeLines, readLines, sellStock } from './stock.ts';
import { placePlainOrder } from './purchase-functions.ts';
import { refuseSubscriptionLines } from '../subscriptions/one-off-checkout.ts';
import { groupByMember, keysOwed, recordLineMembers, type ProductDownload, type ProductKey } from '../packages/package-orders.ts';
import { lineMembers, type LineMember } from '../packages/package-lines.ts';

/** The largest total one order may have (the contract's money bound), in cents. */
const MAX_ORDER_CENTS = 100_000_000;
/** A free order counts against its buyer's hold cap for this long, so free keys cannot be drained by one buyer. */
const FREE_ORDER_COUNTS_MINUTES = 30;

const ORDER_ACCESS = 'order-access';

/** The secret that opens a guest order's goods: derived from the order id, so nothing is stored. */
export function orderAccessToken(app: FastifyInstance, orderId: string): string {
  return app.sign(ORDER_ACCESS, orderId);
}

export function canOpenOrder(app: FastifyInstance, orderId: string, token: string | undefined): boolean {
  return token !== undefined && app.verifySigned(ORDER_ACCESS, orderId, token);
}

/** Where the order was placed from: kept on the order for its return links and mail. */
export interface OrderContext {
  ip: string;
  origin: string;
}

/**
 * The cap on one product's units, checked after the lines are merged so repeating a line cannot get round it;
 * the cap on units in all is `readLines`', which knows what the packages include.
 */
function checkOrderSize(lines: { quantity: number }[]): void {
  if (lines.some((line) => line.quantity > LIMITS.orderMaxQuantity)) {
    throw badRequest(`An order may hold at most ${LIMITS.orderMaxQuantity} of one product`, 'order_too_large');
  }
}

/**
 * Refuses a new order when its buyer (account or email) or its address already has as many unpaid
 * orders as allowed. The buyer's advisory locks make the count and the insert one step, so parallel
 * requests cannot all slip under the cap.
 */
async function checkBuyerHolds(
  app: FastifyInstance,
  trx: Transaction<Database>,
  buyer: { userId: string | null; email: string; ip: string },
): Promise<void> {
  const email = buyer.email.toLowerCase();
  await lockBuyer(trx, buyer);
  const since = sql<Date>`now() - make_interval(hours => 1)`;
  // An unpaid order counts whether or not it holds anything yet (decision 036).
  const holding = sql<boolean>`(status = 'pending' OR (payment_method = 'free' AND created_at > now() - make_interval(mins => ${FREE_ORDER_COUNTS_MINUTES})))`;
  const row = await trx
    .selectFrom('orders')
    .select([
      sql<string>`count(*) FILTER (WHERE ${holding} AND (lower(invoice_email) = ${email}${buyer.userId ? sql` OR user_id = ${buyer.userId}` : sql``}))`.as(
        'buyer',
      ),
      sql<string>`count(*) FILTER (WHERE ${holding} AND client_ip = ${buyer.ip})`.as('address'),
    ])
    .where('created_at', '>', since)
    .where((eb) =>
      eb.or([
        eb(sql`lower(invoice_email)`, '=', email),
        eb('client_ip', '=', buyer.ip),
        ...(buyer.userId ? [eb('user_id', '=', buyer.userId)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  if (Number(row.buyer) >= app.config.unpaidOrdersPerBuyer || Number(row.address) >= app.config.unpaidOrdersPerAddress) {
    throw new AppError(
      'too_many_requests',
      'You already have unpaid orders waiting. Complete or cancel them, or wait a few minutes, before placing another.',
      'too_many_unpaid_orders',
    );
  }
}

/**
 * Creates an order priced from the catalogue. It holds no units and no use of its code: those are held
 * from its payment start (docs/decisions/036-holds-at-payment.md), so an unpaid order blocks nobody. An
 * order that totals $0 needs no payment: it is delivered at once (with the same per-buyer caps).
 */
export async function createOrder(
  app: FastifyInstance,
  caller: Caller | null,
  body: CreateOrderBody,
  context: OrderContext,
  requester?: Requester,
): Promise<Order> {
  if (!caller && !body.invoice_data) throw badRequest('invoice_data is required for a guest order', 'validation_error');
  // Crypto and card are shown as Coming Soon and cannot be chosen (spec sections 1 and 4).
  if (body.payment_method && body.payment_method !== 'paypal' && body.payment_method !== 'free') {
    throw badRequest('Only PayPal is available for now: crypto and card payments are coming soon', 'payment_method_unavailable');
  }
  const lines = mergeLines(body.items);
  checkOrderSize(lines);
  const orderId = randomUUID();
  const invoice = body.invoice_data;
  // A signed-in buyer is billed under the account's name and email (spec section 1).
  const email = caller ? caller.email : invoice!.email.trim();
  const buyer = buyerOf(caller?.id ?? null, email);
  const expiresAt = new Date(Date.now() + UNPAID_ORDER_MINUTES.beforePayment * 60_000);
  // A plain order to pay with PayPal is placed by one database function; anything else, or any refusal, the general way below
  // (docs/decisions/045-purchase-round-trips.md).
  if (!body.discount_code && body.payment_method !== 'free') {
    const placed = await placePlainOrder(app.db, {
      id: orderId,
      userId: caller?.id ?? null,
      email,
      name: caller ? caller.username : invoice!.name.trim(),
      address: invoice?.address.trim() ?? null,
      city: invoice?.city.trim() ?? null,
      country: invoice?.country.trim() ?? null,
      ip: context.ip,
      origin: context.origin,
      expiresAt,
      lines,
      buyerCap: app.config.unpaidOrdersPerBuyer,
      addressCap: app.config.unpaidOrdersPerAddress,
      freeOrderMinutes: FREE_ORDER_COUNTS_MINUTES,
      maxCents: MAX_ORDER_CENTS,
      maxUnits: LIMITS.orderMaxUnits,
    });
    if (placed) {
      const presented = await presentOrder(app, placed, { includeGoods: false, plainLines: true });
      return caller ? presented : { ...presented, access_token: orderAccessToken(app, orderId) };
    }
  }
  await refuseSubscriptionLines(app.db, lines);
  const created = await app.db.transaction().execute(async (trx) => {
    await checkBuyerHolds(app, trx, { userId: caller?.id ?? null, email, ip: context.ip });
    // Priced from the products as read: nothing is taken, so nothing is locked (units sold meanwhile are found at the payment start).
    const { products, members } = await readLines(trx, lines);
    const priced = lines.map((line) => ({ ...line, unit_price_cents: products.get(line.product_id)!.price_cents }));
    const subtotalCents = priced.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
    if (subtotalCents > MAX_ORDER_CENTS) throw badRequest('An order may total at most $1,000,000', 'order_too_large');
    const discount = body.discount_code ? await evaluateCode(trx, body.discount_code, priced, buyer) : null;
    const totalCents = subtotalCents - (discount?.amountCents ?? 0);
    if (body.payment_method === 'free' && totalCents > 0)
      throw badRequest('This order is not free: please pay with PayPal', 'order_not_free');
    const order = await trx
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: caller?.id ?? null,
        total_cents: totalCents,
        discount_code_id: discount?.codeId ?? null,
        discount_code: discount?.code ?? null,
        discount_cents: discount?.amountCents ?? 0,
        payment_method: totalCents === 0 ? 'free' : 'paypal',
        payment_id: null,
        paypal_order_id: null,
        invoice_email: email,
        invoice_name: caller ? caller.username : invoice!.name.trim(),
        invoice_address: invoice?.address.trim() ?? null,
        invoice_city: invoice?.city.trim() ?? null,
        invoice_country: invoice?.country.trim() ?? null,
        stock_reserved: false,
        expires_at: expiresAt,
        client_ip: context.ip,
        origin: context.origin,
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
    await recordLineMembers(trx, items, members);
    if (totalCents > 0) return { order, items };
    // Nothing to pay: paid and delivered in the same transaction; its code's use is taken as a payment start would.
    const paid = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: sql`now()`, payment_settled_at: sql`now()` })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await takeUse(trx, paid, 'payment');
    return { order: await deliver(app, trx, { order: paid, items }), items };
  });
  if (created.order.status === 'completed') {
    sendQueuedMailSoon(app, created.order.id);
    app.log.info({ orderId }, 'free order delivered');
  }
  const free = created.order.status === 'completed';
  const presented = await presentOrder(app, created, { includeGoods: free, revealTo: free ? requester : undefined });
  return caller ? presented : { ...presented, access_token: orderAccessToken(app, orderId) };
}

export interface PresentOptions {
  /** Answer the delivered goods: keys and download links. */
  includeGoods: boolean;
  /** The buyer the answer goes to: each line whose keys it shows is recorded in the delivery log. */
  revealTo?: Requester | undefined;
  /**
   * Answer the files' signed links (the default). Staff answers leave them out: a download through them
   * would use the buyer's allowance and stand in the delivery log as the buyer's.
   */
  includeDownloads?: boolean;
  /** No line is a package: their members are not looked for. */
  plainLines?: boolean;
}

/** Orders as the contract speaks them, their delivered keys and files read in one query each for the whole list. */
export async function presentOrders(
  app: FastifyInstance,
  orders: OrderWithItems[],
  { includeGoods, revealTo, includeDownloads = true, plainLines = false }: PresentOptions,
): Promise<Order[]> {
  const deliveredItems = includeGoods
    ? orders.filter(({ order }) => order.status === 'completed').flatMap(({ items }) => items.map((item) => item.id))
    : [];
  const [keys, downloads, members, receipts] = await Promise.all([
    keysByItem(app.db, app.dataCipher, deliveredItems),
    downloadsByItem(app, includeDownloads ? deliveredItems : []),
    // A package line's members are kept from the order's creation: shown whatever its status, their goods once delivered.
    plainLines
      ? new Map<string, LineMember[]>()
      : lineMembers(
          app.db,
          orders.flatMap(({ items }) => items.map((item) => item.id)),
        ),
    receiptStates(
      app.db,
      app.dataCipher,
      orders.filter(({ order }) => order.status === 'completed').map(({ order }) => order.id),
    ),
  ]);
  const presented = orders.map((order) => toOrder(order, includeGoods, { keys, downloads, members }, receipts.get(order.order.id)));
  if (revealTo) {
    await recordKeyReveals(
      app.db,
      revealTo,
      presented.flatMap((order) =>
        order.items
          .filter((item) => (item.keys?.length ?? 0) > 0)
          .map((item) => ({ orderId: order.id, itemId: item.id, keys: item.keys!.length })),
      ),
    );
  }
  return presented;
}

/** The order as the contract speaks it; keys and download links only when `includeGoods` and delivered. */
export async function presentOrder(app: FastifyInstance, order: OrderWithItems, options: PresentOptions): Promise<Order> {
  const [presented] = await presentOrders(app, [order], options);
  return presented!;
}

/** What anyone holding only a guest order's id sees: no buyer details, no goods; and whether its receipt went out. */
export async function presentGuestSummary(app: FastifyInstance, order: OrderWithItems): Promise<OrderSummary> {
  const receipts =
    order.order.status === 'completed' ? await receiptStates(app.db, app.dataCipher, [order.order.id]) : new Map<string, ReceiptState>();
  return presentOrderSummary(order, receipts.get(order.order.id));
}

export function presentOrderSummary({ order, items }: OrderWithItems, receipt?: ReceiptState): OrderSummary {
  return {
    id: order.id,
    status: order.status,
    total_amount: toDollars(order.total_cents),
    subtotal_amount: toDollars(order.total_cents + order.discount_cents),
    discount: order.discount_code ? { code: order.discount_code, amount: toDollars(order.discount_cents) } : null,
    created_at: order.created_at.toISOString(),
    expires_at: order.status === 'pending' && order.expires_at ? order.expires_at.toISOString() : null,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      title: item.title,
      quantity: item.quantity,
      price: toDollars(item.unit_price_cents),
      delivery: item.delivery,
    })),
    goods_included: false,
    test: order.is_test,
    ...(receipt ? { receipt } : {}),
  };
}

/** The delivered goods of a list of lines: keys and files by line, each with its product, and the package lines' members. */
interface LineGoods {
  keys: Map<string, ProductKey[]>;
  downloads: Map<string, ProductDownload[]>;
  members: Map<string, LineMember[]>;
}

function toOrder({ order, items }: OrderWithItems, includeGoods: boolean, goods: LineGoods, receipt: ReceiptState | undefined): Order {
  const delivered = includeGoods && order.status === 'completed';
  const summary = presentOrderSummary({ order, items }, receipt);
  return {
    ...summary,
    user_id: order.user_id,
    payment_method: order.payment_method as Order['payment_method'],
    payment_id: order.payment_id,
    invoice_data: {
      email: order.invoice_email,
      name: order.invoice_name,
      ...(order.invoice_address ? { address: order.invoice_address } : {}),
      ...(order.invoice_city ? { city: order.invoice_city } : {}),
      ...(order.invoice_country ? { country: order.invoice_country } : {}),
    },
    items: summary.items.map((item) => {
      const keys = goods.keys.get(item.id) ?? [];
      const downloads = goods.downloads.get(item.id);
      const members = goods.members.get(item.id);
      const withKeys = item.delivery === 'license_key';
      return {
        ...item,
        ...(delivered && withKeys ? { keys: keys.map((key) => key.key) } : {}),
        ...(delivered && downloads ? { downloads: downloads.map((file) => file.download) } : {}),
        // A package line's members as sold, from its creation on, with their goods once delivered (only a delivered
        // line has keys and files read); `keys` and `downloads` above keep listing them all (docs/decisions/038-packages.md).
        ...(members ? { members: groupByMember(members, keys, downloads ?? [], { withKeys }) } : {}),
      };
    }),
    goods_included: delivered,
  };
}

export async function lockOrder(trx: Transaction<Database>, id: string): Promise<OrderWithItems> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!order) throw notFound('Order not found', 'order_not_found');
  const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('position').execute();
  return { order, items };
}

export const statusLabel = (status: OrderStatus) => labelOf(ORDER_STATUSES, status).toLowerCase();

/** The codes of a delivery that cannot be served: the goods are gone, or the discount the price was agreed with. */
export const UNSERVABLE = new Set(['out_of_stock', 'out_of_keys', 'unknown_product', 'discount_code_used_up']);

/** A licence key sold to a line, as stored (encrypted). */
export interface SoldKey {
  id: string;
  order_item_id: string;
  product_id: string;
  key_value: string;
  created_at: Date;
}

/** The capture that paid an order delivered on payment: recorded by the same update that completes it. */
export interface PaidWith {
  captureId: string;
}

/**
 * Hands over the goods inside the caller's transaction: an order whose hold lapsed takes its stock
 * again, each key line takes its keys (skipping rows another transaction holds), the order becomes
 * completed (and paid, with `paidWith`) and its receipt is queued, all or nothing.
 */
export async function deliver(
  app: FastifyInstance,
  trx: Transaction<Database>,
  { order, items }: OrderWithItems,
  paidWith?: PaidWith,
): Promise<OrderRow> {
  // An order without its code's use (it never started paying, or its hold ended) takes one, before the stock (the lock order).
  await takeUse(trx, order, 'delivery');
  await sellStock(trx, order, items);
  const sold: SoldKey[] = [];
  let generated = false;
  // Per key line, or per key member of a package line (docs/decisions/038-packages.md): the keys stay on the line.
  for (const owed of await keysOwed(trx, items)) {
    // From the pool in one statement (picked SKIP LOCKED, then sold to the line), while the product sells
    // from its pool. Oldest first in the order of license_keys_available_idx (product_id, created_at): a
    // tie-break on id, which the index lacks, made every sale sort all of a paste's unsold keys.
    const { rows } = await sql<SoldKey>`UPDATE license_keys AS k SET order_item_id = ${owed.itemId}, sold_at = now()
      FROM (SELECT id FROM license_keys
            WHERE product_id = ${owed.productId} AND order_item_id IS NULL AND subscription_id IS NULL
              AND EXISTS (SELECT 1 FROM products WHERE id = ${owed.productId} AND key_mode = 'pool')
            ORDER BY created_at LIMIT ${owed.count} FOR UPDATE SKIP LOCKED) AS picked
      WHERE k.id = picked.id
      RETURNING k.id, k.order_item_id, k.product_id, k.key_value, k.created_at`.execute(trx);
    if (rows.length === owed.count) {
      sold.push(...rows);
      continue;
    }
    const product =
      rows.length === 0
        ? await trx.selectFrom('products').select(['key_mode', 'key_pattern']).where('id', '=', owed.productId).executeTakeFirst()
        : undefined;
    if (product?.key_mode !== 'generated') throw conflict(`Not enough licence keys left for "${owed.title}"`, 'out_of_keys');
    await generateKeysFor(trx, app.dataCipher, {
      itemId: owed.itemId,
      productId: owed.productId,
      pattern: product.key_pattern!,
      count: owed.count,
    });
    generated = true;
  }
  await attachFiles(trx, order.id);
  return completeDelivery(app, trx, { order, items }, generated ? undefined : sold, paidWith);
}

/**
 * The last step of a delivery, once the goods are the line's: the keys just sold go into the receipt as they
 * are (`sold` undefined: read back, as generated ones are), and the receipt is queued by the statement that
 * completes the order. `plainLines` says no line is a package, so the receipt need not look for members.
 */
export async function completeDelivery(
  app: FastifyInstance,
  trx: Transaction<Database>,
  { order, items }: OrderWithItems,
  sold: readonly SoldKey[] | undefined,
  paidWith?: PaidWith,
  plainLines = false,
): Promise<OrderRow> {
  const receipt = await composeReceipt(app, trx, order, items, sold, plainLines ? new Map() : undefined);
  return trx
    .with('receipt', (db) => db.insertInto('mail_outbox').values(receipt))
    .updateTable('orders')
    .set({
      status: 'completed',
      stock_reserved: false,
      hold_expires_at: null,
      delivered_at: sql`now()`,
      updated_at: sql`now()`,
      ...(paidWith
        ? { payment_id: paidWith.captureId, paid_at: sql`now()`, capture_claimed_at: null, payment_settled_at: sql`now()` }
        : {}),
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves an order to `to` if the status machine allows it, with its effects in the same transaction:
 * rejected or failed returns the stock; confirmed delivers and completes the order. An order claimed
 * for a capture cannot be rejected or failed under it: the buyer's money may be on its way.
 */
export async function changeOrderStatus(app: FastifyInstance, orderId: string, to: OrderStatus): Promise<OrderWithItems> {
  const changed = await app.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, orderId);
    const from = locked.order.status;
    if (!canTransition(from, to)) {
      throw new AppError('conflict', `An order that is ${statusLabel(from)} cannot become ${statusLabel(to)}`, 'invalid_status_change');
    }
    if ((to === 'rejected' || to === 'failed') && locked.order.capture_claimed_at) {
      throw conflict(
        'The buyer is paying for this order right now; it cannot be changed until the payment settles.',
        'payment_in_progress',
      );
    }
    if (to === 'rejected' || to === 'failed') {
      // Its hold ends with it: the units were never taken off the shelf, and the trigger gives its code's use back.
      const order = await trx
        .updateTable('orders')
        .set({ status: to, stock_reserved: false, hold_expires_at: null, updated_at: sql`now()` })
        .where('id', '=', orderId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, items: locked.items };
    }
    const moved = await trx
      .updateTable('orders')
      .set({ status: to, updated_at: sql`now()` })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const order = to === 'confirmed' ? await deliver(app, trx, { order: moved, items: locked.items }) : moved;
    return { order, items: locked.items };
  });
  if (changed.order.status === 'completed') sendQueuedMailSoon(app, orderId);
  return changed;
}

/** The admin screen's change: only what the spec offers there (confirm, reject), checked by the machine too. */
export async function adminChangeOrderStatus(
  app: FastifyInstance,
  orderId: string,
  to: OrderStatus,
): Promise<{ previous: OrderStatus; changed: OrderWithItems }> {
  const current = await findOrder(app.db, orderId);
  if (!current) throw notFound('Order not found', 'order_not_found');
  if (!ADMIN_ORDER_TRANSITIONS[current.order.status].includes(to)) {
    throw new AppError(
      'conflict',
      `An order that is ${statusLabel(current.order.status)} cannot be changed to ${statusLabel(to)} here`,
      'invalid_status_change',
    );
  }
  return { previous: current.order.status, changed: await changeOrderStatus(app, orderId, to) };
}

/**
 * Ends what unpaid orders hold past their time: an order past `expires_at` fails, and one whose hold is past
 * `hold_expires_at` lets its units and its code's use go and stays payable until its end (decision 036).
 * Releasing is an update of the order alone (the units were never taken off the shelf; a trigger gives the
 * code's use back). An order claimed for a capture is left alone. Safe on several instances (SKIP LOCKED).
 */
export async function expireStaleOrders(app: FastifyInstance, now = new Date()): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const stale = await trx
      .selectFrom('orders')
      .select(['id', 'expires_at'])
      .where('status', '=', 'pending')
      .where('capture_claimed_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', '<', now), eb.and([eb('stock_reserved', '=', true), eb('hold_expires_at', '<', now)])]))
      .orderBy('expires_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    const lapsed = stale.filter((order) => order.expires_at !== null && order.expires_at < now).map((order) => order.id);
    const released = stale.filter((order) => !lapsed.includes(order.id)).map((order) => order.id);
    if (lapsed.length > 0) {
      await trx
        .updateTable('orders')
        .set({ status: 'failed', stock_reserved: false, hold_expires_at: null, updated_at: sql`now()` })
        .where('id', 'in', lapsed)
        .execute();
    }
    if (released.length > 0) {
      await trx
        .updateTable('orders')
        .set({ stock_reserved: false, hold_expires_at: null, updated_at: sql`now()` })
        .where('id', 'in', released)
        .execute();
    }
    if (stale.length > 0) app.log.info({ lapsed: lapsed.length, released: released.length }, 'unpaid orders lapsed and holds released');
    return stale.length;
  });
}
