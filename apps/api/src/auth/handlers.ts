import type { AuthResponse } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isUniqueViolation } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, conflict } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { mailVerificationLink } from './email-verification.ts';
import { beginAttempt, LOGIN_POLICIES, recordSuccess, refundAttempt, throttleKey } from './login-throttle.ts';
import { checkNewPassword } from './password-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { composeSecurityNotice, noticeSource, queueSecurityNotice, recordSignIn } from './security-notices.ts';
import { startTwoFactorChallenge } from './two-factor-challenge.ts';
import { findClash, findUserById, findUserByLogin, insertUser, toUser } from './user-repository.ts';

const CLASH_DETAIL = { username: 'Username is already taken', email: 'Email is already registered' } as const;

/** A new session of the account, as the sign-in routes answer it. */
export async function sessionAnswer(app: FastifyInstance, row: UserRow, ip: string): Promise<AuthResponse> {
  return {
    access_token: await app.startSession(row, ip),
    token_type: 'bearer',
    expires_in: app.config.jwtTtlSeconds,
    user: toUser(row),
  };
}

export function authHandlers(app: FastifyInstance): Pick<RouteHandlers, 'register' | 'login' | 'me' | 'logout' | 'changePassword'> {
  const session = (row: UserRow, ip: string) => sessionAnswer(app, row, ip);

  return {
    register: async ({ body, request }) => {
      const username = body.username.trim();
      const email = body.email.trim();
      checkNewPassword(body.password, { username, email });
      const clash = await findClash(app.db, username, email);
      if (clash) throw conflict(CLASH_DETAIL[clash], clash === 'username' ? 'username_taken' : 'email_taken');
      try {
        const row = await insertUser(app.db, { username, email, password_hash: await hashPassword(body.password), role: 'user' });
        await recordSuccess(app.db, row.id, request.ip);
        // The account works at once; a link that fails to go out can be asked for again from the account page.
        await mailVerificationLink(app, row, shopOrigin(app, request)).catch((error: unknown) =>
          request.log.error({ err: error, userId: row.id }, 'verification link not issued'),
        );
        return await session(row, request.ip);
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (isUniqueViolation(error, 'users_username_lower_key')) throw conflict(CLASH_DETAIL.username, 'username_taken');
        if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(CLASH_DETAIL.email, 'email_taken');
        throw error;
      }
    },

    // Throttled per account (and per unknown name) before the password is even checked: see login-throttle.ts.
    login: async ({ body, request }) => {
      const row = await findUserByLogin(app.db, body.username);
      const attempt = await beginAttempt(app.db, await throttleKey(app.db, row, body.username, request.ip), LOGIN_POLICIES[row?.role ?? 'user']);
      const valid = await verifyPassword(row?.password_hash, body.password);
      if (!row || !valid) {
        request.log.info({ userId: row?.id ?? null }, 'login failed: wrong username or password');
        throw new AppError('unauthorized', 'Incorrect username or password', 'invalid_credentials');
      }
      // With two-factor sign-in the password is half of it: the counters start again only after the code
      // (else a known password would reset them between guesses of the code), and no session yet. The
      // right password takes its attempt back, so abandoned second steps never lock the owner out (015).
      if (row.totp_enabled_at) {
        await refundAttempt(app.db, attempt);
        if (!row.is_active) throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
        request.log.info({ userId: row.id }, 'password accepted, second factor asked for');
        return startTwoFactorChallenge(app, row);
      }
      if (!row.is_active) {
        await recordSuccess(app.db, row.id, request.ip);
        throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      }
      await recordSignIn(app, row, request);
      return session(row, request.ip);
    },

    me: async ({ caller }) => {
      const row = await findUserById(app.db, caller.id);
      if (!row) throw new AppError('unauthorized', 'Invalid authentication token', 'unauthorized');
      return toUser(row);
    },

    logout: async ({ caller, request }) => {
      await app.db.deleteFrom('sessions').where('id', '=', caller.sessionId).execute();
      request.log.info({ userId: caller.id }, 'signed out');
      return null;
    },

    changePassword: async ({ caller, body, request }) => {
      const row = await findUserById(app.db, caller.id);
      if (!row) throw new AppError('unauthorized', 'Invalid authentication token', 'unauthorized');
      // A stolen token must not become a way to guess the password: the same counters as the sign-in.
      await beginAttempt(app.db, await throttleKey(app.db, row, row.username, request.ip), LOGIN_POLICIES[row.role]);
      if (!(await verifyPassword(row.password_hash, body.current_password))) {
        throw new AppError('bad_request', 'The current password is not correct', 'invalid_current_password');
      }
      await recordSuccess(app.db, row.id, request.ip);
      checkNewPassword(body.new_password, row);
      const passwordHash = await hashPassword(body.new_password);
      const notice = await composeSecurityNotice(app, row, 'password_changed', noticeSource(app, request));
      const { ended, mailId } = await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.id).execute();
        const result = await trx.deleteFrom('sessions').where('user_id', '=', row.id).where('id', '!=', caller.sessionId).executeTakeFirst();
        return { ended: Number(result.numDeletedRows), mailId: await queueSecurityNotice(trx, notice) };
      });
      sendMailSoon(app, mailId);
      request.log.info({ userId: row.id, sessionsEnded: ended }, 'password changed');
      return { message: ended > 0 ? 'Password changed. Your other sessions were signed out.' : 'Password changed.' };
    },
  };
}

/** Ends every session of an account (deactivation); its tokens stop working with the next request. */
export async function endAllSessions(app: FastifyInstance, userId: string): Promise<number> {
  const result = await app.db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops sessions past their expiry (the maintenance sweep). */
export async function pruneSessions(app: FastifyInstance): Promise<void> {
  await app.db.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute();
}
