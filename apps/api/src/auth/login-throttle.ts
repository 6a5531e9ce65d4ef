import type { Role } from '@store/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * How failed sign-ins on one account are slowed, whatever address they come from: the first `free`
 * failures cost nothing, then each one locks the account for `firstLockSeconds`, doubling up to
 * `maxLockSeconds`. Staff accounts guard payment credentials and every key, so theirs is stricter.
 * Reasons and figures: docs/decisions/015-trust.md.
 */
export interface ThrottlePolicy {
  free: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
}

export const LOGIN_POLICIES: Record<Role, ThrottlePolicy> = {
  user: { free: 5, firstLockSeconds: 30, maxLockSeconds: 15 * 60 },
  admin: { free: 3, firstLockSeconds: 60, maxLockSeconds: 60 * 60 },
};

/** A count of failures is forgotten after a day without attempts. */
const FORGET_AFTER_MS = 24 * 3600_000;
/** An address the account signed in from within this time is "known": the account's lock does not stop it. */
const KNOWN_ADDRESS_DAYS = 30;

export function lockSeconds(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxLockSeconds, policy.firstLockSeconds * 2 ** (failures - policy.free));
}

/**
 * The counter an attempt is charged to. An unknown login name has its own, so answers do not reveal
 * which names exist. A known account is counted as a whole, except from an address it signed in from
 * recently: that address has a counter of its own, so an attacker who locks the account elsewhere
 * does not lock its owner out (the account is not held hostage).
 */
export async function throttleKey(db: Kysely<Database>, user: { id: string } | undefined, login: string, address: string): Promise<string> {
  if (!user) return `login:${login.trim().toLowerCase()}`;
  const known = await db
    .selectFrom('login_known_addresses')
    .select('address')
    .where('user_id', '=', user.id)
    .where('address', '=', address)
    .where('last_success_at', '>', sql<Date>`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`)
    .executeTakeFirst();
  return known ? `user:${user.id}@${address}` : `user:${user.id}`;
}

/** An attempt `beginAttempt` counted: what `refundAttempt` needs to take it back. */
export interface Attempt {
  key: string;
  policy: ThrottlePolicy;
  /** The lock this attempt set when it reached the limit, or null. */
  lockSet: Date | null;
  /** The lock before it (one that had run out, or none): what a refund puts back. */
  lockBefore: Date | null;
}

/**
 * Counts an attempt before the password is checked, so a burst of parallel guesses cannot all slip in
 * before the first failure is recorded; the attempt that reaches the limit sets the lock at once.
 * Throws 429 with Retry-After while the counter is locked. A right password takes its attempt back with
 * `refundAttempt` (or clears the counter with `recordSuccess`).
 */
export async function beginAttempt(db: Kysely<Database>, key: string, policy: ThrottlePolicy, now = new Date()): Promise<Attempt> {
  const outcome = await db.transaction().execute(async (trx) => {
    // One statement makes the row or locks the one there: an INSERT … DO NOTHING then SELECT … FOR UPDATE found
    // no row when a sign-in that succeeded meanwhile deleted it (recordSuccess), and answered 500.
    const row = await trx
      .insertInto('login_throttle')
      .values({ key, failures: 0, locked_until: null, last_attempt_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.locked_until && row.locked_until > now) return Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000);
    const failures = (now.getTime() - row.last_attempt_at.getTime() > FORGET_AFTER_MS ? 0 : row.failures) + 1;
    const seconds = lockSeconds(policy, failures);
    const lockSet = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
    await trx.updateTable('login_throttle').set({ failures, locked_until: lockSet, last_attempt_at: now }).where('key', '=', key).execute();
    return { key, policy, lockSet, lockBefore: row.locked_until } satisfies Attempt;
  });
  if (typeof outcome === 'number') {
    throw new AppError('too_many_requests', `Too many failed sign-ins for this account. Try again in ${describeWait(outcome)}.`, 'account_locked', {
      'Retry-After': String(outcome),
    });
  }
  return outcome;
}

/**
 * Takes back an attempt whose password was right, for an account whose counter a right password must not
 * clear (two-factor sign-in: the code is still to come), so a right password never counts as a failure and
 * never sets or lengthens a lock (docs/decisions/015-trust.md). One transaction on the counter's row:
 * - the lock is still the one this attempt set: nobody was let in since, so the lock before it (run out,
 *   or none) comes back;
 * - otherwise a later attempt counted this one too: its lock keeps its start and gets the length of one
 *   failure fewer (none below the free attempts).
 */
export async function refundAttempt(db: Kysely<Database>, attempt: Attempt): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', attempt.key).forUpdate().executeTakeFirst();
    if (!row || row.failures === 0) return;
    const failures = row.failures - 1;
    let lockedUntil: Date | null = null;
    if (attempt.lockSet && row.locked_until?.getTime() === attempt.lockSet.getTime()) {
      lockedUntil = attempt.lockBefore;
    } else if (row.locked_until) {
      const start = row.locked_until.getTime() - lockSeconds(attempt.policy, row.failures) * 1000;
      const seconds = lockSeconds(attempt.policy, failures);
      lockedUntil = seconds > 0 ? new Date(start + seconds * 1000) : null;
    }
    await trx.updateTable('login_throttle').set({ failures, locked_until: lockedUntil }).where('key', '=', attempt.key).execute();
  });
}

/** A right password: the account's counters start again and the address becomes known. */
export async function recordSuccess(db: Kysely<Database>, userId: string, address: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', 'in', [`user:${userId}`, `user:${userId}@${address}`]).execute();
  await db
    .insertInto('login_known_addresses')
    .values({ user_id: userId, address, last_success_at: sql`now()` })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_success_at: sql`now()` }))
    .execute();
}

/** Forgets counters nobody has touched for a day (run by the maintenance sweep). */
export async function pruneLoginThrottle(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('last_attempt_at', '<', new Date(now.getTime() - FORGET_AFTER_MS))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
