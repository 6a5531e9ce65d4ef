import { API_KEY_SCOPES, routeNames, routes, type ApiKeyScope, type RouteDefinition, type RouteName } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { createStaff } from './helpers/staff.ts';

/*
 * API keys (docs/decisions/056-api-keys.md): made by staff with scopes, shown once, kept as a digest, sent as a
 * bearer token; every staff route refuses a key without its scope and every other route refuses keys; revoking
 * takes effect on the next request; a key is counted per key; its changes are its own in the audit trail.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build({ API_KEY_RATE_LIMIT_PER_MINUTE: '1000' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function createKey(scopes: ApiKeyScope[], extra: Record<string, unknown> = {}, on: TestApp = t, token = admin) {
  const response = await on.request({ method: 'POST', url: '/api/admin/api-keys', token, payload: { name: `Key ${scopes.join(' ')}`.slice(0, 80), scopes, ...extra } });
  if (response.statusCode !== 201) throw new Error(`create key: ${response.statusCode} ${response.body}`);
  return response.json<{ key: { id: string; prefix: string; scopes: string[] }; secret: string }>();
}

/** The scope a key needs for a route, if any may call it. */
const scopeOf = (name: RouteName): ApiKeyScope | undefined => (routes[name] as RouteDefinition).apiKeyScope;

/** A request a route's guard lets through to its handler: the right path, with ids that parse. */
function requestFor(name: RouteName, secret: string) {
  const route = routes[name];
  const url = route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
  return { method: route.method, url, headers: { authorization: `Bearer ${secret}` } } as const;
}

describe('creating a key', () => {
  it('answers its secret once; the list shows its prefix, scopes and creator, never the secret or its digest', async () => {
    const { key, secret } = await createKey(['orders:read', 'products:read']);
    expect(secret).toMatch(/^kv_live_[A-Za-z0-9_-]{43}$/);
    const list = await t.request({ method: 'GET', url: '/api/admin/api-keys', token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(secret.slice(12));
    const listed = list.json<{ keys: Record<string, unknown>[] }>().keys.find((entry) => entry.id === key.id);
    expect(listed).toEqual({
      id: key.id,
      name: 'Key orders:read products:read',
      prefix: secret.slice(0, 12),
      scopes: ['orders:read', 'products:read'],
      status: 'active',
      created_at: expect.any(String),
      created_by: 'admin',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    const row = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a key without a name or a scope, with an unknown scope, a name with a NUL or over 80 characters, or an expiry already past', async () => {
    for (const payload of [
      { name: '', scopes: ['orders:read'] },
      { name: '   ', scopes: ['orders:read'] },
      { name: 'No scope', scopes: [] },
      { name: 'Unknown scope', scopes: ['users:write'] },
      { name: 'Twice', scopes: ['orders:read', 'orders:read'] },
      { name: 'a\u0000b', scopes: ['orders:read'] },
      { name: 'x'.repeat(81), scopes: ['orders:read'] },
      { name: 'Past', scopes: ['orders:read'], expires_at: new Date(Date.now() - 60_000).toISOString() },
    ]) {
      const response = await t.request({ method: 'POST', url: '/api/admin/api-keys', token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
  });

  it('is staff’s alone: a shopper is refused, and a key cannot make, list or revoke keys', async () => {
    const shopper = await t.registerUser();
    expect((await t.request({ method: 'POST', url: '/api/admin/api-keys', token: shopper.token, payload: { name: 'Mine', scopes: ['orders:read'] } })).statusCode).toBe(403);
    const { key, secret } = await createKey(API_KEY_SCOPES.map((scope) => scope.value));
    for (const request of [
      { method: 'GET', url: '/api/admin/api-keys' },
      { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Child', scopes: ['orders:read'] } },
      { method: 'DELETE', url: `/api/admin/api-keys/${key.id}` },
    ] as const) {
      const response = await t.request({ ...request, headers: { authorization: `Bearer ${secret}` } });
      expect(response.statusCode, request.method).toBe(403);
      expect(response.json().code).toBe('api_key_not_allowed');
    }
  });
});

describe('a key on the route table', () => {
  it('reaches every staff route whose scope it holds, and is refused by every other route that needs a caller', async () => {
    const all = API_KEY_SCOPES.map((scope) => scope.value);
    const { secret: everything } = await createKey(all);
    for (const name of routeNames) {
      const route = routes[name];
      if (route.access === 'public') continue;
      const response = await t.request(requestFor(name, everything));
      if (route.access === 'admin' && scopeOf(name)) {
        // Past the guard: the handler's own answer (a 404 for the made-up id, a 400 for a missing body), never the guard's.
        expect([401, 403], `${name} → ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
      } else {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
        expect(response.json().code, name).toBe('api_key_not_allowed');
      }
    }
  });

  it('refuses, on every scoped staff route, a key holding every scope but that route’s', async () => {
    const withAllBut = new Map<ApiKeyScope, string>();
    for (const { value } of API_KEY_SCOPES) withAllBut.set(value, (await createKey(API_KEY_SCOPES.map((scope) => scope.value).filter((scope) => scope !== value))).secret);
    let checked = 0;
    for (const name of routeNames) {
      const scope = scopeOf(name);
      if (!scope) continue;
      const response = await t.request(requestFor(name, withAllBut.get(scope)!));
      expect(response.statusCode, name).toBe(403);
      expect(response.json()).toMatchObject({ code: 'api_key_scope_missing', detail: `This API key does not have the ${scope} scope.` });
      checked += 1;
    }
    expect(checked).toBe(routeNames.filter((name) => scopeOf(name)).length);
    expect(checked).toBeGreaterThanOrEqual(26);
  });

  it('never reaches accounts, settings, the audit trail or two-factor sign-in, whatever its scopes', () => {
    for (const name of routeNames.filter((name) => /User|Settings|Audit|TestEmail|TestCoingate|ApiKey/.test(name) || name.startsWith('twoFactor') || name === 'changePassword')) {
      expect(scopeOf(name), name).toBeUndefined();
    }
  });

  it('is ignored by public routes (a licence check from an app that also sends a key works)', async () => {
    const { secret } = await createKey(['orders:read']);
    const response = await t.request({ method: 'GET', url: '/api/products', headers: { authorization: `Bearer ${secret}` } });
    expect(response.statusCode).toBe(200);
  });

  it('works as the route’s staff would: lists orders, creates a product, and notes its last use', async () => {
    const { key, secret } = await createKey(['orders:read', 'products:write']);
    const orders = await t.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${secret}` } });
    expect(orders.statusCode).toBe(200);
    const product = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${secret}` },
      payload: { title: 'Made by a key', price: 12, description: 'From the seller’s system', detailed_description: 'Synced' },
    });
    expect(product.statusCode).toBe(201);
    const listed = (await t.request({ method: 'GET', url: '/api/admin/api-keys', token: admin })).json<{ keys: { id: string; last_used_at: string | null }[] }>();
    const used = listed.keys.find((entry) => entry.id === key.id)!.last_used_at;
    expect(used).not.toBeNull();
    expect(Date.now() - Date.parse(used!)).toBeLessThan(60_000);
  });
});

describe('a key that no longer works', () => {
  it('is refused on the very next request once revoked, and stays listed as revoked', async () => {
    const { key, secret } = await createKey(['orders:read']);
    const asKey = { method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${secret}` } } as const;
    expect((await t.request(asKey)).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, token: admin })).statusCode).toBe(204);
    const refused = await t.request(asKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'unauthorized', detail: 'This API key has been revoked.' });
    // Revoking again changes nothing; an unknown id is 404.
    expect((await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, token: admin })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: '/api/admin/api-keys/00000000-0000-4000-8000-000000000000', token: admin })).json().code).toBe('api_key_not_found');
    const listed = (await t.request({ method: 'GET', url: '/api/admin/api-keys', token: admin })).json<{ keys: { id: string; revoked_at: string | null; status: string }[] }>();
    expect(listed.keys.find((entry) => entry.id === key.id)).toMatchObject({ revoked_at: expect.any(String), status: 'revoked' });
  });

  it('is refused once expired, when unknown, and when its maker is no longer active staff', async () => {
    const expiring = await createKey(['orders:read'], { expires_at: new Date(Date.now() + 60_000).toISOString() });
    await t.database.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expiring.key.id).execute();
    const expired = await t.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${expiring.secret}` } });
    expect(expired.json()).toEqual({ code: 'unauthorized', detail: 'This API key has expired.' });

    const unknown = await t.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer kv_live_${'A'.repeat(43)}` } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('This API key is not valid.');

    const staff = await createStaff(t);
    const made = await createKey(['orders:read'], {}, t, staff.token);
    const asKey = { method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${made.secret}` } } as const;
    expect((await t.request(asKey)).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', staff.id).execute();
    const demoted = await t.request(asKey);
    expect(demoted.statusCode).toBe(401);
    expect(demoted.json().detail).toMatch(/no longer active staff/);
    // The list says so; expired and revoked keys too, on the server's clock.
    const statuses = new Map(
      (await t.request({ method: 'GET', url: '/api/admin/api-keys', token: admin })).json<{ keys: { id: string; status: string }[] }>().keys.map((key) => [key.id, key.status]),
    );
    expect(statuses.get(made.key.id)).toBe('suspended');
    expect(statuses.get(expiring.key.id)).toBe('expired');
    // Staff again: the key works again (revoking is what ends a key for good).
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', staff.id).execute();
    expect((await t.request(asKey)).statusCode).toBe(200);
  });

  it('a mangled key, a key with spaces or a NUL, or 1 MB of one, is a 4xx, never a 500', async () => {
    for (const value of ['kv_live_', 'kv_live_ x', `kv_live_${'x'.repeat(10_000)}`, 'kv_live_\u0000abc']) {
      const response = await t.request({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${value}` } }).catch(() => null);
      // Node refuses a NUL in a header before any route: inject throws, which is the client's problem, not a 500.
      if (response) expect(response.statusCode, JSON.stringify(value.slice(0, 20))).toBeGreaterThanOrEqual(400);
      if (response) expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('what a key does is its own', () => {
  it('is in the audit trail with the key as the actor, not the staff member who made it', async () => {
    const { key, secret } = await createKey(['products:write']);
    const product = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${secret}` },
      payload: { title: 'Audited key product', price: 9, description: 'd', detailed_description: 'dd' },
    });
    expect(product.statusCode).toBe(201);
    const trail = await t.request({ method: 'GET', url: `/api/admin/audit?target_id=${product.json().id}`, token: admin });
    expect(trail.json().entries[0]).toMatchObject({
      action: 'adminCreateProduct',
      actor_id: null,
      actor_username: `API key Key products:write (${key.prefix}…)`,
      api_key_id: key.id,
      status_code: 201,
    });
    expect(trail.body).not.toContain(secret);
  });

  it('is counted per key: over its limit a key gets 429 with Retry-After, another key and staff sessions go on', async () => {
    const limited = await build({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const token = await limited.adminToken();
      const first = await createKey(['orders:read'], {}, limited, token);
      const second = await createKey(['orders:read'], {}, limited, token);
      const get = (headers: Record<string, string>) => limited.request({ method: 'GET', url: '/api/admin/orders', headers });
      for (let i = 0; i < 3; i += 1) expect((await get({ authorization: `Bearer ${first.secret}` })).statusCode).toBe(200);
      const over = await get({ authorization: `Bearer ${first.secret}` });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('too_many_requests');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get({ authorization: `Bearer ${second.secret}` })).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) expect((await get({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('two staff racing to revoke one key', () => {
  it('both succeed, the key is revoked once, with one time', async () => {
    const { key } = await createKey(['orders:read']);
    const answers = await Promise.all([0, 1, 2, 3].map(() => t.request({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, token: admin })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204]);
    const row = await t.database.db.selectFrom('api_keys').select('revoked_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeInstanceOf(Date);
  });
});
