import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from './passwords.ts';
import { countUsers, insertUser } from './user-repository.ts';

/**
 * On an empty database, creates the `admin` account with ADMIN_PASSWORD, or with a random password
 * handed to `announce` once (the server prints it; it is never logged or stored in clear).
 */
export async function bootstrapAdmin(app: FastifyInstance, announce: (password: string) => void): Promise<boolean> {
  if ((await countUsers(app.db)) > 0) return false;
  const password = app.config.adminPassword ?? randomBytes(12).toString('base64url');
  try {
    await insertUser(app.db, { username: 'admin', email: app.config.adminEmail, password_hash: await hashPassword(password), role: 'admin' });
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
  app.log.info({ username: 'admin' }, 'admin account created');
  if (!app.config.adminPassword) announce(password);
  return true;
}
