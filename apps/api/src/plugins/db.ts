import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface DbPluginOptions {
  /** The open, migrated database. */
  database: DatabaseHandle;
  /** Close it with the app (false when the caller owns it, as tests do). */
  closeWithApp: boolean;
}

/** Exposes the database as `app.db`; opening and migrating happen before, outside the plugin timeout. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { database, closeWithApp }) => {
    app.decorate('db', database.db);
    if (closeWithApp) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
