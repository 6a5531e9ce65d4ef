import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/connect.ts';
import { ProductWriteWatcher } from '../db/product-writes.ts';
import type { Database } from '../db/schema.ts';
import type { Config } from '../env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** This process's writes to products, as they execute (the catalogue cache listens). */
    productWrites: ProductWriteWatcher;
    /** LISTEN on a channel of the database (see DatabaseHandle.listen). */
    listenToDatabase: DatabaseHandle['listen'];
    /** The database's kind and this process's pool (the metrics and the status page). */
    database: Pick<DatabaseHandle, 'kind' | 'poolStats'>;
  }
}

/**
 * The database the config names (PostgreSQL, or the embedded PGlite in the data folder), or the one a
 * test passes, migrated to the latest schema. Called before the plugins start: a fresh embedded database
 * takes seconds to create, and a slow first start must not be mistaken for a plugin that hangs.
 */
export async function openMigratedDatabase(config: Config, log: FastifyBaseLogger, given?: DatabaseHandle): Promise<DatabaseHandle> {
  const handle =
    given ??
    (await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
      (error) => log.warn({ err: error }, 'database connection lost; the pool replaces it'),
    ));
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    if (!given) await handle.close();
    throw error;
  }
  log.info({ database: handle.kind }, 'database ready');
  return handle;
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
    const productWrites = new ProductWriteWatcher();
    app.decorate('db', database.db.withPlugin(productWrites));
    app.decorate('productWrites', productWrites);
    app.decorate('listenToDatabase', database.listen);
    app.decorate('database', { kind: database.kind, poolStats: database.poolStats });
    if (closeWithApp) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
