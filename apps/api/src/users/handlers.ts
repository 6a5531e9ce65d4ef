import { REVENUE_STATUSES, toDollars } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { endAllSessions } from '../auth/handlers.ts';
import { toUser } from '../auth/user-repository.ts';
import { containsPattern } from '../db/like.ts';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { conflict, notFound } from '../errors.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { RouteHandlers } from '../http/register-routes.ts';

export function userHandlers(app: FastifyInstance): Pick<RouteHandlers, 'adminListUsers' | 'adminUserCounts' | 'adminSetUserActive' | 'adminUserStats'> {
  return {
    adminListUsers: async ({ query }) => {
      let filtered = app.db.selectFrom('users');
      const search = query.search?.trim().toLowerCase();
      if (search) {
        const pattern = containsPattern(search);
        filtered = filtered.where((eb) => eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]));
      }
      if (query.role) filtered = filtered.where('role', '=', query.role);
      const { limit, offset } = pageOf(query);
      const [rows, total] = await Promise.all([
        filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        countRows(filtered),
      ]);
      return { users: rows.map(toUser), total };
    },

    adminUserCounts: async () => {
      const row = await app.db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          eb.fn.count<string>('id').filterWhere('role', '=', 'admin').as('admins'),
          eb.fn.count<string>('id').filterWhere('is_active', '=', true).as('active'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), admins: Number(row.admins), active: Number(row.active) };
    },

    // Deactivating ends the account's sessions at once; staff cannot lock themselves (and so the last admin) out.
    adminSetUserActive: async ({ params, body, caller, request }) => {
      if (params.id === caller.id && !body.is_active) throw conflict('You cannot deactivate your own account', 'cannot_deactivate_self');
      // The account as it was, locked until the change commits: the audit trail's "before".
      const { before, row } = await app.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('users').select('is_active').where('id', '=', params.id).forUpdate().executeTakeFirst();
        if (!current) return { before: undefined, row: undefined };
        return {
          before: current,
          row: await trx
            .updateTable('users')
            .set({ is_active: body.is_active })
            .where('id', '=', params.id)
            .returningAll()
            .executeTakeFirst(),
        };
      });
      if (!before || !row) throw notFound('User not found', 'user_not_found');
      recordAuditChange(request, {
        targetLabel: row.username,
        before: { is_active: before.is_active },
        after: { is_active: row.is_active },
      });
      const ended = body.is_active ? 0 : await endAllSessions(app, row.id);
      request.log.info({ userId: row.id, active: row.is_active, sessionsEnded: ended, by: caller.id }, 'account status changed by staff');
      return toUser(row);
    },

    adminUserStats: async ({ params }) => {
      const user = await app.db.selectFrom('users').select('id').where('id', '=', params.id).executeTakeFirst();
      if (!user) throw notFound('User not found', 'user_not_found');
      const [orders, units] = await Promise.all([
        app.db
          .selectFrom('orders')
          .where('user_id', '=', params.id)
          .select((eb) => [
            eb.fn.countAll<string>().as('count'),
            eb.fn
              .sum<string | null>('total_cents')
              .filterWhere((filter) => filter.and([filter('status', 'in', REVENUE_STATUSES), filter('is_test', '=', false)]))
              .as('spent_cents'),
          ])
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('order_items')
          .innerJoin('orders', 'orders.id', 'order_items.order_id')
          .where('orders.user_id', '=', params.id)
          .where('orders.status', 'in', REVENUE_STATUSES)
          .where('orders.is_test', '=', false)
          .select((eb) => eb.fn.sum<string | null>('order_items.quantity').as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { orders: Number(orders.count), spent: toDollars(Number(orders.spent_cents ?? 0)), products: Number(units.count ?? 0) };
    },
  };
}
