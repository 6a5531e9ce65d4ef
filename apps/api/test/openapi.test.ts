import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { routeNames, routes, WEBHOOK_EVENT_TYPES, type RouteDefinition, type RouteName } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses?: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; license?: unknown; contact?: unknown };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Record<string, unknown>>; securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

const REDOCLY = join(import.meta.dirname, '..', 'node_modules', '.bin', 'redocly');

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
  it('is an OpenAPI 3.1 document served as JSON, with the bearer scheme the guarded routes use', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info).toMatchObject({ license: expect.anything(), contact: expect.anything() });
    // Without PUBLIC_URL, the server the document is read from.
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it.each(routeNames)('documents %s with its path, method, operationId and who may call it', (name) => {
    const route = routes[name];
    const operation = doc.paths[openApiPath(name)]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${openApiPath(name)}`).toBeDefined();
    expect(operation?.operationId).toBe(name);
    expect(Object.keys(operation?.responses ?? {})).toContain(String(route.status));
    const scope = (route as RouteDefinition).apiKeyScope;
    const staff = scope ? [{ bearerAuth: [] }, { apiKeyAuth: [scope] }] : [{ bearerAuth: [] }];
    const expected = { public: [], optional: [{}, { bearerAuth: [] }], user: [{ bearerAuth: [] }], admin: staff }[route.access];
    expect(operation?.security).toEqual(expected);
    if (route.access !== 'public') expect(Object.keys(operation?.responses ?? {})).toContain('401');
    if (route.access === 'admin') expect(Object.keys(operation?.responses ?? {})).toContain('403');
  });

  it("passes Redocly CLI's lint with the recommended rules: no error, no warning", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      // redocly exits 1 when it finds an error; its JSON report is read either way.
      const { stdout } = await promisify(execFile)(REDOCLY, ['lint', file, '--extends=recommended', '--format=json'], { maxBuffer: 64 * 1024 * 1024 }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] };
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`)).toEqual([]);
      expect(report.totals.warnings).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("is valid for swagger-parser, every reference resolved", async () => {
    const api = (await SwaggerParser.validate(structuredClone(doc) as never)) as unknown as OpenApiDocument;
    expect(Object.keys(api.paths)).toHaveLength(Object.keys(doc.paths).length);
  });

  it('names the entities in components.schemas, and every schema is JSON Schema (no form messages)', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['Product', 'ProductSummary', 'Order', 'User', 'SiteSettings', 'SiteInfo', 'Review', 'DiscountCode', 'Subscription', 'Error']) {
      expect(schemas[name], name).toMatchObject({ type: 'object' });
    }
    expect(JSON.stringify(doc)).not.toMatch(/"(errorMessage|missingMessage)"/);
    // An answer refers to its entity rather than repeating it.
    expect(doc.paths['/api/products/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Product' });
  });

  it('lets a field with a default be left out of a request, and keeps it required in the answer', () => {
    const schemas = doc.components?.schemas ?? {};
    const created = doc.paths['/api/admin/products']?.post?.requestBody?.content['application/json']?.schema;
    expect(created).toEqual({ $ref: '#/components/schemas/ProductInput' });
    for (const field of ['images', 'features', 'stock_quantity']) {
      expect(schemas.ProductInput?.required, field).not.toContain(field);
      expect(schemas.Product?.required, field).toContain(field);
    }
  });

  it('lets a guest buy: placing an order, starting and capturing its payment and previewing a code take no session', () => {
    for (const name of ['createOrder', 'createPayment', 'paypalCreateOrder', 'paypalCaptureOrder', 'previewDiscount'] as const) {
      const operation = doc.paths[openApiPath(name)]?.[routes[name].method.toLowerCase()];
      expect(operation?.security, name).toContainEqual({});
    }
  });

  it('documents the uploads as multipart with their file, and the answers that are not JSON with their media types', () => {
    for (const name of ['upload', 'adminUploadProductFile'] as const) {
      const body = doc.paths[openApiPath(name)]?.post?.requestBody;
      expect(body?.content['multipart/form-data']?.schema, name).toMatchObject({ required: ['file'], properties: { file: { type: 'string' } } });
    }
    const exported = doc.paths[openApiPath('adminExportOrders')]?.get?.responses?.['200'];
    expect(Object.keys(exported?.content ?? {})).toEqual(['text/csv']);
    const log = doc.paths[openApiPath('adminDeliveryLog')]?.get?.responses?.['200'];
    expect(Object.keys(log?.content ?? {}).sort()).toEqual(['application/json', 'text/csv']);
    const download = doc.paths[openApiPath('download')]?.get?.responses ?? {};
    expect(Object.keys(download)).toEqual(expect.arrayContaining(['200', '206', '302', '304', '416']));
    expect(download['206']?.headers).toHaveProperty('Content-Range');
    expect(download['302']?.headers).toHaveProperty('Location');
  });

  it('documents Retry-After on every 429, and the ETag and 304 of the cached public reads', () => {
    let limited = 0;
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        const tooMany = operation.responses?.['429'];
        if (!tooMany) continue;
        limited += 1;
        expect(tooMany.headers, operation.operationId).toHaveProperty('Retry-After');
      }
    }
    expect(limited).toBeGreaterThanOrEqual(routeNames.filter((name) => 'rateLimited' in routes[name]).length);
    for (const name of ['listProducts', 'getProduct', 'suggestSearch', 'siteInfo'] as const) {
      const responses = doc.paths[openApiPath(name)]?.get?.responses ?? {};
      expect(responses['200']?.headers, name).toHaveProperty('ETag');
      expect(responses, name).toHaveProperty('304');
    }
  });

  it('lists every tag it uses, with a description, staff routes by area', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const operations of Object.values(doc.paths)) {
      for (const operation of Object.values(operations)) {
        for (const tag of operation.tags ?? []) expect(declared.get(tag), `${operation.operationId}: ${tag}`).toBeTruthy();
      }
    }
    expect(doc.paths['/api/admin/products']?.post?.tags).toEqual(['staff: products']);
    expect(doc.paths['/api/upload']?.post?.tags).toEqual(['staff: uploads']);
  });

  it('lists each error status with the codes that route can give, not one shared list', () => {
    /** The codes an error answer allows: `allOf: [Error, { code: { enum } }]`. */
    const codes = (name: RouteName, status: string): string[] | undefined => {
      const operation = doc.paths[openApiPath(name)]?.[routes[name].method.toLowerCase()];
      const schema = operation?.responses?.[status]?.content?.['application/json']?.schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] } | undefined;
      return schema?.allOf?.[1]?.properties?.code?.enum;
    };
    // The handler's own: a product that is not there; a name taken; a clash with an order's state.
    expect(codes('getProduct', '404')).toEqual(['product_not_found']);
    expect(codes('register', '409')).toContain('username_taken');
    expect(codes('cancelMyOrder', '409')?.length).toBeGreaterThan(0);
    // The guard's, the input's and the framework's, by kind of route.
    expect(codes('adminListOrders', '403')).toEqual(['api_key_scope_missing', 'forbidden', 'two_factor_enrolment_required']);
    expect(codes('adminUpdateSettings', '403')).toEqual(['api_key_not_allowed', 'forbidden', 'two_factor_enrolment_required']);
    expect(codes('listMyOrders', '403')).toEqual(['api_key_not_allowed']);
    expect(codes('twoFactorSetup', '401')).toEqual(['unauthorized']);
    expect(codes('login', '400')).toEqual(expect.arrayContaining(['bad_request', 'malformed_json', 'validation_error']));
    expect(codes('listCategories', '400')).toEqual(['bad_request']);
    // A provider's failure only where a provider is called: PayPal for payments and refunds, the mail server's test.
    const withBadGateway = routeNames.filter((name) => codes(name, '502') !== undefined);
    expect(withBadGateway).toEqual(expect.arrayContaining(['paypalCaptureOrder', 'adminRefundOrder', 'adminTestEmail']));
    expect(withBadGateway).not.toContain('listProducts');
    expect(withBadGateway).not.toContain('login');
    // Every error answer of every route names its codes.
    for (const name of routeNames) {
      const responses = doc.paths[openApiPath(name)]?.[routes[name].method.toLowerCase()]?.responses ?? {};
      for (const status of Object.keys(responses).filter((status) => Number(status) >= 400)) {
        expect(codes(name, status)?.length, `${name} ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it('documents each outgoing webhook event in `webhooks`, with its signature headers and body', () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Operation & { parameters: { name: string; in: string; required: boolean }[] } }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual(WEBHOOK_EVENT_TYPES.map((type) => type.value).sort());
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post.parameters.filter((parameter) => parameter.in === 'header' && parameter.required).map((parameter) => parameter.name), type).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      expect(JSON.stringify(post.requestBody), type).toContain(`"const":"${type}"`);
    }
    expect(JSON.stringify(webhooks['order.paid']?.post.requestBody)).toContain('#/components/schemas/Order');
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
