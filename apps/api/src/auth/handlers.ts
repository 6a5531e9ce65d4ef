import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../db/connect.ts';
import { AppError, conflict } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { findClash, findUserById, findUserByLogin, insertUser, toUser } from './user-repository.ts';

const CLASH_DETAIL = { username: 'Username is already taken', email: 'Email is already registered' } as const;

export function authHandlers(app: FastifyInstance): RouteHandlers {
  const session = (row: Awaited<ReturnType<typeof insertUser>>) => ({
    access_token: app.issueToken(row),
    token_type: 'bearer' as const,
    expires_in: app.config.jwtTtlSeconds,
    user: toUser(row),
  });

  return {
    register: async ({ body }) => {
      const username = body.username.trim();
      const email = body.email.trim();
      const clash = await findClash(app.db, username, email);
      if (clash) throw conflict(CLASH_DETAIL[clash], `${clash}_taken`);
      try {
        const row = await insertUser(app.db, { username, email, password_hash: await hashPassword(body.password), role: 'user' });
        return session(row);
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (isUniqueViolation(error, 'users_username_lower_key')) throw conflict(CLASH_DETAIL.username, 'username_taken');
        if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(CLASH_DETAIL.email, 'email_taken');
        throw error;
      }
    },

    login: async ({ body, request }) => {
      const row = await findUserByLogin(app.db, body.username);
      const valid = await verifyPassword(row?.password_hash, body.password);
      if (!row || !valid) {
        request.log.info('login failed: wrong username or password');
        throw new AppError('unauthorized', 'Incorrect username or password', 'invalid_credentials');
      }
      if (!row.is_active) throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      return session(row);
    },

    me: async ({ caller }) => {
      const row = await findUserById(app.db, caller.id);
      if (!row) throw new AppError('unauthorized', 'Invalid authentication token', 'unauthorized');
      return toUser(row);
    },
  };
}
