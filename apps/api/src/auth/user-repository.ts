import type { User } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Finds an account by username or email, ignoring case: the login form has one field for both. */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const column = value.includes('@') ? sql<string>`lower(email)` : sql<string>`lower(username)`;
  return db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
}

/** Finds an account by its email, ignoring case. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export async function findClash(db: Kysely<Database>, username: string, email: string): Promise<'username' | 'email' | null> {
  const row = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]))
    .executeTakeFirst();
  if (!row) return null;
  return row.username.toLowerCase() === username.toLowerCase() ? 'username' : 'email';
}

export function insertUser(db: Kysely<Database>, user: { username: string; email: string; password_hash: string; role: 'admin' | 'user' }): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The public shape of an account: never the password hash or the token version. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    is_active: row.is_active,
    email_verified: row.email_verified_at !== null,
    created_at: row.created_at.toISOString(),
  };
}
