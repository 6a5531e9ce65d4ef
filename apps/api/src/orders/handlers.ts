import { REVENUE_STATUSES, toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { addLicenseKeys, licenseKeyStock } from './license-keys.ts';
import { cancelUnpaidOrder } from './buyer-cancel.ts';
import { claimGuestOrders } from './guest-claims.ts';
import { findOrder, isGuestOrder, listOrders } from './order-repository.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { requesterOf } from '../delivery/delivery-log.ts';
import { refundOrder } from '../payments/refunds.ts';
import { presentAdminOrders } from './admin-orders.ts';
import { csvAttachment } from '../http/csv.ts';
import { exportFileName, orderExportStream } from './order-export.ts';
import { revenueSeries } from './revenue.ts';
import { activeSubscriptionsCount, monthlyRecurringCents, subscriptionRevenueCents } from '../subscription-admin/subscription-figures.ts';
import { adminChangeOrderStatus, canOpenOrder, createOrder, presentGuestSummary, presentOrder, presentOrders } from './order-service.ts';

const ORDER_NOT_FOUND = 'Order not found';

/** An order as staff name it: # and the last 8 characters of its id. */
const orderLabel = (id: string) => `#${id.slice(-8)}`;

export function orderHandlers(
  app: FastifyInstance,
): Pick<
  RouteHandlers,
  | 'createOrder'
  | 'listMyOrders'
  | 'getMyOrder'
  | 'cancelMyOrder'
  | 'getGuestOrder'
  | 'adminListOrders'
  | 'adminExportOrders'
  | 'adminRevenue'
  | 'adminSetOrderStatus'
  | 'adminRefundOrder'
  | 'adminStats'
  | 'adminLicenseKeyStock'
  | 'adminAddLicenseKeys'
> {
  return {
    createOrder: async ({ caller, body, request }) => {
      const order = await createOrder(app, caller, body, { ip: request.ip, origin: shopOrigin(app, request) }, requesterOf(request));
      request.log.info({ orderId: order.id, userId: caller?.id ?? null, total: order.total_amount }, 'order created');
      return order;
    },

    // The buyer's own answers record each line whose keys they show: the delivery log's key reveals.
    // Guest orders paid since with the account's verified email join it first (docs/decisions/024).
    listMyOrders: async ({ caller, query, request }) => {
      await claimGuestOrders(app.db, caller.id);
      const { orders, total } = await listOrders(app.db, query, caller.id);
      return { orders: await presentOrders(app, orders, { includeGoods: true, revealTo: requesterOf(request) }), total };
    },

    // Another account's order answers 404 like a missing one: its existence is not revealed.
    getMyOrder: async ({ caller, params, request }) => {
      const found = await findOrder(app.db, params.id);
      if (!found || found.order.user_id !== caller.id) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
      return presentOrder(app, found, { includeGoods: true, revealTo: requesterOf(request) });
    },

    // The buyer's cancel of an unpaid order; the reason is logged with it (docs/decisions/048).
    cancelMyOrder: async ({ caller, params, request }) => {
      const cancelled = await cancelUnpaidOrder(app, params.id, caller.id);
      request.log.info({ orderId: params.id, userId: caller.id, status: 'failed', reason: 'cancelled by the buyer' }, 'order cancelled by the buyer');
      return presentOrder(app, cancelled, { includeGoods: true, revealTo: requesterOf(request) });
    },

    // A guest order by its id answers only its summary; the buyer's details and the goods need its access token.
    // A guest order claimed by an account keeps answering its guest link.
    getGuestOrder: async ({ params, query, request }) => {
      const found = await findOrder(app.db, params.orderId);
      if (!found || !isGuestOrder(found.order)) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
      if (!canOpenOrder(app, found.order.id, query.token)) return presentGuestSummary(app, found);
      return presentOrder(app, found, { includeGoods: true, revealTo: requesterOf(request) });
    },

    adminListOrders: async ({ query }) => {
      const { orders, total } = await listOrders(app.db, query);
      return { orders: await presentAdminOrders(app, orders), total };
    },

    // Streamed page by page: any number of orders in bounded memory (docs/decisions/032-orders-csv-export.md).
    // Every buyer's email leaves the store: the audit trail records who, the filter and the rows, once the stream ends.
    adminExportOrders: async ({ query, caller, request, reply }) => {
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', csvAttachment(exportFileName(new Date())));
      // A HEAD (Fastify answers one for every GET) hands nothing out: no query, no rows, no audit entry.
      if (request.method === 'HEAD') return reply.send();
      const filter = { search: query.search ?? null, status: query.status ?? null, dispute: query.dispute ?? null };
      const stream = orderExportStream(app.db, query, ({ rows, complete }) => {
        request.log.info({ by: caller.id, filter: query, rows, complete }, 'orders exported');
        recordAuditChange(request, { targetLabel: `${rows} ${rows === 1 ? 'order' : 'orders'}`, after: { ...filter, rows, complete } });
      });
      return reply.send(stream);
    },

    adminRevenue: ({ query }) => revenueSeries(app.db, query.days ?? 30),

    // Staff's full refund through PayPal (docs/decisions/026-refunds-and-disputes.md); the reason is kept for staff only.
    adminRefundOrder: async ({ params, body, caller, request }) => {
      const refunded = await refundOrder(app, params.id, caller.id, body.reason);
      // refundOrder refunds completed orders only: the status before was completed.
      recordAuditChange(request, {
        targetLabel: orderLabel(refunded.order.id),
        before: { status: 'completed' },
        after: { status: refunded.order.status, refund_reason: body.reason.trim(), amount: toDollars(refunded.order.total_cents) },
      });
      const [order] = await presentAdminOrders(app, [refunded]);
      return order!;
    },

    adminSetOrderStatus: async ({ params, query, caller, request }) => {
      const { previous, changed } = await adminChangeOrderStatus(app, params.id, query.status);
      request.log.info({ orderId: params.id, status: changed.order.status, by: caller.id }, 'order status changed by staff');
      recordAuditChange(request, { targetLabel: orderLabel(changed.order.id), before: { status: previous }, after: { status: changed.order.status } });
      return presentOrder(app, changed, { includeGoods: true, includeDownloads: false });
    },

    adminStats: async () => {
      const row = await app.db
        .selectNoFrom([
          sql<string>`(SELECT count(*) FROM products WHERE archived_at IS NULL)`.as('products'),
          // Test orders (paid through the sandbox) moved no money: they are left out of the figures.
          sql<string>`(SELECT count(*) FROM orders WHERE NOT is_test)`.as('orders'),
          sql<string>`(SELECT count(*) FROM users)`.as('users'),
          sql<string>`(SELECT count(*) FROM orders WHERE dispute_id IS NOT NULL AND dispute_resolved_at IS NULL)`.as('open_disputes'),
          sql<string>`(SELECT coalesce(sum(total_cents), 0) FROM orders WHERE status IN (${sql.join(REVENUE_STATUSES)}) AND NOT is_test)`.as(
            'revenue',
          ),
          // Subscription payments kept count as revenue too, as the revenue chart counts them (docs/decisions/040).
          subscriptionRevenueCents().as('subscription_revenue'),
          activeSubscriptionsCount().as('active_subscriptions'),
          monthlyRecurringCents().as('mrr'),
        ])
        .executeTakeFirstOrThrow();
      return {
        total_products: Number(row.products),
        total_orders: Number(row.orders),
        total_users: Number(row.users),
        total_revenue: toDollars(Number(row.revenue) + Number(row.subscription_revenue)),
        open_disputes: Number(row.open_disputes),
        active_subscriptions: Number(row.active_subscriptions),
        mrr: toDollars(Number(row.mrr)),
      };
    },

    adminLicenseKeyStock: ({ params }) => licenseKeyStock(app, params.id),
    adminAddLicenseKeys: async ({ params, body, request }) => {
      const result = await addLicenseKeys(app, params.id, body.keys);
      // How many, never which: the keys are goods, and the trail is read by every admin.
      recordAuditChange(request, {
        before: { available_keys: result.stock.available - result.added },
        after: { available_keys: result.stock.available, keys_added: result.added, duplicates_skipped: result.duplicates.length },
      });
      return result;
    },
  };
}
