import type { SystemStatus } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import {
  diskSpace,
  formatAgo,
  formatDuration,
  formatInterval,
  formatMs,
  mailStuckFor,
  reconciliationLateBy,
  systemWarnings,
} from './system-status.ts';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const MINUTE = 60_000;
const GiB = 1024 ** 3;
const before = (ms: number) => new Date(NOW - ms).toISOString();

function aStatus(): SystemStatus {
  return {
    readiness: { status: 'ready', checks: [] },
    version: '1.8.0',
    node_version: 'v22.11.0',
    instance: 'web-1:4242',
    started_at: before(60 * MINUTE),
    database: { kind: 'postgres', server_version: '16.4', size_bytes: 1024, pool: { total: 1, idle: 1, waiting: 0 } },
    migrations: { known: 3, applied: 3, latest: '0003_c', pending: [] },
    redis: { state: 'not_configured', ms: null },
    mail: { configured: true, outbox: { pending: 0, failed: 0, oldest_pending_at: null } },
    webhooks: { outbox: { pending: 0, failed: 0, oldest_pending_at: null } },
    reconciliation: { interval_seconds: 300, last_success_at: before(2 * MINUTE), orders_awaiting: 0 },
    storage: { driver: 'fs', location: '/data/uploads', free_bytes: 50 * GiB, total_bytes: 100 * GiB },
  };
}

describe('the System screen’s figures', () => {
  it('writes durations in their two largest units', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(12 * MINUTE + 59_000)).toBe('12 min');
    expect(formatDuration(3 * 60 * MINUTE)).toBe('3 h');
    expect(formatDuration(3 * 60 * MINUTE + 5 * MINUTE)).toBe('3 h 5 min');
    expect(formatDuration(2 * 24 * 60 * MINUTE + 4 * 60 * MINUTE + 30 * MINUTE)).toBe('2 d 4 h');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('says how long ago, and "just now" for a time a little ahead of the browser’s clock', () => {
    expect(formatAgo(before(3 * MINUTE), NOW)).toBe('3 min ago');
    expect(formatAgo(before(2_000), NOW)).toBe('just now');
    expect(formatAgo(new Date(NOW + 30_000).toISOString(), NOW)).toBe('just now');
  });

  it('writes check times with one decimal below 10 ms, and the interval, Off at 0', () => {
    expect(formatMs(0.84)).toBe('0.8 ms');
    expect(formatMs(132.4)).toBe('132 ms');
    expect(formatMs(1534)).toBe('1,534 ms');
    expect(formatInterval(0)).toBe('Off');
    expect(formatInterval(300)).toBe('Every 5 min');
  });

  it('calls the disk low under 10% free or under 1 GiB, and does not measure S3', () => {
    expect(diskSpace(aStatus().storage)).toEqual({ text: '50 GB free of 100 GB (50%)', low: false });
    expect(diskSpace({ driver: 'fs', location: '/d', free_bytes: 9 * GiB, total_bytes: 100 * GiB })?.low).toBe(true);
    expect(diskSpace({ driver: 'fs', location: '/d', free_bytes: 0.5 * GiB, total_bytes: 2 * GiB })?.low).toBe(true);
    expect(diskSpace({ driver: 'fs', location: '/d', free_bytes: 1.5 * GiB, total_bytes: 2 * GiB })?.low).toBe(false);
    expect(diskSpace({ driver: 's3', location: 'store-uploads', free_bytes: null, total_bytes: null })).toBeNull();
  });

  it('finds reconciliation late after 3 intervals without a run, counting from the start before any run, and never when off', () => {
    const status = aStatus();
    expect(reconciliationLateBy(status, NOW)).toBeNull();
    expect(
      reconciliationLateBy({ ...status, reconciliation: { ...status.reconciliation, last_success_at: before(16 * MINUTE) } }, NOW),
    ).toBe(16 * MINUTE);
    expect(
      reconciliationLateBy({ ...status, reconciliation: { ...status.reconciliation, last_success_at: before(14 * MINUTE) } }, NOW),
    ).toBeNull();
    // No run yet: late only once the instance has been up for 3 intervals.
    const none = { ...status.reconciliation, last_success_at: null };
    expect(reconciliationLateBy({ ...status, started_at: before(10 * MINUTE), reconciliation: none }, NOW)).toBeNull();
    expect(reconciliationLateBy({ ...status, started_at: before(20 * MINUTE), reconciliation: none }, NOW)).toBe(20 * MINUTE);
    expect(
      reconciliationLateBy({ ...status, reconciliation: { interval_seconds: 0, last_success_at: null, orders_awaiting: 2 } }, NOW),
    ).toBeNull();
  });

  it('finds mail stuck once its oldest row has waited over 15 minutes', () => {
    const outbox = (at: string | null) => ({
      mail: { configured: true, outbox: { pending: at ? 1 : 0, failed: 0, oldest_pending_at: at } },
    });
    expect(mailStuckFor(outbox(null), NOW)).toBeNull();
    expect(mailStuckFor(outbox(before(14 * MINUTE)), NOW)).toBeNull();
    expect(mailStuckFor(outbox(before(20 * MINUTE)), NOW)).toBe(20 * MINUTE);
  });

  it('lists nothing for a healthy store, and each warning in the order of the screen', () => {
    expect(systemWarnings(aStatus(), NOW)).toEqual([]);
    const status = aStatus();
    const troubled: SystemStatus = {
      ...status,
      migrations: { ...status.migrations, known: 5, pending: ['0004_d', '0005_e'] },
      redis: { state: 'unreachable', ms: null },
      mail: { configured: false, outbox: { pending: 4, failed: 0, oldest_pending_at: before(65 * MINUTE) } },
      // Old webhook deliveries are their normal retries: no warning.
      webhooks: { outbox: { pending: 9, failed: 0, oldest_pending_at: before(2 * 24 * 60 * MINUTE) } },
      reconciliation: { ...status.reconciliation, last_success_at: before(40 * MINUTE) },
      storage: { ...status.storage, free_bytes: 5 * GiB },
    };
    expect(systemWarnings(troubled, NOW)).toEqual([
      { part: 'migrations', message: '2 migrations are not applied' },
      { part: 'redis', message: 'Redis is configured but does not answer' },
      { part: 'mail', message: 'Email is not set up: mail waits in the outbox' },
      { part: 'mail', message: 'The oldest email has waited 1 h 5 min' },
      { part: 'reconciliation', message: 'Payment reconciliation last finished 40 min ago' },
      { part: 'storage', message: 'The upload disk is nearly full: 5 GB free of 100 GB (5%)' },
    ]);
  });
});
