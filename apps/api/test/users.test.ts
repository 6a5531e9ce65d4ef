import { randomBytes } from 'node:crypto';
import { UserListSchema, type User } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

let t: TestApp;
beforeAll(async () => {
  // Each test registers its own accounts; lift the per-IP registration limit.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());

/** A word no other test uses, so a search for it finds only this test's accounts. */
const tag = () => `t${randomBytes(4).toString('hex')}`;

const listUsers = async (query: Record<string, string | number> = {}) =>
  t.request({
    method: 'GET',
    url: '/api/admin/users',
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    token: await t.adminToken(),
  });

const ids = (body: { users: User[] }) => body.users.map((user) => user.id);

describe('GET /api/admin/users', () => {
  it('answers the users and their total in the shape of the contract, newest first', async () => {
    const word = tag();
    const first = await t.registerUser({ username: `${word}first` });
    const second = await t.registerUser({ username: `${word}second` });
    const third = await t.registerUser({ username: `${word}third` });

    const response = await listUsers({ search: word });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(UserListSchema, response.json())).toBe(true);
    expect(ids(response.json())).toEqual([third.user.id, second.user.id, first.user.id]);
    expect(response.json().total).toBe(3);
    expect(response.json().users[0]).toMatchObject({ username: `${word}third`, email: third.user.email, role: 'user', is_active: true });

    const everyone = (await listUsers({ limit: 100 })).json();
    const times = everyone.users.map((user: User) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('never answers a password hash or a token version', async () => {
    const { password } = await t.registerUser();
    const response = await listUsers({ limit: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password|hash|argon2|token_version/);
    expect(response.body).not.toContain(password);
    for (const user of response.json().users) expect(Object.keys(user).sort()).toEqual(['created_at', 'email', 'id', 'is_active', 'role', 'username']);
  });

  it('finds the search term in the username, ignoring case', async () => {
    const word = tag();
    const match = await t.registerUser({ username: `Mixed${word}Case` });
    await t.registerUser({ username: `other${tag()}` });
    const response = await listUsers({ search: `mIXED${word.toUpperCase()}cASE` });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual([match.user.id]);
    expect(response.json().total).toBe(1);
  });

  it('finds the search term in the email, ignoring case', async () => {
    const word = tag();
    const match = await t.registerUser({ username: `mail${tag()}`, email: `Contact.${word}@Example.com` });
    await t.registerUser({ username: `nomail${tag()}` });
    const response = await listUsers({ search: `contact.${word.toUpperCase()}@example` });
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual([match.user.id]);
  });

  it('treats % and _ in a search as literal characters', async () => {
    const word = tag();
    const underscore = await t.registerUser({ username: `${word}_x` });
    await t.registerUser({ username: `${word}yx` });
    expect(ids((await listUsers({ search: `${word}_x` })).json())).toEqual([underscore.user.id]);
    expect((await listUsers({ search: `${word}%` })).json().total).toBe(0);
  });

  it('filters by role', async () => {
    const word = tag();
    const promoted = await t.registerUser({ username: `${word}boss` });
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', promoted.user.id).execute();
    const regular = await t.registerUser({ username: `${word}staff` });

    const admins = await listUsers({ search: word, role: 'admin' });
    expect(admins.statusCode).toBe(200);
    expect(ids(admins.json())).toEqual([promoted.user.id]);
    expect(admins.json().users[0].role).toBe('admin');

    const users = await listUsers({ search: word, role: 'user' });
    expect(ids(users.json())).toEqual([regular.user.id]);

    const allAdmins = (await listUsers({ role: 'admin', limit: 100 })).json();
    expect(allAdmins.users.every((user: User) => user.role === 'admin')).toBe(true);
    expect(allAdmins.users.map((user: User) => user.username)).toContain('admin');
    expect(allAdmins.total).toBe(allAdmins.users.length);

    const allUsers = (await listUsers({ role: 'user', limit: 100 })).json();
    expect(allUsers.users.every((user: User) => user.role === 'user')).toBe(true);
    expect(allUsers.users.map((user: User) => user.username)).not.toContain('admin');
  });

  it('pages with limit and offset without overlap, and total counts the whole filtered set', async () => {
    const word = tag();
    const registered: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) registered.push((await t.registerUser({ username: `${word}${name}` })).user.id);

    const pages = [];
    for (const offset of [0, 2, 4]) {
      const response = await listUsers({ search: word, limit: 2, offset });
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(5);
      pages.push(ids(response.json()));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...registered].reverse());
  });

  it('refuses the role root', async () => {
    const response = await listUsers({ role: 'root' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'role must be one of: admin, user', code: 'validation_error' });
  });

  it('refuses a limit above 100', async () => {
    const response = await listUsers({ limit: 101 });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^limit /);
  });

  it("refuses a regular user's token with 403", async () => {
    const { token } = await t.registerUser();
    const response = await t.request({ method: 'GET', url: '/api/admin/users', token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
  });
});
