import { randomUUID } from 'node:crypto';
import { routeNames, routes, type RouteName } from '@store/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

let t: TestApp;
beforeAll(async () => {
  // Every test registers its own account; lift the per-IP registration limit so the table can grow.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());

const adminRoutes = routeNames.filter((name) => routes[name].access === 'admin');
const userRoutes = routeNames.filter((name) => routes[name].access === 'user');

/** A request to the route: `:params` filled with a random uuid, a minimal JSON body where the route takes one. */
function requestTo(name: RouteName): InjectOptions {
  const route = routes[name];
  const url = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
  const takesBody = 'body' in route || 'multipart' in route;
  return { method: route.method, url, ...(takesBody ? { payload: {} } : {}) };
}

describe('the route table', () => {
  it('has admin routes to guard', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it('marks every /api/admin/ route as admin-only, so a new one cannot be left open', () => {
    const admin = routeNames.filter((name) => routes[name].path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(0);
    for (const name of admin) expect({ name, access: routes[name].access }).toEqual({ name, access: 'admin' });
  });
});

describe.each(adminRoutes)('admin route %s', (name) => {
  const { method, path } = routes[name];

  it(`answers 401 to ${method} ${path} without a token`, async () => {
    const response = await t.request(requestTo(name));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
  });

  it(`answers 401 to ${method} ${path} with a malformed token`, async () => {
    const response = await t.request({ ...requestTo(name), token: 'not.a-valid.token' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Invalid authentication token', code: 'unauthorized' });
  });

  it(`answers 403 to ${method} ${path} with a regular user's token`, async () => {
    const { token } = await t.registerUser();
    const response = await t.request({ ...requestTo(name), token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
  });

  it(`lets an admin through the guard of ${method} ${path}`, async () => {
    const response = await t.request({ ...requestTo(name), token: await t.adminToken() });
    expect([401, 403]).not.toContain(response.statusCode);
  });
});

describe.each(userRoutes)('signed-in route %s', (name) => {
  const { method, path } = routes[name];

  it(`answers 401 to ${method} ${path} without a token`, async () => {
    const response = await t.request(requestTo(name));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
  });

  it(`answers 401 to ${method} ${path} with a malformed token`, async () => {
    const response = await t.request({ ...requestTo(name), token: 'not.a-valid.token' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });
});

describe('the role check', () => {
  it('reads the role from the database on every request: a demoted admin is refused at once', async () => {
    const { token, user } = await t.registerUser();
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await t.request({ method: 'GET', url: '/api/admin/users', token })).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    const response = await t.request({ method: 'GET', url: '/api/admin/users', token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
  });

  it('refuses a disabled admin with 401', async () => {
    const { token, user } = await t.registerUser();
    await t.app.db.updateTable('users').set({ role: 'admin', is_active: false }).where('id', '=', user.id).execute();
    const response = await t.request({ method: 'GET', url: '/api/admin/settings', token });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });
});
