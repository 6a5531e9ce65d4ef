import Type, { type Static } from 'typebox';
import { TimestampSchema } from './entities.ts';

/*
 * Operations (docs/decisions/058-operations.md): what `/readyz` answers a load balancer, and what staff read on
 * Settings → System. `/livez`, `/readyz` and `/metrics` are not routes of the API's table: they are answered
 * before it, for machines.
 */

const NullableTimestamp = Type.Union([TimestampSchema, Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/** The names of readiness's checks, in the order they run. */
export const READINESS_CHECKS = ['database', 'migrations', 'redis', 'storage', 'shutdown'] as const;
export type ReadinessCheckName = (typeof READINESS_CHECKS)[number];

export const ReadinessCheckSchema = Type.Object({
  name: Type.Union([Type.Literal('database'), Type.Literal('migrations'), Type.Literal('redis'), Type.Literal('storage'), Type.Literal('shutdown')]),
  /** Passed; a check that does not apply here (Redis not configured) passes and says so in `detail`. */
  ok: Type.Boolean(),
  /** How long the check took, in milliseconds. */
  ms: Type.Number({ minimum: 0 }),
  /** Why it failed, or what it found, in a few words; never a host name or a secret. */
  detail: Type.Union([Type.String(), Type.Null()]),
});
export type ReadinessCheck = Static<typeof ReadinessCheckSchema>;

/** `GET /readyz`: 200 with `ready`, 503 with `not_ready`. */
export const ReadinessSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  checks: Type.Array(ReadinessCheckSchema),
});
export type Readiness = Static<typeof ReadinessSchema>;

const OutboxSchema = Type.Object({
  /** Waiting for a first or a next attempt. */
  pending: Count,
  /** Given up on (mail past its retries; webhook deliveries past 3 days). */
  failed: Count,
  /** When the oldest waiting row was queued; null when none waits. */
  oldest_pending_at: NullableTimestamp,
});

/** `GET /api/admin/system`: the instance that answered, and the store's shared state. */
export const SystemStatusSchema = Type.Object({
  readiness: ReadinessSchema,
  /** The store's version (the API package's), the Node.js running it, and this instance. */
  version: Type.String(),
  node_version: Type.String(),
  /** host name and process id of the instance that answered: behind a load balancer, each call may meet another. */
  instance: Type.String(),
  started_at: TimestampSchema,
  database: Type.Object({
    kind: Type.Union([Type.Literal('postgres'), Type.Literal('pglite')]),
    /** PostgreSQL's `server_version`. */
    server_version: Type.String(),
    size_bytes: Count,
    /** This instance's connections: open, idle, and requests waiting for one. */
    pool: Type.Object({ total: Count, idle: Count, waiting: Count }),
  }),
  migrations: Type.Object({
    /** Migrations this version knows, and which of them the database lacks (none once started). */
    known: Count,
    applied: Count,
    latest: Type.Union([Type.String(), Type.Null()]),
    pending: Type.Array(Type.String()),
  }),
  redis: Type.Object({
    state: Type.Union([Type.Literal('not_configured'), Type.Literal('ready'), Type.Literal('unreachable')]),
    /** The PING's round trip, when it answered. */
    ms: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  }),
  mail: Type.Object({
    /** Whether SMTP is set up in Settings; without it mail waits in the outbox. */
    configured: Type.Boolean(),
    outbox: OutboxSchema,
  }),
  webhooks: Type.Object({ outbox: OutboxSchema }),
  reconciliation: Type.Object({
    /** How often unsettled PayPal payments are asked about (`RECONCILE_SECONDS`; 0: never). */
    interval_seconds: Count,
    /** The last run that finished, on any instance; null: none yet. */
    last_success_at: NullableTimestamp,
    /** Orders PayPal may have captured that the store has not settled yet. */
    orders_awaiting: Count,
  }),
  storage: Type.Object({
    driver: Type.Union([Type.Literal('fs'), Type.Literal('s3')]),
    /** The folder (fs) or the bucket (s3). */
    location: Type.String(),
    /** Space left on the folder's disk (fs only; null on s3). */
    free_bytes: Type.Union([Count, Type.Null()]),
    total_bytes: Type.Union([Count, Type.Null()]),
  }),
});
export type SystemStatus = Static<typeof SystemStatusSchema>;
