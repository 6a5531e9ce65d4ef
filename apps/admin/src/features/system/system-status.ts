import type { ReadinessCheckName, SystemStatus } from '@store/contracts';
import { formatBytes } from '../site/format.ts';

/*
 * What the System screen reads from `GET /api/admin/system`, as plain functions: the thresholds that make a
 * figure a warning, and the durations staff read during an incident ('12 min ago'). Times are compared with
 * the browser's clock: the answer carries no time of its own.
 */

/** Mail waiting longer than this is stuck (the sender retries within minutes). */
export const MAIL_WAIT_WARNING_MS = 15 * 60_000;
/** Reconciliation is late once this many intervals have passed without a finished run. */
export const RECONCILIATION_LATE_INTERVALS = 3;
/** The upload disk is low under this share of its size, or under `LOW_DISK_BYTES` left. */
export const LOW_DISK_SHARE = 0.1;
export const LOW_DISK_BYTES = 1024 ** 3;

/** The readiness checks in words. */
export const CHECK_LABELS: Record<ReadinessCheckName, string> = {
  database: 'Database',
  migrations: 'Migrations',
  redis: 'Redis',
  storage: 'Storage',
  shutdown: 'Shutdown',
};

export const DATABASE_KIND_LABELS: Record<SystemStatus['database']['kind'], string> = {
  postgres: 'PostgreSQL',
  pglite: 'Embedded PGlite',
};

export const STORAGE_DRIVER_LABELS: Record<SystemStatus['storage']['driver'], string> = {
  fs: 'Local disk',
  s3: 'S3 bucket',
};

/** The parts of the screen that can warn, each a section with its own heading. */
export type SystemPart = 'migrations' | 'redis' | 'mail' | 'reconciliation' | 'storage';

export interface SystemWarning {
  part: SystemPart;
  message: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A length of time in its two largest units: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function formatDuration(ms: number): string {
  const span = Math.max(0, ms);
  if (span < MINUTE) return `${Math.floor(span / SECOND)} s`;
  if (span < HOUR) return `${Math.floor(span / MINUTE)} min`;
  if (span < DAY) {
    const minutes = Math.floor((span % HOUR) / MINUTE);
    return `${Math.floor(span / HOUR)} h${minutes ? ` ${minutes} min` : ''}`;
  }
  const hours = Math.floor((span % DAY) / HOUR);
  return `${Math.floor(span / DAY)} d${hours ? ` ${hours} h` : ''}`;
}

/** How long ago `at` was: 'just now' within 5 s (or a little ahead: the clocks of browser and server differ), else '12 min ago'. */
export function formatAgo(at: string, now: number): string {
  const ago = now - new Date(at).getTime();
  if (Number.isNaN(ago)) return at;
  return ago < 5 * SECOND ? 'just now' : `${formatDuration(ago)} ago`;
}

/** How long `at` is before `now`, in milliseconds (0 when it is ahead). */
export function ageOf(at: string, now: number): number {
  return Math.max(0, now - new Date(at).getTime());
}

/** A check's or a PING's time: one decimal below 10 ms ('0.4 ms'), whole milliseconds above ('132 ms'). */
export function formatMs(ms: number): string {
  return ms < 10 ? `${Math.round(ms * 10) / 10} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** Reconciliation's interval in words: 'Off' at 0, else 'Every 5 min'. */
export function formatInterval(seconds: number): string {
  return seconds === 0 ? 'Off' : `Every ${formatDuration(seconds * SECOND)}`;
}

/** The upload disk's free space ('12 GB free of 100 GB (12%)') and whether it is low; null on S3 (not measured). */
export function diskSpace(storage: SystemStatus['storage']): { text: string; low: boolean } | null {
  const { free_bytes: free, total_bytes: total } = storage;
  if (free === null || total === null || total === 0) return null;
  const freeShare = free / total;
  const percent = Math.floor(freeShare * 100);
  return {
    text: `${formatBytes(free)} free of ${formatBytes(total)} (${percent}%)`,
    low: freeShare < LOW_DISK_SHARE || free < LOW_DISK_BYTES,
  };
}

/**
 * Since when reconciliation has not finished a run, when that is late: over 3 intervals since the last run
 * (on any instance), or, before any run, since this instance started. Null when it is on time or off.
 */
export function reconciliationLateBy(status: Pick<SystemStatus, 'reconciliation' | 'started_at'>, now: number): number | null {
  const { interval_seconds: interval, last_success_at: last } = status.reconciliation;
  if (interval === 0) return null;
  const since = ageOf(last ?? status.started_at, now);
  return since > RECONCILIATION_LATE_INTERVALS * interval * SECOND ? since : null;
}

/** How long the oldest waiting email has waited, when that is past `MAIL_WAIT_WARNING_MS`; else null. */
export function mailStuckFor(status: Pick<SystemStatus, 'mail'>, now: number): number | null {
  const oldest = status.mail.outbox.oldest_pending_at;
  if (!oldest) return null;
  const age = ageOf(oldest, now);
  return age > MAIL_WAIT_WARNING_MS ? age : null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What needs staff's attention, section by section, in the order the screen shows them. Failed readiness checks
 * are not repeated here: the readiness table at the top shows them. Webhook deliveries are not either: waiting
 * for days is their normal course while a receiver is down (they retry for 3 days, docs/decisions/057-webhooks.md).
 */
export function systemWarnings(status: SystemStatus, now: number): SystemWarning[] {
  const warnings: SystemWarning[] = [];
  const pending = status.migrations.pending.length;
  if (pending > 0) warnings.push({ part: 'migrations', message: `${plural(pending, 'migration is', 'migrations are')} not applied` });
  if (status.redis.state === 'unreachable') warnings.push({ part: 'redis', message: 'Redis is configured but does not answer' });
  if (!status.mail.configured) warnings.push({ part: 'mail', message: 'Email is not set up: mail waits in the outbox' });
  const stuck = mailStuckFor(status, now);
  if (stuck !== null) warnings.push({ part: 'mail', message: `The oldest email has waited ${formatDuration(stuck)}` });
  const late = reconciliationLateBy(status, now);
  if (late !== null) {
    const message = status.reconciliation.last_success_at
      ? `Payment reconciliation last finished ${formatDuration(late)} ago`
      : `Payment reconciliation has not finished a run in ${formatDuration(late)}`;
    warnings.push({ part: 'reconciliation', message });
  }
  const disk = diskSpace(status.storage);
  if (disk?.low) warnings.push({ part: 'storage', message: `The upload disk is nearly full: ${disk.text}` });
  return warnings;
}
