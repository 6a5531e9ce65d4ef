import { REVENUE_STATUSES, toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { addLicenseKeys, licenseKeyStock } from './license-keys.ts';
import { findOrder, listOrders } from './order-repository.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { adminChangeOrderStatus, canOpenOrder, checkDownloadLink, createOrder, presentGuestSummary, presentOrder, presentOrders } from './order-service.ts';

const ORDER_NOT_FOUND = 'Order not found';

export function orderHandlers(app: FastifyInstance): Pick<RouteHandlers, 'createOrder' | 'listMyOrders' | 'getMyOrder' | 'getGuestOrder' | 'download' | 'adminListOrders' | 'adminSetOrderStatus' | 'adminStats' | 'adminLicenseKeyStock' | 'adminAddLicenseKeys'> {
  return {
    createOrder: async ({ caller, body, request }) => {
      const order = await createOrder(app, caller, body, { ip: request.ip, origin: shopOrigin(app, request) });
      request.log.info({ orderId: order.id, userId: caller?.id ?? null, total: order.total_amount }, 'order created');
      return order;
    },

    listMyOrders: async ({ caller, query }) => {
      const { orders, total } = await listOrders(app.db, query, caller.id);
      return { orders: await presentOrders(app, orders, { includeGoods: true }), total };
    },

    // Another account's order answers 404 like a missing one: its existence is not revealed.
    getMyOrder: async ({ caller, params }) => {
      const found = await findOrder(app.db, params.id);
      if (!found || found.order.user_id !== caller.id) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
      return presentOrder(app, found, { includeGoods: true });
    },

    // A guest order by its id answers only its summary; the buyer's details and the goods need its access token.
    getGuestOrder: async ({ params, query }) => {
      const found = await findOrder(app.db, params.orderId);
      if (!found || found.order.user_id !== null) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
      if (!canOpenOrder(app, found.order.id, query.token)) return presentGuestSummary(app, found);
      return presentOrder(app, found, { includeGoods: true });
    },

    download: async ({ params, query, reply }) => {
      if (!checkDownloadLink(app, params.id, query.expires, query.signature)) {
        throw new AppError('forbidden', 'This download link is invalid or has expired. Open your order page for a new one.', 'invalid_download_link');
      }
      const item = await app.db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select(['order_items.id', 'order_items.title', 'order_items.quantity', 'orders.id as order_id', 'orders.status', 'products.description'])
        .where('order_items.id', '=', params.id)
        .executeTakeFirst();
      if (!item || item.status !== 'completed') throw notFound('Download not found', 'download_not_found');
      const name = `${item.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'download'}.txt`;
      reply
        .type('text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store');
      return Buffer.from(
        [`${item.title}`, '', item.description, '', `Order #${item.order_id.slice(-8)}, ${item.quantity} licence(s).`, 'Thank you for your purchase.', ''].join(
          '\n',
        ),
      );
    },

    adminListOrders: async ({ query }) => {
      const { orders, total } = await listOrders(app.db, query);
      return { orders: await presentOrders(app, orders, { includeGoods: true }), total };
    },

    adminSetOrderStatus: async ({ params, query, caller, request }) => {
      const changed = await adminChangeOrderStatus(app, params.id, query.status);
      request.log.info({ orderId: params.id, status: changed.order.status, by: caller.id }, 'order status changed by staff');
      return presentOrder(app, changed, { includeGoods: true });
    },

    adminStats: async () => {
      const row = await app.db
        .selectNoFrom([
          sql<string>`(SELECT count(*) FROM products WHERE archived_at IS NULL)`.as('products'),
          // Test orders (paid through the sandbox) moved no money: they are left out of the figures.
          sql<string>`(SELECT count(*) FROM orders WHERE NOT is_test)`.as('orders'),
          sql<string>`(SELECT count(*) FROM users)`.as('users'),
          sql<string>`(SELECT coalesce(sum(total_cents), 0) FROM orders WHERE status IN (${sql.join(REVENUE_STATUSES)}) AND NOT is_test)`.as('revenue'),
        ])
        .executeTakeFirstOrThrow();
      return {
        total_products: Number(row.products),
        total_orders: Number(row.orders),
        total_users: Number(row.users),
        total_revenue: toDollars(Number(row.revenue)),
      };
    },

    adminLicenseKeyStock: ({ params }) => licenseKeyStock(app, params.id),
    adminAddLicenseKeys: ({ params, body }) => addLicenseKeys(app, params.id, body.keys),
  };
}
