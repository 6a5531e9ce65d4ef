import { statfs } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { SystemStatus } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from '../db/migrations/index.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { smtpConfigured } from '../mail/mailer.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { version } from '../version.ts';
import { pendingMigrations } from './readiness.ts';
import { readStoreFigures, type OutboxFigures } from './store-figures.ts';

/** The app_meta row the payment reconciliation writes after each run that finished (any instance). */
export const LAST_RECONCILIATION_META = 'last_reconciliation_at';

/** Records a finished reconciliation run, for the status page (the metrics have their own, per instance). */
export async function recordReconciliation(app: FastifyInstance): Promise<void> {
  const now = new Date().toISOString();
  await app.db
    .insertInto('app_meta')
    .values({ key: LAST_RECONCILIATION_META, value: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: now }))
    .execute();
}

const outboxOf = (figures: OutboxFigures) => ({
  pending: figures.pending,
  failed: figures.failed,
  oldest_pending_at: figures.oldestPendingAt?.toISOString() ?? null,
});

async function redisState(app: FastifyInstance): Promise<SystemStatus['redis']> {
  if (app.redis === null) return { state: 'not_configured', ms: null };
  const start = performance.now();
  try {
    await app.redis.ping();
    return { state: 'ready', ms: Math.round((performance.now() - start) * 100) / 100 };
  } catch {
    return { state: 'unreachable', ms: null };
  }
}

/** Space on the disk of the files' folder (or of its nearest existing parent: the folder is made at the first upload). */
async function diskSpace(app: FastifyInstance): Promise<{ free_bytes: number | null; total_bytes: number | null }> {
  if (app.blobs.driver !== 'fs') return { free_bytes: null, total_bytes: null };
  for (let folder = app.blobs.location; ; folder = path.dirname(folder)) {
    try {
      const stats = await statfs(folder);
      return { free_bytes: stats.bavail * stats.bsize, total_bytes: stats.blocks * stats.bsize };
    } catch {
      if (path.dirname(folder) === folder) return { free_bytes: null, total_bytes: null };
    }
  }
}

/** Settings → System: this instance and the store's shared state, for staff during an incident. */
export function systemStatusHandlers(app: FastifyInstance): Pick<RouteHandlers, 'adminSystemStatus'> {
  return {
    adminSystemStatus: async () => {
      const [readiness, figures, settings, pending, applied, database, redis, disk, reconciled] = await Promise.all([
        app.readiness(),
        readStoreFigures(app.db),
        readSettings(app.db, app.dataCipher),
        pendingMigrations(app),
        sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(app.db),
        sql<{ version: string; size: string }>`select current_setting('server_version') as version, pg_database_size(current_database()) as size`.execute(app.db),
        redisState(app),
        diskSpace(app),
        app.db.selectFrom('app_meta').select('value').where('key', '=', LAST_RECONCILIATION_META).executeTakeFirst(),
      ]);
      const known = Object.keys(migrations).length;
      return {
        readiness,
        version,
        node_version: process.version,
        instance: `${hostname()}:${process.pid}`,
        started_at: app.lifecycle.startedAt.toISOString(),
        database: {
          kind: app.database.kind,
          server_version: database.rows[0]?.version ?? '',
          size_bytes: Number(database.rows[0]?.size ?? 0),
          pool: app.database.poolStats(),
        },
        migrations: { known, applied: known - pending.length, latest: applied.rows[0]?.name ?? null, pending },
        redis,
        mail: { configured: smtpConfigured(settings), outbox: outboxOf(figures.mail) },
        webhooks: { outbox: outboxOf(figures.webhooks) },
        reconciliation: {
          interval_seconds: app.config.reconcileSeconds,
          last_success_at: reconciled ? new Date(reconciled.value).toISOString() : null,
          orders_awaiting: figures.unsettledPayments.count,
        },
        storage: { driver: app.blobs.driver, location: app.blobs.location, ...disk },
      };
    },
  };
}
