import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR, type TwoFactorChallenge } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';

/*
 * The sign-in between a right password and the second factor (docs/decisions/030-two-factor-sign-in.md):
 * a random token handed to the browser, kept here only as its SHA-256, that lasts TWO_FACTOR.challengeSeconds
 * and TWO_FACTOR.challengeMaxFailures wrong codes, is spent by the one request that brings a right code,
 * and stops working when the password changes (its `password_check`). It opens no session by itself.
 */

const digestOf = (token: string) => createHash('sha256').update(token).digest();

/** A keyed digest of the account's password hash: a challenge made before a password change does not match after it. */
const passwordCheck = (app: FastifyInstance, user: UserRow) => app.sign('two-factor-password', user.password_hash);

export async function startTwoFactorChallenge(app: FastifyInstance, user: UserRow, now = Date.now()): Promise<TwoFactorChallenge> {
  const token = randomBytes(32).toString('base64url');
  await app.db
    .insertInto('two_factor_challenges')
    .values({
      user_id: user.id,
      token_digest: digestOf(token),
      password_check: passwordCheck(app, user),
      expires_at: new Date(now + TWO_FACTOR.challengeSeconds * 1000),
    })
    .execute();
  return { two_factor_required: true, two_factor_token: token, expires_in: TWO_FACTOR.challengeSeconds };
}

export interface OpenChallenge {
  id: string;
  user: UserRow;
}

/** The open challenge of `token` with its account, or null: unknown, expired, out of attempts, or the password changed since. */
export async function findTwoFactorChallenge(app: FastifyInstance, token: string, now = Date.now()): Promise<OpenChallenge | null> {
  const row = await app.db
    .selectFrom('two_factor_challenges')
    .innerJoin('users', 'users.id', 'two_factor_challenges.user_id')
    .selectAll('users')
    .select(['two_factor_challenges.id as challenge_id', 'two_factor_challenges.password_check'])
    .where('two_factor_challenges.token_digest', '=', digestOf(token))
    .where('two_factor_challenges.expires_at', '>', new Date(now))
    .where('two_factor_challenges.failures', '<', TWO_FACTOR.challengeMaxFailures)
    .executeTakeFirst();
  if (!row) return null;
  const { challenge_id: id, password_check: check, ...user } = row;
  if (!app.verifySigned('two-factor-password', user.password_hash, check)) return null;
  return { id, user };
}

/** Counts a wrong code against the challenge; answers whether it may still be used (it is dropped at the last one). */
export async function recordWrongCode(db: Kysely<Database>, challengeId: string): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', challengeId)
    .returning('failures')
    .executeTakeFirst();
  if (row && row.failures < TWO_FACTOR.challengeMaxFailures) return true;
  await db.deleteFrom('two_factor_challenges').where('id', '=', challengeId).execute();
  return false;
}

/** Spends the challenge: only one request gets true, so one challenge opens at most one session. */
export async function spendTwoFactorChallenge(db: Kysely<Database>, challengeId: string): Promise<boolean> {
  const result = await db.deleteFrom('two_factor_challenges').where('id', '=', challengeId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Drops the challenges of an account (its two-factor sign-in was turned off or on again). */
export async function dropTwoFactorChallenges(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
}

/** Drops challenges past their expiry (the maintenance sweep). */
export async function pruneTwoFactorChallenges(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<', now).execute();
}
