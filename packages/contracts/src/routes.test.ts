import { describe, expect, it } from 'vitest';
import { buildPath, buildQuery } from './client.ts';
import { routeNames, routes } from './routes.ts';

describe('the route table', () => {
  it('has one route per method and path, all under /api', () => {
    const keys = routeNames.map((name) => `${routes[name].method} ${routes[name].path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const name of routeNames) expect(routes[name].path).toMatch(/^\/api\//);
  });

  it('guards every admin path with the admin role', () => {
    const adminPaths = routeNames.filter((name) => routes[name].path.startsWith('/api/admin/'));
    expect(adminPaths.length).toBeGreaterThan(0);
    for (const name of adminPaths) expect(routes[name].access).toBe('admin');
  });

  it('describes every call of spec section 7', () => {
    const calls = routeNames.map((name) => `${routes[name].method} ${routes[name].path}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/register',
        'GET /api/auth/me',
        'GET /api/products',
        'GET /api/products/:id',
        'GET /api/products/categories',
        'POST /api/orders',
        'POST /api/payments/create',
        'GET /api/admin/products',
        'POST /api/admin/products',
        'PUT /api/admin/products/:id',
        'DELETE /api/admin/products/:id',
        'GET /api/admin/orders',
        'PATCH /api/admin/orders/:id/status',
        'GET /api/admin/users',
        'GET /api/admin/settings',
        'PUT /api/admin/settings',
        'POST /api/admin/test-coingate',
        'POST /api/admin/test-email',
        'POST /api/upload',
        'GET /api/site-info',
        'POST /api/paypal/create-order',
        'POST /api/paypal/capture-order/:paypalOrderId',
        'GET /api/guest/orders/:orderId',
      ]),
    );
  });
});

describe('the client URL builders', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/api/products/:id', { id: 'a/b' })).toBe('/api/products/a%2Fb');
    expect(() => buildPath('/api/products/:id', {})).toThrow('Missing path parameter id');
  });

  it('leaves empty query values out', () => {
    expect(buildQuery({ search: 'pro tools', category: undefined, limit: 50, sort: '' })).toBe('?search=pro+tools&limit=50');
    expect(buildQuery(undefined)).toBe('');
  });

  it('refuses an object or a list rather than sending "[object Object]"', () => {
    expect(() => buildPath('/api/products/:id', { id: { id: 1 } })).toThrow(
      'Path parameter id must be text, a number or a boolean, not object',
    );
    expect(() => buildQuery({ status: ['paid', 'failed'] })).toThrow(
      'Query parameter status must be text, a number or a boolean, not a list',
    );
    expect(buildQuery({ limit: 20, active: true })).toBe('?limit=20&active=true');
  });
});

describe('the endpoints the client calls', () => {
  it('are exactly the routes of the table, with the same method and path', async () => {
    const { endpointNames, endpoints } = await import('./endpoints.ts');
    expect(endpointNames).toEqual(routeNames);
    for (const name of routeNames) expect(endpoints[name]).toEqual({ method: routes[name].method, path: routes[name].path });
  });
});
