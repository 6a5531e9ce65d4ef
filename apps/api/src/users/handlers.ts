import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { toUser } from '../auth/user-repository.ts';
import { containsPattern } from '../db/like.ts';
import { countRows, pageOf } from '../db/paging.ts';
import type { RouteHandlers } from '../http/register-routes.ts';

export function userHandlers(app: FastifyInstance): RouteHandlers {
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
  };
}
