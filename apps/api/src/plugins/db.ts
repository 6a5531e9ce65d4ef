import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export interface DbPluginOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
}

/** Opens the database (PostgreSQL when DATABASE_URL is set, else embedded PGlite) and migrates it. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const handle =
      options.database ??
      (await openDatabase(
        app.config.databaseUrl ? { kind: 'postgres', url: app.config.databaseUrl } : { kind: 'pglite', dataDir: `${app.config.dataDir}/pglite` },
        (error) => app.log.warn({ err: error }, 'database connection lost; the pool replaces it'),
      ));
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    app.log.info({ database: handle.kind }, 'database ready');
    app.decorate('db', handle.db);
    if (!options.database) app.addHook('onClose', () => handle.close());
  },
  { name: 'db', dependencies: ['config'] },
);
