import * as contracts from '@store/contracts';
import { BRAND_NAME, routeNames, routes, type ApiErrorCode, type RouteDefinition, type RouteName } from '@store/contracts';
import { ROUTE_ERRORS } from './route-errors.generated.ts';

/*
 * The OpenAPI 3.1 document of the API, written from the contract's route table (docs/decisions/054-openapi-document.md).
 * The route table is what the server registers and what both apps call, so the document says what the server does:
 * each route's guard as its security, its schemas (JSON Schema 2020-12, as TypeBox writes them) with the entities
 * named once in `components.schemas`, its multipart upload, its media types and the statuses its guard, its input
 * and its kind of answer give. The test (test/openapi.test.ts) has Redocly's linter and swagger-parser read it.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Schema = JsonObject;

/** Keywords of the contract's schemas that are not JSON Schema: the messages our forms show. */
const FORM_ONLY_KEYWORDS = new Set(['errorMessage', 'missingMessage']);

/** What each tag of the route table covers; staff routes are grouped by the area their path names. */
const TAGS: Record<string, string> = {
  auth: 'Accounts and sessions: registration, sign-in (with two-factor for staff), password and email links.',
  catalogue: 'The shop window: products, categories and search. Public, cached, with ETags.',
  orders: "Placing orders (as a guest or signed in), a buyer's own orders and their downloads.",
  payments: 'Paying an order through PayPal, and the notifications PayPal sends.',
  licences: "Checking, activating and deactivating a licence key from the seller's software. No sign-in.",
  reviews: "Buyers' reviews of the products they bought.",
  subscriptions: "A buyer's subscriptions: starting one through PayPal, reading and cancelling it.",
  site: 'What the shop front needs to draw itself: the name, colours and policies.',
  webhooks:
    'Events the store POSTs to the endpoints staff register (docs/decisions/057-webhooks.md), signed as Standard Webhooks ' +
    'specifies: verify `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the ' +
    'secret after `whsec_`, base64-decoded), refuse old timestamps, and drop an id already seen. Any answer but 2xx (or none ' +
    'within 10 s, or a redirect) is retried: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h for 3 days.',
};

/** Staff areas: what each covers. */
const STAFF_AREAS: Record<string, string> = {
  dashboard: 'Figures for the dashboard.',
  products: 'Products, their files and licence keys.',
  orders: 'Orders: the list, exports, delivery logs, refunds and status changes.',
  users: 'Accounts: roles and deactivation.',
  'api-keys': "API keys for the seller's own systems: a staff session only.",
  webhooks: 'Outgoing webhooks: endpoints, their deliveries, resends and test events.',
  discounts: 'Discount codes and their uses.',
  reviews: 'Moderating reviews.',
  subscriptions: "Buyers' subscriptions.",
  settings: "The shop's settings, and tests of its mail and payment settings.",
  system: "The store's health for staff: readiness, version, migrations, database, Redis, outboxes, reconciliation and storage.",
  audit: "The audit trail of staff's changes.",
  uploads: 'Image uploads.',
};

/** The staff area of each path segment after /api/admin/, where it is not the area's own name. */
const STAFF_AREA_OF_SEGMENT: Record<string, string> = { stats: 'dashboard', 'test-email': 'settings', 'test-coingate': 'settings', upload: 'uploads' };

const staffTag = (area: string) => `staff: ${area}`;

/** The tag an operation is listed under: its route's tag, or for staff routes their area. */
function tagOf(route: RouteDefinition): string {
  // A staff route outside /api/admin (the image upload, /api/upload) is named by its own first segment.
  const segment = /^\/api\/admin\/([a-z0-9-]+)/.exec(route.path)?.[1] ?? (route.tag === 'admin' ? /^\/api\/([a-z0-9-]+)/.exec(route.path)?.[1] : undefined);
  if (segment === undefined) return route.tag;
  const area = STAFF_AREA_OF_SEGMENT[segment] ?? segment;
  if (!(area in STAFF_AREAS)) throw new Error(`No staff area for ${route.path}: add it to STAFF_AREAS`);
  return staffTag(area);
}

/**
 * The names of the contract's schemas: every exported `XxxSchema` is `Xxx` in `components.schemas`, so a schema
 * used in several places is written once and generated clients get a type of that name. Found by identity:
 * TypeBox keeps the objects it composes.
 */
function contractSchemaNames(): Map<object, string> {
  const names = new Map<object, string>();
  for (const [exportName, value] of Object.entries(contracts)) {
    if (!exportName.endsWith('Schema') || value === null || typeof value !== 'object' || names.has(value)) continue;
    const schema = value as Record<string, unknown>;
    if (!('type' in schema || 'anyOf' in schema || 'enum' in schema || 'const' in schema)) continue;
    names.set(value, exportName.slice(0, -'Schema'.length));
  }
  return names;
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** Writes schemas into the document, naming the contract's own as components. */
class SchemaWriter {
  readonly components: Record<string, Schema> = {};
  private readonly names = contractSchemaNames();

  /** A schema where it is used: a reference when the contract names it, else written out. */
  use(schema: unknown, side: 'request' | 'response'): Schema {
    const name = this.names.get(schema as object);
    if (name === undefined) return this.write(schema, side);
    const component = side === 'request' ? this.requestName(name, schema) : name;
    if (!(component in this.components)) {
      this.components[component] = {}; // reserved first: a schema that contains itself refers to its name
      this.components[component] = this.write(schema, side);
    }
    return ref(component);
  }

  /**
   * A request schema's name. A field with a default may be left out of a request (the server fills it in), so the
   * document does not list it as required there. A request's own schema (`…Body`, `…Query`, `…Params`, `…Input`)
   * keeps its name; any other (an entity, also an answer, in which the field is always present) is `XxxInput` there.
   */
  private requestName(name: string, schema: unknown): string {
    if (!hasDefaultedRequired(schema) || /(Body|Query|Params|Input)$/.test(name)) return name;
    return `${name}Input`;
  }

  private write(schema: unknown, side: 'request' | 'response'): Schema {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw new Error('A schema must be an object');
    const source = schema as Record<string, unknown>;
    const out: Schema = {};
    for (const [key, value] of Object.entries(source)) {
      if (FORM_ONLY_KEYWORDS.has(key)) continue;
      if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([field, child]) => [field, this.use(child, side)]));
      } else if ((key === 'items' || key === 'not' || key === 'additionalProperties' || key === 'propertyNames') && isSchemaObject(value)) {
        out[key] = this.use(value, side);
      } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') && Array.isArray(value)) {
        out[key] = value.map((child) => this.use(child, side));
      } else {
        out[key] = toJson(value);
      }
    }
    if (side === 'request' && Array.isArray(out.required) && isSchemaObject(source.properties)) {
      const properties = source.properties as Record<string, Record<string, unknown>>;
      const required = (out.required as string[]).filter((field) => !(properties[field] && 'default' in properties[field]));
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
    return out;
  }
}

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a schema, or one inside it, requires a field that has a default: it reads differently in a request. */
function hasDefaultedRequired(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isSchemaObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const properties = isSchemaObject(schema.properties) ? (schema.properties as Record<string, Record<string, unknown>>) : {};
  if (Array.isArray(schema.required) && (schema.required as string[]).some((field) => properties[field] !== undefined && 'default' in properties[field])) {
    return true;
  }
  const children = [
    ...Object.values(properties),
    ...['items', 'additionalProperties', 'not'].map((key) => schema[key]),
    ...['anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [])),
  ];
  return children.some((child) => hasDefaultedRequired(child, seen));
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

const RETRY_AFTER: JsonObject = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
};

/** Why each error status is in a route's answers, and the header it carries. */
const ERROR_STATUSES: Record<string, { description: string; headers?: JsonObject }> = {
  '400': { description: 'The request is refused: a field the contract refuses (`validation_error`, the detail names it), a body that does not parse, or a rule the `code` names.' },
  '401': { description: 'No valid session: the token is missing, expired or ended, or the credentials are wrong.' },
  '403': { description: 'Not allowed: not staff, staff who must first set up two-factor sign-in, an API key where the route takes none or without its scope, or what the `code` names.' },
  '404': { description: 'The thing named in the path does not exist (or is not yours).' },
  '409': { description: 'The request clashes with the current state (the `code` says which).' },
  '413': { description: 'The body or the file is over its size limit.' },
  '414': { description: 'A part of the path is over the router’s limit of 100 characters.' },
  '415': { description: 'A body or a file in a media type the route does not take.' },
  '429': { description: 'Too many requests.', headers: { 'Retry-After': RETRY_AFTER } },
  '431': { description: 'The request line and headers are over the server’s limit of 16 KB.' },
  '500': { description: 'Something unexpected failed; the error itself is only logged.' },
  '502': { description: 'A provider (PayPal, the mail server) failed.' },
  '503': { description: 'A service the request needs is not available right now.' },
};

/**
 * The error statuses and codes of a route: those every request can meet (a path that does not decode, headers over
 * the parser's limit, a failure of ours), those of its guard, its input and its body, and those its handler can
 * give, read from the sources (route-errors.generated.ts, docs/decisions/055-route-errors.md).
 */
export function errorCodes(name: RouteName, route: RouteDefinition): Map<string, Set<ApiErrorCode>> {
  const codes = new Map<string, Set<ApiErrorCode>>();
  const add = (status: number | string, ...more: ApiErrorCode[]) => {
    const set = codes.get(String(status)) ?? new Set<ApiErrorCode>();
    for (const code of more) set.add(code);
    codes.set(String(status), set);
  };
  add(400, 'bad_request');
  add(431, 'request_headers_too_large');
  add(500, 'internal_error');
  if (route.params || route.querystring || route.body || route.multipart) add(400, 'validation_error');
  // Fastify reads a body sent with any method but GET, whether the route takes one or not.
  const readsBody = route.method !== 'GET';
  if (readsBody) add(400, 'malformed_json');
  // An `optional` route refuses a token that is sent but not valid.
  if (route.access !== 'public') add(401, 'unauthorized');
  if (route.access === 'admin') add(403, 'forbidden', ...(route.twoFactorEnrolment ? [] : (['two_factor_enrolment_required'] as const)));
  // An API key (docs/decisions/056-api-keys.md): refused where the route takes none, or without the route's scope.
  if (route.access !== 'public') add(403, route.apiKeyScope ? 'api_key_scope_missing' : 'api_key_not_allowed');
  if (route.apiKeyScope) add(429, 'too_many_requests');
  if (route.params) add(414, 'uri_too_long');
  if (readsBody) add(413, 'payload_too_large');
  if (readsBody) add(415, 'unsupported_media_type');
  if (route.rateLimited) add(429, 'too_many_requests');
  for (const [status, handlerCodes] of Object.entries(ROUTE_ERRORS[name])) add(status, ...handlerCodes);
  // A download's 416 is written with the file's answers.
  if (route.answer === 'file') codes.delete('416');
  return new Map([...codes].sort(([a], [b]) => a.localeCompare(b)));
}

const errorResponse = (status: string, codes: Set<ApiErrorCode>): JsonObject => {
  const { description, headers } = ERROR_STATUSES[status] ?? { description: `An error (${status}).` };
  const list = [...codes].sort();
  return {
    description: `${description} Codes: ${list.map((code) => `\`${code}\``).join(', ')}.`,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorSchema(list) } },
  };
};

/** The error shape with the codes this answer can carry. */
const errorSchema = (list: readonly ApiErrorCode[]): Schema => ({
  allOf: [ref('Error'), { type: 'object', properties: { code: { enum: [...list] } } }],
});

/** The answers of a download: the file, a part of it, a redirect to storage, or the conditions of a request. */
function fileResponses(): Record<string, JsonObject> {
  const file = { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
  return {
    '200': {
      description: "The file, in its own media type, as an attachment. `Accept-Ranges: bytes`; resumable with `Range` and `If-Range`.",
      headers: {
        ETag: { description: "The file's version: send it back in `If-Range` or `If-None-Match`.", schema: { type: 'string' } },
        'Content-Length': { schema: { type: 'integer', minimum: 0 } },
      },
      content: file,
    },
    '206': {
      description: 'The part of the file the `Range` header asked for.',
      headers: {
        'Content-Range': { description: '`bytes start-end/size`', schema: { type: 'string' } },
        ETag: { schema: { type: 'string' } },
      },
      content: file,
    },
    '302': {
      description: 'The file is on object storage: a signed address to fetch it from, valid for a few minutes.',
      headers: { Location: { schema: { type: 'string', format: 'uri' } } },
    },
    '304': { description: 'The copy named in `If-None-Match` is current.' },
    '416': {
      description: 'The range is outside the file.',
      headers: { 'Content-Range': { description: '`bytes */size`', schema: { type: 'string' } } },
      content: { 'application/json': { schema: errorSchema(['range_not_satisfiable']) } },
    },
  };
}

export interface OpenApiOptions {
  /** The shop's public address (PUBLIC_URL), or null: the document then names the server it is read from. */
  publicUrl: string | null;
  /** The API's version, shown in `info.version`. */
  version: string;
}

/** The OpenAPI 3.1 document of every route of the contract table. */
export function openApiDocument({ publicUrl, version }: OpenApiOptions): JsonObject {
  const schemas = new SchemaWriter();
  const paths: Record<string, Record<string, JsonObject>> = {};
  const usedTags = new Set<string>();

  for (const name of routeNames) {
    const route = routes[name] as RouteDefinition;
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const tag = tagOf(route);
    usedTags.add(tag);

    const parameters: JsonObject[] = [
      ...parametersOf(route.params, 'path', schemas),
      ...parametersOf(route.querystring, 'query', schemas),
    ];
    const operation: JsonObject = {
      operationId: name,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [tag],
      security: securityOf(route),
      ...(parameters.length > 0 ? { parameters } : {}),
    };
    if (route.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file, as the one part of the form.' } },
            },
          },
        },
      };
    } else if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: schemas.use(route.body, 'request'), ...examplesOf(route.body) } } };
    }

    const responses: Record<string, JsonObject> = {};
    if (route.answer === 'file') Object.assign(responses, fileResponses());
    else if (route.answer === 'csv') {
      responses[String(route.status)] = {
        description: 'A CSV file (RFC 4180, UTF-8, a header row), as an attachment.',
        headers: { 'Content-Disposition': { schema: { type: 'string' } } },
        content: { 'text/csv': { schema: { type: 'string' } } },
      };
    } else if (route.status === 204) responses['204'] = { description: 'Done; no content.' };
    else {
      responses[String(route.status)] = {
        description: route.summary,
        ...(route.conditional ? { headers: { ETag: { description: 'The version of this answer: send it back in `If-None-Match`.', schema: { type: 'string' } } } } : {}),
        content: {
          'application/json': { schema: schemas.use(route.response, 'response'), ...examplesOf(route.response) },
          // `?format=csv`: the same rows as a CSV attachment.
          ...(route.answer === 'jsonOrCsv' ? { 'text/csv': { schema: { type: 'string' } } } : {}),
        },
      };
      if (route.conditional) responses['304'] = { description: 'The copy named in `If-None-Match` is current.' };
    }
    for (const [status, codes] of errorCodes(name, route)) responses[status] = errorResponse(status, codes);
    operation.responses = responses;

    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }

  // Every error answer's shape, referred to by every route.
  schemas.use(contracts.ErrorSchema, 'response');
  const webhooks = webhookOperations(schemas);
  usedTags.add('webhooks');

  const tagNames = [...usedTags].sort((a, b) => Number(a.startsWith('staff')) - Number(b.startsWith('staff')) || a.localeCompare(b));
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: `${BRAND_NAME} API`,
      version,
      summary: 'The API of the shop front, the staff app and the seller’s own systems.',
      description:
        'Every route of the contract table (`@store/contracts`), which the server registers and both apps call. ' +
        'Errors answer `{ detail, code }`: `detail` is a sentence for a person, `code` what programs branch on.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: `${BRAND_NAME} staff`, ...(publicUrl ? { url: publicUrl } : {}) },
    },
    servers: [{ url: publicUrl ? new URL('/', publicUrl).toString().replace(/\/$/, '') : '/', description: 'This shop' }],
    tags: tagNames.map((tag) => ({ name: tag, description: tagDescription(tag) })),
    paths,
    webhooks,
    components: {
      schemas: sortKeys(schemas.components),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A session token from `POST /api/auth/login` (or registration), sent as `Authorization: Bearer <token>`.',
        },
        apiKeyAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'kv_live_…',
          description:
            'An API key made by staff (`POST /api/admin/api-keys`), sent as `Authorization: Bearer kv_live_…`. It may call the ' +
            'staff routes whose requirement names one of its scopes, counted per key (`API_KEY_RATE_LIMIT_PER_MINUTE`); every other ' +
            'route refuses it (403 `api_key_not_allowed`).',
        },
      },
    },
  };
}

/** What each event's `data` is. */
function eventData(type: string): Schema {
  if (type.startsWith('order.')) return ref('Order');
  if (type.startsWith('license.'))
    return {
      type: 'object',
      description: 'The key (in clear), its product and order, the instance and the activations it has now.',
      properties: {
        key_id: { type: 'string', format: 'uuid' },
        key: { type: 'string' },
        product_id: { type: 'string', format: 'uuid' },
        order_id: { type: ['string', 'null'], format: 'uuid' },
        instance: { type: 'string' },
        activations: { type: 'integer', minimum: 0 },
        max_activations: { type: ['integer', 'null'] },
      },
    };
  if (type === 'review.created')
    return {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        product_id: { type: 'string', format: 'uuid' },
        user_id: { type: 'string', format: 'uuid' },
        rating: { type: 'number' },
        body: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
      },
    };
  return {
    type: 'object',
    description: 'The subscription: its id, buyer, product, PayPal id, status, title, price per period, interval and paid period.',
    properties: { id: { type: 'string', format: 'uuid' }, status: { type: 'string' }, current_period_end: { type: ['string', 'null'], format: 'date-time' } },
  };
}

/** The OpenAPI 3.1 `webhooks`: each event the store sends, its headers and body. */
function webhookOperations(schemas: SchemaWriter): Record<string, JsonObject> {
  const header = (name: string, description: string): JsonObject => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  return Object.fromEntries(
    contracts.WEBHOOK_EVENT_TYPES.map(({ value, label }) => [
      value,
      {
        post: {
          operationId: `event_${value.replace('.', '_')}`,
          summary: label,
          tags: ['webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The event id (`evt_…`): the same on every attempt; drop one already handled.'),
            header('webhook-timestamp', 'Seconds since 1970 when this attempt was signed; refuse one far from now.'),
            header('webhook-signature', '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`.'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  allOf: [schemas.use(contracts.WebhookEventSchema, 'response'), { type: 'object', properties: { type: { const: value }, data: eventData(value) } }],
                },
              },
            },
          },
          responses: {
            '2XX': { description: 'Received: the delivery is done.' },
            '4XX': { description: 'Refused: retried like any failure, until 3 days after the event.' },
          },
        },
      },
    ]),
  );
}

/** A schema's own `examples`, also given where viewers and mock servers look for them: the media type's `examples`. */
function examplesOf(schema: unknown): JsonObject {
  if (!isSchemaObject(schema) || !Array.isArray(schema.examples) || schema.examples.length === 0) return {};
  return { examples: Object.fromEntries(schema.examples.map((value, index) => [`example${index + 1}`, { value: toJson(value) }])) };
}

function tagDescription(tag: string): string {
  const description = tag.startsWith('staff: ') ? STAFF_AREAS[tag.slice('staff: '.length)] : TAGS[tag];
  if (description === undefined) throw new Error(`The tag "${tag}" has no description: add it to TAGS or STAFF_AREAS`);
  return tag.startsWith('staff: ') ? `Staff only. ${description}` : description;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** Who may call: public routes need nothing; `optional` ones take a session when there is one. */
function securityOf(route: RouteDefinition): Json[] {
  switch (route.access) {
    case 'public':
      return [];
    case 'optional':
      return [{}, { bearerAuth: [] }];
    default:
      // OpenAPI 3.1 lets a requirement list roles for any scheme: an API key's scope is that.
      return route.apiKeyScope ? [{ bearerAuth: [] }, { apiKeyAuth: [route.apiKeyScope] }] : [{ bearerAuth: [] }];
  }
}

/** The path or query parameters of an object schema, one per property. */
function parametersOf(schema: unknown, location: 'path' | 'query', schemas: SchemaWriter): JsonObject[] {
  if (schema === undefined) return [];
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) throw new Error(`The ${location} schema must be an object with properties`);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([name, property]) => {
    const written = schemas.use(property, 'request');
    const description = typeof property.description === 'string' ? property.description : undefined;
    return {
      name,
      in: location,
      required: location === 'path' || (required.has(name) && !('default' in property)),
      ...(description ? { description } : {}),
      schema: written,
    };
  });
}
