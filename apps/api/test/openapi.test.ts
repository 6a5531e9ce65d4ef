import { routeNames, routes, type RouteName } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

/** The route table's Fastify path as OpenAPI writes it: `/api/products/:id` → `/api/products/{id}`. */
const openApiPath = (name: RouteName) => routes[name].path.replace(/:([A-Za-z_]+)/g, '{$1}');

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await build();
  const response = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3 document served as JSON, with the bearer scheme the guarded routes use', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it.each(routeNames)('documents %s with its path, method and operationId', (name) => {
    const route = routes[name];
    const operation = doc.paths[openApiPath(name)]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${openApiPath(name)}`).toBeDefined();
    expect(operation?.operationId).toBe(name);
    expect(Object.keys(operation?.responses ?? {})).toContain(String(route.status));
    expect(operation?.security ?? []).toEqual(route.access === 'public' ? [] : [{ bearerAuth: [] }]);
  });

  it('documents nothing beyond the route table', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const table = routeNames.map((name) => `${routes[name].method} ${openApiPath(name)}`);
    expect(documented.sort()).toEqual(table.sort());
  });
});

describe('the API explorer', () => {
  it('is served at /api/docs (directly or through a redirect)', async () => {
    let response = await t.request({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops += 1) {
      const location = String(response.headers.location);
      expect(location.startsWith('/api/docs')).toBe(true);
      response = await t.request({ method: 'GET', url: location });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });
});

describe('with API_DOCS=false', () => {
  let hidden: TestApp;
  beforeAll(async () => {
    hidden = await build({ API_DOCS: 'false' });
  });
  afterAll(() => hidden.close());

  it('serves neither the document nor the explorer', async () => {
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
      const response = await hidden.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'route_not_found' });
    }
  });

  it('still serves the API itself', async () => {
    const response = await hidden.request({ method: 'GET', url: '/api/products/categories' });
    expect(response.statusCode).toBe(200);
    expect((await hidden.request({ method: 'GET', url: '/api' })).json()).toMatchObject({ docs: null });
  });
});
