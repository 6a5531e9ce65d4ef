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
    for (const user of response.json().users) expect(Object.keys(user).sort()).toEqual(['created_at', 'email', 'email_verified', 'id', 'is_active', 'role', 'username']);
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

describe('GET /api/admin/users/counts', () => {
  const counts = async () => (await t.request({ method: 'GET', url: '/api/admin/users/counts', token: await t.adminToken() })).json();

  it('counts every account, the administrators and the active ones, as the database holds them', async () => {
    const before = await counts();
    const { user } = await t.registerUser();
    await t.registerUser();
    await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();

    const after = await counts();
    expect(after).toEqual({ total: before.total + 2, admins: before.admins, active: before.active + 1 });
    const rows = await t.app.db.selectFrom('users').select(['role', 'is_active']).execute();
    expect(after).toEqual({
      total: rows.length,
      admins: rows.filter((row) => row.role === 'admin').length,
      active: rows.filter((row) => row.is_active).length,
    });
  });

  it("refuses a regular user's token with 403", async () => {
    const { token } = await t.registerUser();
    expect((await t.request({ method: 'GET', url: '/api/admin/users/counts', token })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users/{id}/stats', () => {
  const stats = async (id: string) => t.request({ method: 'GET', url: `/api/admin/users/${id}/stats`, token: await t.adminToken() });

  async function createProduct(price: number): Promise<{ id: string }> {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: await t.adminToken(),
      payload: { title: `Stats ${tag()}`, price, description: 'Short', detailed_description: 'Detailed', stock_quantity: 20 },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function placeOrder(token: string, items: { product_id: string; quantity: number }[]): Promise<string> {
    const response = await t.request({ method: 'POST', url: '/api/orders', token, payload: { items } });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  const setStatus = async (id: string, status: string) =>
    expect((await t.request({ method: 'PATCH', url: `/api/admin/orders/${id}/status`, query: { status }, token: await t.adminToken() })).statusCode).toBe(200);

  it('counts every order of the account, and the money and units of its paid and completed ones only', async () => {
    const buyer = await t.registerUser();
    const other = await t.registerUser();
    const pro = await createProduct(19.99);
    const kit = await createProduct(5.5);

    // Completed: two lines, 3 units, $19.99 * 2 + $5.50.
    await setStatus(await placeOrder(buyer.token, [{ product_id: pro.id, quantity: 2 }, { product_id: kit.id, quantity: 1 }]), 'confirmed');
    // Rejected and pending orders count as orders, not as money or units.
    await setStatus(await placeOrder(buyer.token, [{ product_id: kit.id, quantity: 4 }]), 'rejected');
    await placeOrder(buyer.token, [{ product_id: pro.id, quantity: 1 }]);
    // Another account's completed order is not theirs.
    await setStatus(await placeOrder(other.token, [{ product_id: pro.id, quantity: 5 }]), 'confirmed');

    const response = await stats(buyer.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orders: 3, spent: 45.48, products: 3 });
  });

  it('answers zeros for an account without orders', async () => {
    const { user } = await t.registerUser();
    expect((await stats(user.id)).json()).toEqual({ orders: 0, spent: 0, products: 0 });
  });

  it('answers 404 for an unknown account and 400 for an id that is not one', async () => {
    const unknown = await stats('8f14e45f-ceea-467f-a0e6-7b2a8c1d9e00');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
    const malformed = await stats('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/^id /);
  });

  it("refuses a regular user's token with 403, even for their own figures", async () => {
    const { token, user } = await t.registerUser();
    expect((await t.request({ method: 'GET', url: `/api/admin/users/${user.id}/stats`, token })).statusCode).toBe(403);
  });
});
