import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory; `snapshot` starts from a dumped data folder. */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseTarget['kind'];
  close: () => Promise<void>;
  /** This process's connections to it: open, idle, and queries waiting for one (the metrics and the status page). */
  poolStats: () => PoolStats;
  /** The embedded instance, when there is one (tests dump it as a snapshot). */
  pglite?: PGlite;
  /**
   * Hears `NOTIFY` on a channel, on a connection of its own (not one of the pool's). `onMessage` gets each
   * payload; `onGap` is called when notifications may have been missed (the connection dropped and was
   * opened again), so the listener can forget what it derived from them. Resolves once listening; the
   * function it resolves to stops.
   */
  listen: (channel: string, onMessage: (payload: string) => void, onGap: () => void) => Promise<() => Promise<void>>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const statsOf = (pool: pg.Pool) => (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });

/**
 * Kysely over `pg` in both cases: a real pool for PostgreSQL, or one serialised connection to PGlite
 * through its node-postgres adapter, so both run the same driver code and type parsing.
 */
export async function openDatabase(target: DatabaseTarget, onIdleError: (error: Error) => void = () => {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a killed backend) is dropped and replaced
    // by the pool; unheard, its error would crash the process.
    pool.on('error', onIdleError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', poolStats: statsOf(pool), close: () => db.destroy(), listen: (...args) => listenOnPostgres(target.url, onIdleError, ...args) };
  }
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
    extensions: { pg_trgm },
  });
  const pool = new pg.Pool(createPgConfig(pglite));
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    poolStats: statsOf(pool),
    pglite,
    listen: async (channel, onMessage) => {
      const stop = await pglite.listen(channel, onMessage);
      return () => stop();
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

const RELISTEN_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * LISTEN on a dedicated connection that is opened again whenever it ends (a restart, a killed backend),
 * after a short delay that grows to 5 s; each reopening reports a gap, since notifications sent while no
 * one listened are lost. The first connection must succeed: the caller learns of a wrong URL at start.
 */
async function listenOnPostgres(
  url: string,
  onError: (error: Error) => void,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      void next.end().catch(() => {});
    });
    next.on('end', () => {
      if (client === next && !stopped) reopenLater();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reopenLater = () => {
    client = undefined;
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => {
      if (stopped) return;
      open()
        .then(() => {
          failures = 0;
          onGap();
        })
        .catch((error: unknown) => {
          onError(error instanceof Error ? error : new Error(String(error)));
          reopenLater();
        });
    }, delay);
    timer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** True for PostgreSQL's unique violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
