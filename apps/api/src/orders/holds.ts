import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database, OrderRow } from '../db/schema.ts';
import { takeUse } from '../discounts/discount-repository.ts';
import { conflict, notFound } from '../errors.ts';
import { HOLD_MINUTES, UNPAID_ORDER_MINUTES } from './hold-times.ts';
import type { OrderWithItems } from './order-repository.ts';
import { holdPlainOrder } from './purchase-functions.ts';
import { holdStock, type OrderLine } from './stock.ts';

/*
 * Holds at the payment start (docs/decisions/036-holds-at-payment.md). An order holds its units and its
 * code's use only once its buyer is sent to PayPal, for HOLD_MINUTES, and one buyer (account, email or
 * address) holds a product or a code with one checkout at a time: a newer payment start releases the
 * buyer's older holds that share a product or the code. A released order stays payable until it lapses
 * and takes its units again when its payment comes back, if they are still free.
 *
 * Lock order, the same in every transaction: the buyer's advisory locks, the order's row, other orders'
 * rows (in id order), the code's row, the products' rows in id order.
 */

/** Serialises what one buyer does (orders placed, payments started): their email, address and account, in one sorted order. */
export async function lockBuyer(
  trx: Transaction<Database>,
  buyer: { userId: string | null; email: string; ip: string | null },
): Promise<void> {
  const locks = [
    `buyer-email:${buyer.email.toLowerCase()}`,
    ...(buyer.ip ? [`buyer-ip:${buyer.ip}`] : []),
    ...(buyer.userId ? [`buyer-user:${buyer.userId}`] : []),
  ].sort();
  // One round trip; a select list is evaluated left to right, so the locks are taken in sorted order.
  await sql`SELECT ${sql.join(locks.map((lock) => sql`pg_advisory_xact_lock(hashtextextended(${lock}, 0))`))}`.execute(trx);
}

/**
 * Releases the live holds of the same buyer's other unpaid orders that share a product or the code with
 * `order`: one checkout per buyer and product. Claimed orders are left alone: their money may be on its way.
 * Rows another transaction is changing are waited for, then checked again (a capture that claimed one meanwhile
 * keeps it), in id order; nothing that holds one of them waits for this buyer's locks, so no deadlock. The
 * trigger gives their code's use back.
 */
async function releaseOtherHolds(trx: Transaction<Database>, { order, items }: OrderWithItems): Promise<void> {
  const productIds = items.map((item) => item.product_id);
  const others = await trx
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('stock_reserved', '=', true)
    .where('capture_claimed_at', 'is', null)
    .where('id', '!=', order.id)
    .where((eb) =>
      eb.or([
        eb(sql`lower(invoice_email)`, '=', order.invoice_email.toLowerCase()),
        ...(order.client_ip ? [eb('client_ip', '=', order.client_ip)] : []),
        ...(order.user_id ? [eb('user_id', '=', order.user_id)] : []),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('order_items')
            .select('order_items.id')
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('order_items.product_id', 'in', productIds),
        ),
        ...(order.discount_code_id ? [eb('discount_code_id', '=', order.discount_code_id)] : []),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  if (others.length === 0) return;
  await trx
    .updateTable('orders')
    .set({ stock_reserved: false, hold_expires_at: null, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      others.map((other) => other.id),
    )
    .execute();
}

/** Takes an order's hold inside the caller's transaction: its code's use first, then its units (the lock order). */
async function takeHold(trx: Transaction<Database>, order: OrderRow, items: readonly OrderLine[]): Promise<void> {
  await takeUse(trx, order, 'payment');
  await holdStock(trx, order.id, items);
}

/**
 * The hold of a payment start, in one transaction: the order must still be payable; the same buyer's older
 * holds on its products or code are released; its code's use and its units are held (409 when they are
 * gone or held by other checkouts). The first start gives the order UNPAID_ORDER_MINUTES.afterPaymentStarts
 * to be paid; a start after its hold ended holds again until at most that end. A repeated start of an
 * order that still holds changes nothing (a click again does not lengthen a hold). Answers whether this
 * start took the hold, so a PayPal failure can give it back.
 */
export async function holdForPayment(
  app: FastifyInstance,
  orderId: string,
  known?: Pick<OrderRow, 'id' | 'user_id' | 'invoice_email' | 'client_ip'>,
): Promise<boolean> {
  // A plain order is held by one database function; any other, or a refusal, the general way below
  // (docs/decisions/045-purchase-round-trips.md). `known` is the order as the caller read it: who buys does not change.
  if (known) {
    const plain = await holdPlainOrder(app.db, known, { hold: HOLD_MINUTES, pay: UNPAID_ORDER_MINUTES.afterPaymentStarts });
    if (plain) return plain === 'held';
  }
  return app.db.transaction().execute(async (trx) => {
    // The buyer's locks come before the order's row: read who it is without a lock first (these fields do not change).
    const buyer = await trx
      .selectFrom('orders')
      .select(['user_id', 'invoice_email', 'client_ip'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!buyer) throw notFound('Order not found', 'order_not_found');
    await lockBuyer(trx, { userId: buyer.user_id, email: buyer.invoice_email, ip: buyer.client_ip });
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
    // It lapsed (the sweep failed it while this start waited for its row, or has not run yet): nothing is held.
    if (order.status === 'failed' || (order.status === 'pending' && order.expires_at && order.expires_at.getTime() <= Date.now())) {
      throw conflict('This order has expired. Please place it again.', 'order_expired');
    }
    if (order.status !== 'pending') throw conflict('This order is not awaiting payment', 'order_not_payable');
    if (order.stock_reserved) return false;
    const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    await releaseOtherHolds(trx, { order, items });
    await takeHold(trx, order, items);
    const end = sql<Date>`CASE WHEN payment_started_at IS NULL THEN now() + make_interval(mins => ${UNPAID_ORDER_MINUTES.afterPaymentStarts}) ELSE expires_at END`;
    await trx
      .updateTable('orders')
      .set({
        stock_reserved: true,
        hold_expires_at: sql`least(now() + make_interval(mins => ${HOLD_MINUTES}), ${end})`,
        expires_at: end,
        payment_started_at: sql`coalesce(payment_started_at, now())`,
        updated_at: sql`now()`,
      })
      .where('id', '=', orderId)
      .execute();
    return true;
  });
}

/** Gives back a hold this payment start took when PayPal could not start the payment after all. */
export async function releaseHold(app: FastifyInstance, orderId: string): Promise<void> {
  await app.db
    .updateTable('orders')
    .set({ stock_reserved: false, hold_expires_at: null, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('capture_claimed_at', 'is', null)
    .execute();
}

/**
 * A buyer back from PayPal whose hold ended (it lapsed, or a newer payment start of theirs released it):
 * inside the claim's transaction, its code's use and its units are taken again before anything is
 * captured, or the 409 says why and nothing is charged.
 */
export async function retakeHold(trx: Transaction<Database>, { order, items }: OrderWithItems): Promise<void> {
  await takeHold(trx, order, items);
}
