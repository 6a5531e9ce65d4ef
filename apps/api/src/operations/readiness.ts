import { performance } from 'node:perf_hooks';
import type { Readiness, ReadinessCheck, ReadinessCheckName } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from '../db/migrations/index.ts';

/** A check that has not answered by then has failed: a load balancer's probe must not hang on a stalled database. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * One run of the checks serves every probe for this long. `/readyz` is public and not rate-limited, so a flood
 * of probes costs at most one database query and one file write a second per instance.
 */
const RESULT_TTL_MS = 1000;
/** Object storage is written at most this often (a put and a delete cost money on S3); the disk every time. */
const S3_PROBE_TTL_MS = 30_000;

type Outcome = { ok: true; detail: string | null } | { ok: false; detail: string };

const passed = (detail: string | null = null): Outcome => ({ ok: true, detail });
const failed = (detail: string): Outcome => ({ ok: false, detail });

/** A failure in a few words for a public answer: the error's code or class, never its message (it may name hosts). */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[\w.-]{1,40}$/.test(code)) return code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  return 'failed';
}

async function timed(name: ReadinessCheckName, check: () => Promise<Outcome>): Promise<ReadinessCheck> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve(failed(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  const outcome = await Promise.race([check().catch((error: unknown) => failed(reasonOf(error))), timeout]);
  clearTimeout(timer);
  return { name, ok: outcome.ok, ms: Math.round((performance.now() - start) * 100) / 100, detail: outcome.detail };
}

/** The migrations this version knows that the database has not recorded (kysely's own table). */
export async function pendingMigrations(app: FastifyInstance): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
  const done = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}

/**
 * Whether this instance should be sent requests: the database answers, its schema is this version's, Redis
 * answers when one is configured, the files can be written, and the instance is not shutting down. Each
 * check runs at once, bounded by CHECK_TIMEOUT_MS; concurrent callers share one run (RESULT_TTL_MS).
 */
export function readinessChecker(app: FastifyInstance): () => Promise<Readiness> {
  let migrationsCurrent = false;
  let storageCheckedAt = 0;
  let last: { at: number; result: Promise<Readiness> } | undefined;

  const run = async (): Promise<Readiness> => {
    const checks = await Promise.all([
      timed('database', async () => {
        await sql`select 1`.execute(app.db);
        return passed();
      }),
      timed('migrations', async () => {
        // Applied migrations are never undone by the store: once current, current for this process's life.
        if (migrationsCurrent) return passed();
        const pending = await pendingMigrations(app);
        if (pending.length > 0) return failed(`${pending.length} pending, from ${pending[0]}`);
        migrationsCurrent = true;
        return passed();
      }),
      timed('redis', async () => {
        if (app.redis === null) return passed('not configured');
        await app.redis.ping();
        return passed();
      }),
      timed('storage', async () => {
        const cached = app.blobs.driver === 's3' && Date.now() - storageCheckedAt < S3_PROBE_TTL_MS;
        if (cached) return passed('written less than 30 s ago');
        await app.blobs.probe();
        storageCheckedAt = Date.now();
        return passed();
      }),
      timed('shutdown', async () => (app.lifecycle.shuttingDown ? failed('shutting down') : passed())),
    ]);
    return { status: checks.every((check) => check.ok) ? 'ready' : 'not_ready', checks };
  };

  return () => {
    // Shutting down is answered at once: the load balancer must hear it on its next probe, not a second later.
    if (last && Date.now() - last.at < RESULT_TTL_MS && !app.lifecycle.shuttingDown) return last.result;
    const result = run();
    last = { at: Date.now(), result };
    // A rejected run is never shared (the checks catch their errors; this is a guard).
    result.catch(() => (last = undefined));
    return result;
  };
}
