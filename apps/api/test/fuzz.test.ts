import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, routeNames, routes, type Access, type RouteDefinition, type RouteName } from '@store/contracts';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterAnswerSettled } from '../src/auth/account-links.ts';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { build, type TestApp } from './helpers/build.ts';
import { conformance } from './helpers/conformance.ts';
import { tinyPng } from './helpers/png.ts';
import { hostileString, hostileValue, NASTY_TEXTS, RawJson, RawUrlText, validValue, type JsonSchema } from './helpers/schema-arbitrary.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';

/*
 * Property-based fuzzing of the whole route table: every route of `routes` gets requests generated from
 * its own schemas (mostly valid, often with one hostile thing inside), plus malformed bodies, wrong
 * content types and raw URLs, sent with the access it needs and sometimes with the wrong one. The API
 * must answer each with a 2xx or a 4xx, and a refused (4xx) request must leave the database as it was.
 * Every failure is collected with its input; the test fails at the end listing them all.
 */

// Fixed, so a run is repeatable; FUZZ_SEED and FUZZ_REQUESTS explore further (a nightly run, a hunt).
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3_000);
/** A request slower than this is reported too: an input that makes the server work this hard is a denial of service. */
const SLOW_MS = 10_000;

let t: TestApp;
let sandbox: RunningPaymentSandbox;
let peer: SmtpPeer;

/* What the run knows about the store: tokens, and ids of rows that exist ---------------------------- */

interface Account {
  id: string;
  username: string;
  password: string;
  token: string;
}

const world = {
  admin: { id: '', token: '' },
  /** The account behind the `user` access: never a target of the fuzz (its session must keep working). */
  user: undefined as unknown as Account,
  /** The account `logout` and `changePassword` run as: they end or change its session, so it is replaced after. */
  throwaway: null as Account | null,
  /** Signed-in accounts whose passwords are known, for realistic sign-ins. */
  credentials: [] as { username: string; password: string }[],
  products: [] as string[],
  /** Products not deleted (yet): what an order can be placed for. */
  liveProducts: [] as string[],
  /** The setup's products, sanely priced and stocked: put back on sale when the fuzz deletes one. */
  seedProducts: [] as string[],
  orders: [] as string[],
  items: [] as string[],
  users: [] as string[],
  guestOrders: [] as { id: string; token: string }[],
  downloads: [] as string[],
  paypalOrders: [] as string[],
  /** Tokens that must be refused: signed wrongly, for an ended session, expired... */
  badTokens: {} as Record<BadAuth, string>,
};

/** Every id the fuzz may use in a uuid field, read when a value is generated (the lists grow during the run). */
const knownIds = () => [...world.products, ...world.orders, ...world.items, ...world.users];
const idOptions = { knownIds };

const remember = (list: string[], value: unknown) => {
  if (typeof value === 'string' && !list.includes(value)) list.push(value);
};

/* Requests ---------------------------------------------------------------------------------------- */

type BadAuth =
  'garbage' | 'no-scheme' | 'basic' | 'empty-bearer' | 'wrong-secret' | 'alg-none' | 'expired' | 'ended-session' | 'odd-claims';
type Auth = 'none' | 'user' | 'admin' | BadAuth;

interface FuzzRequest {
  route: RouteName;
  /** How the request was made, for the report: valid, hostile body, malformed JSON... */
  label: string;
  auth: Auth;
  params?: unknown;
  query?: unknown;
  body?: { json: unknown } | { raw: string | Buffer; contentType: string | null };
  headers?: Record<string, string>;
  /** Done before the request is sent, outside the fingerprint: the buyer approving a payment at PayPal. */
  before?: () => Promise<unknown>;
}

type RequestParts = Omit<FuzzRequest, 'route' | 'auth'>;

/** Routes whose success ends or changes the caller's own session: they run as the throwaway account. */
const SESSION_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['logout', 'changePassword']);

const route = (name: RouteName) => routes[name] as RouteDefinition;
const schemaOf = (schema: unknown) => schema as JsonSchema | undefined;

/** Who sends the request: mostly the access the route needs, sometimes less, sometimes a bad token. */
function authFor(access: Access): fc.Arbitrary<Auth> {
  const bad = fc.constantFrom<Auth>(
    'garbage',
    'no-scheme',
    'basic',
    'empty-bearer',
    'wrong-secret',
    'alg-none',
    'expired',
    'ended-session',
    'odd-claims',
  );
  const weights: Record<Access, [none: number, user: number, admin: number, bad: number]> = {
    public: [14, 2, 1, 3],
    optional: [9, 6, 1, 4],
    user: [2, 14, 2, 2],
    admin: [1, 2, 16, 1],
  };
  const [none, user, admin, wrong] = weights[access];
  return fc.oneof(
    { weight: none, arbitrary: fc.constant<Auth>('none') },
    { weight: user, arbitrary: fc.constant<Auth>('user') },
    { weight: admin, arbitrary: fc.constant<Auth>('admin') },
    { weight: wrong, arbitrary: bad },
  );
}

/** The three parts of a request from the route's schemas: all valid, or exactly one of them hostile. */
function schemaRequests(name: RouteName): fc.Arbitrary<RequestParts> {
  const def = route(name);
  const parts = (['params', 'querystring', 'body'] as const).filter((part) => def[part] !== undefined);
  const make = (hostile?: (typeof parts)[number]) => {
    const value = (part: (typeof parts)[number]) => {
      const schema = schemaOf(def[part]);
      if (!schema) return fc.constant(undefined);
      return part === hostile ? hostileValue(schema, idOptions) : validValue(schema, idOptions);
    };
    return fc.record({ params: value('params'), query: value('querystring'), body: value('body') }).map(({ params, query, body }) => ({
      label: hostile ? `hostile ${hostile}` : 'valid',
      params,
      query,
      ...(def.body ? { body: { json: body } } : {}),
    }));
  };
  if (parts.length === 0) return make();
  return fc.oneof({ weight: 5, arbitrary: make() }, { weight: 6, arbitrary: fc.constantFrom(...parts).chain((part) => make(part)) });
}

const JSON_TYPE = 'application/json';
/** Bodies no JSON parser should take, and JSON a client should not send. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}garbage',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '\u0000',
  '',
  '   ',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  'NaN',
  '1e999',
  '{"__proto__":{"polluted":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
  `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
  `"${'a'.repeat(2_000_000)}"`,
];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16le',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/octet-stream',
  ';',
];
/** Path segments sent as written: bad percent-encoding, invalid UTF-8, traversal, past the router's parameter length. */
const RAW_PATH_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '%2e%2e',
  'a%2Fb',
  '%F0%9F%94%91',
  'x'.repeat(150),
  '%20',
  'null',
  '-1',
].map((text) => new RawUrlText(text));
/** Query strings sent as written. */
const RAW_QUERIES = [
  '%',
  '%zz=1',
  'limit=%00',
  'search=%ED%A0%80',
  'limit=1&limit=2',
  'offset=-1&offset=1',
  '__proto__[x]=1',
  'a[b]=c',
  '&&&',
  '=',
  'search',
  `search=${'a'.repeat(100_000)}`,
  'ids=,',
  'status[]=pending',
].map((text) => new RawUrlText(text));

/** What a client gets wrong outside the schemas: malformed JSON, the wrong content type, raw URLs. */
function rawRequests(name: RouteName): fc.Arbitrary<RequestParts> {
  const def = route(name);
  const valid = fc.record({
    params: def.params ? validValue(schemaOf(def.params)!, idOptions) : fc.constant(undefined),
    query: def.querystring ? validValue(schemaOf(def.querystring)!, idOptions) : fc.constant(undefined),
    body: def.body ? validValue(schemaOf(def.body)!, idOptions) : fc.jsonValue({ maxDepth: 2 }),
  });
  const hasBody = def.method !== 'GET';
  const paramNames = [...def.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  type Valid = { params: unknown; query: unknown; body: unknown };
  const json = (parts: Valid) => (def.body ? { body: { json: parts.body } } : {});
  return fc.oneof(
    {
      weight: hasBody ? 3 : 0,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...MALFORMED_JSON))
        .map(([{ params, query }, raw]) => ({ label: 'malformed JSON', params, query, body: { raw, contentType: JSON_TYPE } })),
    },
    {
      weight: hasBody ? 3 : 0,
      arbitrary: fc.tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES, null)).map(([{ params, query, body }, contentType]) => ({
        label: 'wrong content type',
        params,
        query,
        body: { raw: JSON.stringify(body ?? {}), contentType },
      })),
    },
    {
      weight: paramNames.length > 0 ? 2 : 0,
      arbitrary: fc.tuple(valid, fc.constantFrom(...RAW_PATH_SEGMENTS)).map(([parts, segment]) => ({
        label: 'raw path segment',
        params: Object.fromEntries(paramNames.map((key) => [key, segment])),
        query: parts.query,
        ...json(parts),
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...RAW_QUERIES))
        .map(([parts, query]) => ({ label: 'raw query', params: parts.params, query, ...json(parts) })),
    },
    // A JSON body where the route takes none (and a GET with a body).
    {
      weight: def.body ? 0 : 1,
      arbitrary: fc
        .tuple(valid, fc.jsonValue({ maxDepth: 3 }))
        .map(([{ params, query }, body]) => ({ label: 'unexpected body', params, query, body: { json: body } })),
    },
  );
}

/* Realistic requests: real ids, tokens and links, so the handlers run past their first checks --------- */

const pick = <T>(list: () => readonly T[], fallback: T) =>
  fc.nat().map((index) => (list().length > 0 ? list()[index % list().length]! : fallback));
const anyProduct = pick(() => world.products, randomUUID());
/** A product still on sale, most often one of the setup's (priced sanely, well stocked). */
const liveProduct = fc.oneof(
  pick(() => world.seedProducts, randomUUID()),
  pick(() => world.liveProducts, randomUUID()),
);
const anyOrder = pick(() => world.orders, randomUUID());
const anyUser = pick(() => world.users, randomUUID());
const anyPayPalOrder = pick(() => world.paypalOrders, 'NOPAYPALORDER');
const invoice = fc.record({
  email: fc.constantFrom('buyer@example.com', 'other@example.com', 'BUYER@Example.com'),
  name: fc.constantFrom('Ann Buyer', 'Zoë'),
  address: fc.constant('1 Road'),
  city: fc.constant('Leeds'),
  country: fc.constant('UK'),
});
/** A string with one character changed, cut short or lengthened: a token or signature that is nearly right. */
const tampered = (value: string) =>
  fc.oneof(
    fc.constant(value),
    fc.nat().map((at) => {
      const index = at % Math.max(value.length, 1);
      return value.slice(0, index) + (value[index] === 'A' ? 'B' : 'A') + value.slice(index + 1);
    }),
    fc.constant(value.slice(0, -1)),
    fc.constant(`${value}A`),
  );

/** A webhook the local sandbox will verify as PayPal's, with a resource that is partly made up. */
function signedWebhook(eventType: string, resource: Record<string, unknown>): RequestParts {
  const event = {
    id: `WH-${randomUUID()}`,
    create_time: new Date().toISOString(),
    resource_type: 'checkout-order',
    event_type: eventType,
    summary: 'fuzz',
    resource,
    resource_version: '2.0',
    event_version: '1.0',
  };
  const body = JSON.stringify(event);
  const transmission = {
    id: randomUUID(),
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    signature: 'fuzz-signature',
    certUrl: `${sandbox.url}/v1/notifications/certs/CERT-sandbox`,
    authAlgo: 'SHA256withRSA',
  };
  sandbox.state.transmissions.set(transmission.id, {
    ...transmission,
    webhookId: LOCAL_WEBHOOK_ID,
    url: 'inject',
    eventId: event.id,
    body,
    eventHash: createHash('sha256').update(body).digest('hex'),
  });
  return {
    label: `signed webhook ${eventType}`,
    body: { raw: body, contentType: JSON_TYPE },
    headers: {
      'paypal-transmission-id': transmission.id,
      'paypal-transmission-time': transmission.time,
      'paypal-transmission-sig': transmission.signature,
      'paypal-cert-url': transmission.certUrl,
      'paypal-auth-algo': transmission.authAlgo,
    },
  };
}

const captureResource = fc.record({
  id: fc.oneof(fc.stringMatching(/^[A-Z0-9]{17}$/), fc.constantFrom<unknown>('', 'x', 1, null)),
  status: fc.constantFrom<unknown>('COMPLETED', 'PENDING', 'DECLINED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'FAILED', '', null, 7),
  amount: fc.oneof(
    fc.record({
      currency_code: fc.constantFrom<unknown>('USD', 'EUR', '', null),
      value: fc.constantFrom<unknown>('1.00', '29.99', '0.00', '-1', '1e308', 'abc', '', 5, null),
    }),
    fc.constantFrom<unknown>(null, 'USD 1.00', 1, [], {}),
  ),
  custom_id: fc.oneof(anyOrder, fc.constantFrom<unknown>(undefined, '', 'x', null)),
  supplementary_data: fc.oneof(
    anyPayPalOrder.map((order_id) => ({ related_ids: { order_id } })),
    fc.constantFrom<unknown>(null, {}, { related_ids: null }, { related_ids: { order_id: 5 } }),
  ),
});

/** Per-route requests that use what the run knows; the schema alone would almost never hit a real row. */
const HINTS: Partial<Record<RouteName, () => fc.Arbitrary<RequestParts>>> = {
  login: () =>
    fc
      .tuple(
        pick(() => world.credentials, { username: 'nobody', password: 'x' }),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([account, right, byEmail]) => ({
        label: right ? 'sign-in with the right password' : 'sign-in with a wrong password',
        body: {
          json: {
            username: byEmail ? `${account.username}@example.com` : account.username.toUpperCase(),
            password: right ? account.password : `${account.password}x`,
          },
        },
      })),
  changePassword: () =>
    fc
      .tuple(fc.boolean(), fc.constantFrom('new-secret-password', 'short', 'password', '        ', 'pässwörd-ünïcode-🔑', 'x'.repeat(256)))
      .map(([right, next]) => ({
        label: right ? 'the right current password' : 'a wrong current password',
        body: {
          json: { current_password: right ? (world.throwaway?.password ?? 'secret-password') : 'wrong-password', new_password: next },
        },
      })),
  createOrder: () =>
    fc
      .tuple(
        fc.array(fc.record({ product_id: liveProduct, quantity: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 2 }),
        fc.option(invoice, { nil: undefined, freq: 8 }),
        fc.constantFrom(undefined, undefined, undefined, 'paypal', 'free', 'crypto'),
      )
      .map(([items, invoice_data, payment_method]) => ({
        label: 'an order of real products',
        body: { json: { items, ...(invoice_data ? { invoice_data } : {}), ...(payment_method ? { payment_method } : {}) } },
      })),
  getMyOrder: () => anyOrder.map((id) => ({ label: 'a real order', params: { id } })),
  getGuestOrder: () =>
    pick(() => world.guestOrders, { id: randomUUID(), token: 'x' }).chain((order) =>
      tampered(order.token).map((token) => ({
        label: 'a guest order with a (nearly) right token',
        params: { orderId: order.id },
        query: { token },
      })),
    ),
  createPayment: () => anyOrder.map((order_id) => ({ label: 'pay a real order', query: { order_id } })),
  paypalCreateOrder: () => anyOrder.map((order_id) => ({ label: 'pay a real order', body: { json: { order_id } } })),
  paypalCaptureOrder: () =>
    fc.tuple(anyPayPalOrder, fc.boolean()).map(([paypalOrderId, approve]) => ({
      label: approve ? 'capture a PayPal order the buyer approved' : 'capture a real PayPal order',
      params: { paypalOrderId },
      // The buyer's approval on the sandbox's page, as the browser would send it.
      ...(approve
        ? { before: () => fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' }) }
        : {}),
    })),
  paypalWebhook: () =>
    fc.oneof(
      anyPayPalOrder.map((id) => signedWebhook('CHECKOUT.ORDER.APPROVED', { id, status: 'APPROVED' })),
      fc
        .tuple(fc.constantFrom('PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED'), captureResource)
        .map(([type, resource]) => signedWebhook(type, resource)),
      fc
        .tuple(fc.constantFrom('CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'SOMETHING.ELSE'), fc.constantFrom(1_000, 100_000))
        .map(([type, depth]) => ({
          ...signedWebhook(type, {}),
          label: `webhook nested ${depth} deep`,
          body: {
            raw: JSON.stringify({ id: `WH-${randomUUID()}`, event_type: type, resource: { id: 'X' } }).replace(
              '"X"',
              `${'['.repeat(depth)}${']'.repeat(depth)}`,
            ),
            contentType: JSON_TYPE,
          },
        })),
    ),
  download: () =>
    pick(
      () => world.downloads,
      '/api/downloads/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001?expires=1&signature=x',
    ).chain((link) => {
      const url = new URL(link, 'http://store.test');
      const [, , , id, fileId] = url.pathname.split('/');
      const expires = Number(url.searchParams.get('expires'));
      return fc
        .tuple(tampered(url.searchParams.get('signature') ?? ''), fc.constantFrom(expires, expires + 1, 0, 4_294_967_295))
        .map(([signature, when]) => ({
          label: 'a (nearly) right download link',
          params: { id, fileId },
          query: { expires: when, signature },
        }));
    }),
  adminAddLicenseKeys: () =>
    fc.tuple(anyProduct, fc.constantFrom(1, 5, 200, 17_000), fc.nat()).map(([id, count, salt]) => ({
      // 17,000 keys of four bind parameters each: one INSERT would pass PostgreSQL's limit of 65,535.
      label: `a paste of ${count} keys`,
      params: { id },
      body: { json: { keys: Array.from({ length: count }, (_, index) => `K${salt}-${index}`).join(count > 10 ? '\n' : '\r\n') } },
    })),
  adminLicenseKeyStock: () => anyProduct.map((id) => ({ label: 'a real product', params: { id } })),
  adminUpdateProduct: () =>
    fc
      .tuple(anyProduct, validValue(schemaOf(routes.adminUpdateProduct.body)!, idOptions))
      .map(([id, json]) => ({ label: 'update a real product', params: { id }, body: { json } })),
  adminDeleteProduct: () => anyProduct.map((id) => ({ label: 'delete a real product', params: { id } })),
  adminSetOrderStatus: () =>
    fc
      .tuple(anyOrder, fc.constantFrom('confirmed', 'rejected', 'completed', 'refunded'))
      .map(([id, status]) => ({ label: 'change a real order', params: { id }, query: { status } })),
  adminUserStats: () => anyUser.map((id) => ({ label: 'a real account', params: { id } })),
  adminSetUserActive: () =>
    fc.tuple(fc.oneof(anyUser, fc.constant(world.admin.id)), fc.boolean()).map(([id, is_active]) => ({
      label: id === world.admin.id ? 'deactivate oneself' : 'a real account',
      params: { id },
      body: { json: { is_active } },
    })),
  listProducts: () =>
    fc
      .array(anyProduct, { minLength: 1, maxLength: 50 })
      .map((ids) => ({ label: 'a cart of real products', query: { ids: ids.join(',') } })),
  adminUpdateSettings: () =>
    fc
      .record({
        site_name: fc.constantFrom(...NASTY_TEXTS.filter((text) => /\S/.test(text) && text.length <= 80)),
        smtp_from_name: fc.constantFrom('Shop\r\nBcc: x@example.com', 'Shöp 🔑', '"Shop" <evil@example.com>'),
      })
      .map((json) => ({
        label: 'settings with odd but legal text',
        body: { json },
      })),
  adminTestEmail: () =>
    fc
      .constantFrom('buyer@example.com', 'a@b.co', 'x+tag@example.com', `${'a'.repeat(64)}@example.com`, 'üser@example.com')
      .map((test_email) => ({ label: 'a test email', body: { json: { test_email } } })),
};

/* Multipart uploads, by hand ---------------------------------------------------------------------- */

const PNG = tinyPng();
const IMAGES = [
  PNG,
  Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex'),
  Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
];

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

function multipartBody(parts: Part[], boundary = BOUNDARY, lineBreak = '\r\n'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}${lineBreak}Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += lineBreak;
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}${lineBreak}`;
    chunks.push(Buffer.from(`${head}${lineBreak}`), part.data, Buffer.from(lineBreak));
  }
  chunks.push(Buffer.from(`--${boundary}--${lineBreak}`));
  return Buffer.concat(chunks);
}

const multipartType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;
const filePart = (data: Buffer, extra: Partial<Part> = {}): Part => ({
  name: 'file',
  filename: 'image.png',
  contentType: 'image/png',
  data,
  ...extra,
});
const upload = (label: string, raw: Buffer | string, contentType: string | null = multipartType()): RequestParts => ({
  label,
  body: { raw, contentType },
});

const hostileFilename = fc.oneof(
  fc.constantFrom(
    '../../evil.png',
    '..\\..\\evil.png',
    '',
    '.png',
    'a'.repeat(1_000),
    'x.png\u0000.txt',
    'ünïcode 🔑.png',
    'x".png',
    'x\r\nContent-Type: text/html',
  ),
  hostileString({ type: 'string' }),
);

/** The upload route's requests: images, non-images and every way a multipart body can be broken. */
function multipartRequests(): fc.Arbitrary<RequestParts> {
  const valid = multipartBody([filePart(PNG)]);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...IMAGES), fc.constantFrom('image/png', 'application/octet-stream', 'text/html', 'image/svg+xml', ''))
        .map(([image, type]) => upload('an image', multipartBody([filePart(image, { contentType: type })]))),
    },
    {
      weight: 2,
      arbitrary: hostileFilename.map((filename) => upload('an image with an odd file name', multipartBody([filePart(PNG, { filename })]))),
    },
    {
      weight: 3,
      arbitrary: fc
        .uint8Array({ maxLength: 4_096 })
        .map((bytes) => upload('random bytes as the file', multipartBody([filePart(Buffer.from(bytes))]))),
    },
    {
      weight: 2,
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 2_048 }).map((bytes) => upload('random bytes as the body', Buffer.from(bytes))),
    },
    { weight: 3, arbitrary: fc.nat().map((at) => upload('a truncated body', valid.subarray(0, at % valid.length))) },
    { weight: 2, arbitrary: fc.constant(upload('no boundary', valid, 'multipart/form-data')) },
    { weight: 2, arbitrary: fc.constant(upload('a boundary that does not match', valid, multipartType('another-boundary'))) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '"', 'a'.repeat(200), 'x;y', '"quoted"', '\u00e9')
        .map((boundary) =>
          upload(
            `boundary ${JSON.stringify(boundary.slice(0, 10))}`,
            multipartBody([filePart(PNG)], boundary || 'x'),
            multipartType(boundary),
          ),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('files', 'File', 'image', '', '__proto__', 'constructor', 'hasOwnProperty')
        .map((name) => upload(`field ${JSON.stringify(name)}`, multipartBody([filePart(PNG, { name })]))),
    },
    {
      weight: 2,
      arbitrary: fc.constant(upload('a text field named file', multipartBody([{ name: 'file', data: Buffer.from('not a file') }]))),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 2, max: 4 })
        .map((count) => upload(`${count} files`, multipartBody(Array.from({ length: count }, () => filePart(PNG))))),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 5, max: 12 })
        .map((fields) =>
          upload(
            `${fields} fields, then the file`,
            multipartBody([
              ...Array.from({ length: fields }, (_, index) => ({ name: `field${index}`, data: Buffer.from('v') })),
              filePart(PNG),
            ]),
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constant(upload('a field then the file', multipartBody([{ name: 'note', data: Buffer.from('x') }, filePart(PNG)]))),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        upload(
          'a JSON field that is not JSON',
          multipartBody([{ name: 'meta', contentType: 'application/json', data: Buffer.from('{') }, filePart(PNG)]),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        upload('a file over 5 MB', multipartBody([filePart(Buffer.concat([PNG, Buffer.alloc(LIMITS.uploadMaxBytes + 1 - PNG.length)]))])),
      ),
    },
    { weight: 1, arbitrary: fc.constant(upload('an empty body', Buffer.alloc(0))) },
    { weight: 1, arbitrary: fc.constant(upload('only the closing boundary', Buffer.from(`--${BOUNDARY}--\r\n`))) },
    { weight: 1, arbitrary: fc.constant(upload('LF line breaks', multipartBody([filePart(PNG)], BOUNDARY, '\n'))) },
    {
      weight: 1,
      arbitrary: fc.constant(
        upload(
          'a part without Content-Disposition',
          Buffer.from(`--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\n${PNG.toString('latin1')}\r\n--${BOUNDARY}--\r\n`, 'latin1'),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        upload(
          'a 100 KB part header',
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(100_000)}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
          ),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant(upload('garbage before the first boundary', Buffer.concat([Buffer.from('preamble garbage\r\n'), valid]))),
    },
    { weight: 1, arbitrary: fc.constant(upload('a JSON body', JSON.stringify({ file: PNG.toString('base64') }), JSON_TYPE)) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES).map((type) => upload(`content type ${type}`, valid, type)) },
  );
}

/** Every request of one route: from its schemas, realistic hints, raw breakage; with an access. */
function requestsFor(name: RouteName): fc.Arbitrary<FuzzRequest> {
  const def = route(name);
  const hint = HINTS[name];
  const parts = def.multipart
    ? // A product's file upload goes to a product of the run (or an unknown id); the image upload has no path parameter.
      def.params
      ? fc.tuple(multipartRequests(), anyProduct).map(([request, id]) => ({ ...request, params: { id } }))
      : multipartRequests()
    : fc.oneof(
        { weight: 9, arbitrary: schemaRequests(name) },
        { weight: hint ? 7 : 0, arbitrary: hint ? hint() : schemaRequests(name) },
        { weight: 2, arbitrary: rawRequests(name) },
      );
  return fc.tuple(parts, authFor(def.access)).map(([request, auth]) => ({ ...request, route: name, auth }));
}

/* Sending ----------------------------------------------------------------------------------------- */

/** Percent-encodes like a browser, except that a lone surrogate goes out as the invalid UTF-8 a client could send. */
function encode(value: unknown): string {
  if (value instanceof RawUrlText || value instanceof RawJson) return value.text;
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // Generated values are JSON data: a function or a symbol (no JSON text) would be a bug of the generator.
  if (text === undefined) throw new Error(`not JSON data: ${typeof value}`);
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (query instanceof RawUrlText) return `?${query.text}`;
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return `?${encode(query)}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push(`${encode(key)}=${encode(one)}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** JSON text of a generated value, with RawJson pieces written as they are. */
function jsonText(value: unknown): string | undefined {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof RawJson ? `\u0000RAW${raw.push(item.text) - 1}\u0000` : item,
  );
  return text?.replace(/"\\u0000RAW(\d+)\\u0000"/g, (_match, index: string) => raw[Number(index)]!);
}

function urlOf(request: FuzzRequest): string {
  const def = route(request.route);
  const params = (request.params ?? {}) as Record<string, unknown>;
  const pathname = def.path.replace(/:(\w+)/g, (_match, key: string) =>
    encode(typeof params === 'object' && params !== null ? params[key] : params),
  );
  return pathname + queryString(request.query);
}

function authorization(request: FuzzRequest): string | undefined {
  switch (request.auth) {
    case 'none':
      return undefined;
    case 'user':
    case 'admin':
      if (SESSION_ROUTES.has(request.route)) return `Bearer ${world.throwaway!.token}`;
      return `Bearer ${request.auth === 'user' ? world.user.token : world.admin.token}`;
    default:
      return world.badTokens[request.auth];
  }
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function prepare(request: FuzzRequest): Sent {
  const def = route(request.route);
  const headers: Record<string, string> = { ...request.headers };
  const auth = authorization(request);
  if (auth !== undefined) headers.authorization = auth;
  let payload: string | Buffer | undefined;
  if (request.body && 'json' in request.body) {
    payload = jsonText(request.body.json);
    if (payload !== undefined) headers['content-type'] = JSON_TYPE;
  } else if (request.body) {
    payload = request.body.raw;
    if (request.body.contentType !== null) headers['content-type'] = request.body.contentType;
  }
  return { method: def.method, url: urlOf(request), headers, ...(payload !== undefined ? { payload } : {}) };
}

/** A long text made short enough to read: runs of one character counted, control characters escaped, the rest cut. */
function shorten(text: string, max = 400): string {
  // A loop, not a regex: a backreference over a 5 MB run overflows the regex engine's stack.
  let out = '';
  let run = '';
  let count = 0;
  const flush = () => {
    const shown = /\p{Cc}/u.test(run) ? `\\x${run.charCodeAt(0).toString(16).padStart(2, '0')}` : run;
    out += count >= 20 ? `${shown}×${count}` : shown.repeat(count);
  };
  for (const char of text) {
    if (char === run) {
      count += 1;
      continue;
    }
    if (count > 0) flush();
    if (out.length > max) break;
    run = char;
    count = 1;
  }
  if (out.length <= max && count > 0) flush();
  return out.length > max ? `${out.slice(0, max)}… (${text.length} chars)` : out;
}

function describeRequest(request: FuzzRequest, sent: Sent): string {
  const body =
    sent.payload === undefined
      ? ''
      : ` body(${sent.headers['content-type'] ?? 'no content type'}): ${shorten(Buffer.isBuffer(sent.payload) ? sent.payload.toString('latin1') : sent.payload)}`;
  return `${sent.method} ${shorten(sent.url, 300)} auth=${request.auth}${body}`;
}

/* What a request changed in the database ----------------------------------------------------------- */

/**
 * The tables a request could change, and what of a row counts. Each has a fingerprint: its row count and
 * the sum of its rows' hashes (order-free). Statement triggers, added to this run's own database below,
 * keep the fingerprints up to date as rows are inserted, deleted or updated, so a request's fingerprint
 * is one cheap read however big the tables grow (hashing every row before and after each request cost
 * 100 ms a request once the key pastes had added 100,000 keys). A write undone before the answer (a
 * claim taken, then released) leaves the fingerprint as it was: what is compared is the state.
 * Left out, because they change on refused requests by design:
 * - login_throttle: a failed sign-in (401) or password check (400) is counted, and a 429 is the lock it set;
 * - login_known_addresses: a right password remembers the address even when the account is disabled (403)
 *   or the new password is refused (400);
 * and in mail_outbox only what a message is, not its delivery state (status, attempts, last_error,
 * next_attempt_at, sent_at): mail queued by an earlier request is sent in the background, after its answer.
 */
const WATCHED: Record<string, (row: string) => string> = {
  users: (row) => row,
  sessions: (row) => row,
  products: (row) => row,
  orders: (row) => row,
  order_items: (row) => row,
  license_keys: (row) => row,
  license_activations: (row) => row,
  site_settings: (row) => row,
  payment_events: (row) => row,
  app_meta: (row) => row,
  mail_outbox: (row) =>
    `(${['id', 'kind', 'order_id', 'recipient', 'subject', 'text_body', 'html_body'].map((column) => `${row}.${column}`).join(', ')})`,
};

/** Installs the fingerprints: `fuzz_fingerprints` holds each watched table's row count and hash sum, kept by triggers. */
async function keepFingerprints(): Promise<void> {
  await sql`CREATE TABLE fuzz_fingerprints (table_name text PRIMARY KEY, row_count bigint NOT NULL, hash_sum bigint NOT NULL)`.execute(
    t.app.db,
  );
  for (const [table, row] of Object.entries(WATCHED)) {
    const hashes = (rows: string) => `SELECT count(*), coalesce(sum(hashtext(${row('r')}::text)), 0) FROM ${rows} r`;
    await sql.raw(`INSERT INTO fuzz_fingerprints ${hashes(table)}`.replace('SELECT', `SELECT '${table}',`)).execute(t.app.db);
    await sql
      .raw(
        `CREATE FUNCTION fuzz_fingerprint_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE added bigint := 0; added_sum bigint := 0; removed bigint := 0; removed_sum bigint := 0;
        BEGIN
          IF TG_OP IN ('INSERT', 'UPDATE') THEN ${hashes('new_rows')} INTO added, added_sum; END IF;
          IF TG_OP IN ('DELETE', 'UPDATE') THEN ${hashes('old_rows')} INTO removed, removed_sum; END IF;
          UPDATE fuzz_fingerprints SET row_count = row_count + added - removed, hash_sum = hash_sum + added_sum - removed_sum
            WHERE table_name = TG_TABLE_NAME AND (added <> removed OR added_sum <> removed_sum);
          RETURN NULL;
        END $$`,
      )
      .execute(t.app.db);
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ] as const) {
      await sql
        .raw(
          `CREATE TRIGGER fuzz_${event.toLowerCase()} AFTER ${event} ON ${table} REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_fingerprint_${table}()`,
        )
        .execute(t.app.db);
    }
  }
}

async function fingerprint(): Promise<Record<string, string>> {
  const rows = await sql<{
    table_name: string;
    row_count: string;
    hash_sum: string;
  }>`SELECT table_name, row_count, hash_sum FROM fuzz_fingerprints`.execute(t.app.db);
  return Object.fromEntries(rows.rows.map((row) => [row.table_name, `${row.row_count}/${row.hash_sum}`]));
}

/** Checks the kept fingerprints against the tables themselves (once, at the end: it reads every row). */
async function recomputedFingerprint(): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, row] of Object.entries(WATCHED)) {
    const rows = await sql
      .raw<{ row_count: string; hash_sum: string }>(
        `SELECT count(*) AS row_count, coalesce(sum(hashtext(${row('r')}::text)), 0) AS hash_sum FROM ${table} r`,
      )
      .execute(t.app.db);
    result[table] = `${rows.rows[0]!.row_count}/${rows.rows[0]!.hash_sum}`;
  }
  return result;
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]);

/**
 * Refusals that write on purpose: a capture PayPal took for an order that can no longer be served is
 * refunded and recorded, then answered 409 payment_refunded.
 */
const REFUSALS_THAT_WRITE = new Set(['payment_refunded']);

const uploadsDir = () => path.join(t.dataDir, 'blobs', 'images');
const storedImages = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).length;

/* Keeping the run's own accounts working ---------------------------------------------------------- */

async function newThrowaway(): Promise<Account> {
  const { token, user, password } = await t.registerUser();
  world.credentials.push({ username: user.username, password });
  return { id: user.id, username: user.username, password, token };
}

/** The connection settings the run depends on (PayPal through the sandbox, mail to the local peer); put back after a fuzzed save. */
let connectionSettings: Record<string, string | number | boolean>;

/** The run's summary and, on request, its traces: console.info, as the test setup fails a test on console.error. */
// eslint-disable-next-line no-console -- reporting the run is this log's purpose
const log = (line: string) => console.info(line);

/* Findings ---------------------------------------------------------------------------------------- */

interface Finding {
  problem: 'server error' | 'refused but changed the database' | 'slow';
  route: RouteName;
  label: string;
  status: number;
  request: string;
  answer: string;
}

const findings: Finding[] = [];
const statuses = new Map<number, number>();
const perRoute = new Map<RouteName, number>();
/** Statuses per route, printed with FUZZ_VERBOSE=1: which routes the run got past validation. */
const routeStatuses = new Map<RouteName, Map<number, number>>();
let fingerprintMs = 0;

/** The JSON a request sent, however it was sent. */
function sentJson(request: FuzzRequest): Record<string, unknown> {
  try {
    const value = !request.body ? undefined : 'json' in request.body ? request.body.json : JSON.parse(request.body.raw.toString());
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Remembers ids, tokens and links of what a successful answer created or showed. */
function harvest(request: FuzzRequest, status: number, json: unknown): void {
  if (status >= 300 || json === null || typeof json !== 'object') return;
  const body = json as Record<string, unknown>;
  if (request.route === 'adminCreateProduct') {
    remember(world.products, body.id);
    remember(world.liveProducts, body.id);
  }
  if (request.route === 'register') {
    const user = body.user as { id: string; username: string };
    remember(world.users, user.id);
    world.credentials.push({ username: user.username, password: String(sentJson(request).password) });
  }
  if (request.route === 'createOrder' && typeof body.access_token === 'string')
    world.guestOrders.push({ id: body.id as string, token: body.access_token });
  if (request.route === 'changePassword' && world.throwaway) world.throwaway.password = String(sentJson(request).new_password);
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, name);
    else if (typeof value === 'string') {
      if (key === 'url' && value.startsWith('/api/downloads/')) remember(world.downloads, value);
      if (key === 'paypal_order_id') remember(world.paypalOrders, value);
      if (key === 'payment_url') remember(world.paypalOrders, new URL(value).searchParams.get('token'));
    }
  };
  walk(body, '');
  if (Array.isArray(body.orders) || ['createOrder', 'getMyOrder', 'getGuestOrder', 'adminSetOrderStatus'].includes(request.route)) {
    for (const order of Array.isArray(body.orders) ? (body.orders as Record<string, unknown>[]) : [body]) {
      remember(world.orders, order.id);
      for (const item of (order.items as { id: string }[] | undefined) ?? []) remember(world.items, item.id);
    }
  }
  if (Array.isArray(body.users))
    for (const user of body.users as { id: string }[]) if (user.id !== world.user.id) remember(world.users, user.id);
}

/** Sends one request and records what the server did with it. */
async function exercise(request: FuzzRequest): Promise<void> {
  if (SESSION_ROUTES.has(request.route) && !world.throwaway) {
    world.throwaway = await newThrowaway();
  }
  await request.before?.();
  const sent = prepare(request);
  const before = await fingerprint();
  const filesBefore = request.route === 'upload' ? await storedImages() : 0;
  const requestStarted = performance.now();
  const response = await t.request(sent);
  const elapsed = performance.now() - requestStarted;
  // Mailed-link requests queue their mail after the answer (so timing tells nothing): it belongs to this request.
  await afterAnswerSettled(t.app);
  const fingerprintStarted = performance.now();
  const after = await fingerprint();
  fingerprintMs += performance.now() - fingerprintStarted;

  const status = response.statusCode;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  perRoute.set(request.route, (perRoute.get(request.route) ?? 0) + 1);
  const ofRoute = routeStatuses.get(request.route) ?? new Map<number, number>();
  routeStatuses.set(request.route, ofRoute.set(status, (ofRoute.get(status) ?? 0) + 1));
  const finding = (problem: Finding['problem'], answer = response.body) =>
    findings.push({
      problem,
      route: request.route,
      label: request.label,
      status,
      request: describeRequest(request, sent),
      answer: shorten(answer, 300),
    });
  if (process.env.FUZZ_TRACE === request.route)
    log(`${status} [${request.label}] ${describeRequest(request, sent).slice(0, 300)} → ${response.body.slice(0, 200)}`);
  if (status >= 500) finding('server error');
  if (status >= 400 && status < 500) {
    const changed = changedTables(before, after);
    let code = '';
    try {
      code = response.json<{ code?: string }>().code ?? '';
    } catch {
      // not JSON: reported as it is
    }
    if (request.route === 'upload' && (await storedImages()) !== filesBefore) changed.push('uploads folder');
    if (changed.length > 0 && !REFUSALS_THAT_WRITE.has(code))
      finding('refused but changed the database', `changed: ${changed.join(', ')}; answer: ${response.body}`);
  }
  if (elapsed > SLOW_MS) finding('slow', `${Math.round(elapsed)} ms; answer: ${response.body}`);

  let json: unknown = null;
  try {
    json = response.json();
  } catch {
    // a download or an empty answer
  }
  harvest(request, status, json);
  await keepTheRunsAccounts(request, status);
}

/** Undoes what a successful request did to the accounts and settings the rest of the run relies on. */
async function keepTheRunsAccounts(request: FuzzRequest, status: number): Promise<void> {
  if (status >= 300) return;
  if (request.route === 'adminDeleteProduct') {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    world.liveProducts = world.liveProducts.filter((product) => product !== id);
    if (typeof id === 'string' && world.seedProducts.includes(id))
      await t.app.db.updateTable('products').set({ archived_at: null }).where('id', '=', id).execute();
  }
  if (request.route === 'logout' || request.route === 'adminSetUserActive') {
    // The throwaway's session ended (or may have, if it was the account deactivated): a new one next time.
    world.throwaway = null;
  }
  if (request.route === 'adminUpdateSettings') {
    await t.app.db.updateTable('site_settings').set(connectionSettings).where('id', '=', 1).execute();
  }
}

/** The findings grouped by route, status and answer code, with the first inputs of each group. */
function report(all: Finding[]): string {
  const groups = new Map<string, Finding[]>();
  for (const found of all) {
    const code = /"code":"([^"]+)"/.exec(found.answer)?.[1] ?? '';
    const key = `${found.problem}: ${found.route} answered ${found.status} ${code}`;
    groups.set(key, [...(groups.get(key) ?? []), found]);
  }
  return [...groups]
    .map(([key, group]) =>
      [
        `${key} (${group.length}×)`,
        ...group.slice(0, 3).map((found) => `    [${found.label}] ${found.request}\n      → ${found.answer}`),
      ].join('\n'),
    )
    .join('\n');
}

/* The run ----------------------------------------------------------------------------------------- */

beforeAll(async () => {
  [sandbox, peer] = await Promise.all([startPaymentSandbox(), startSmtpPeer()]);
  t = await build({
    // Limits would answer 429 before the code under test runs (a 429 is fine, but the real paths are wanted).
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_ORDERS_PER_BUYER: '1000000',
    UNPAID_ORDERS_PER_ADDRESS: '1000000',
    PAYPAL_API_URL: sandbox.url,
    COINGATE_API_URL: `${sandbox.url}/coingate/v2`,
    PUBLIC_URL: 'http://shop.test',
  });
  await keepFingerprints();
  const admin = await t.adminToken();
  const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${admin}` } });
  world.admin = { id: me.json().id, token: admin };
  const user = await t.registerUser();
  world.user = { id: user.user.id, username: user.user.username, password: user.password, token: user.token };

  connectionSettings = {
    smtp_host: '127.0.0.1',
    smtp_port: peer.port,
    smtp_use_tls: false,
    smtp_username: '',
    smtp_password: '',
    smtp_from_email: 'shop@example.com',
    paypal_client_id: '',
    paypal_client_secret: '',
    paypal_environment: 'sandbox',
    paypal_webhook_id: '',
  };
  const saved = await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { authorization: `Bearer ${admin}` },
    payload: connectionSettings,
  });
  expect(saved.statusCode).toBe(200);

  // Tokens that must all be refused with a 401.
  const jwt = (header: object, payload: object, signature: string) =>
    `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
  world.badTokens = {
    garbage: 'Bearer not-a-jwt',
    'no-scheme': admin,
    basic: 'Basic YWRtaW46YWRtaW4tdGVzdC1wYXNzd29yZA==',
    'empty-bearer': 'Bearer ',
    'wrong-secret': `Bearer ${jwt({ alg: 'HS256', typ: 'JWT' }, { sub: world.admin.id, sid: randomUUID() }, 'c2lnbmVkLXdpdGgtYW5vdGhlci1zZWNyZXQtMDEyMzQ1Njc')}`,
    'alg-none': `Bearer ${jwt({ alg: 'none', typ: 'JWT' }, { sub: world.admin.id, sid: randomUUID() }, '')}`,
    // fast-jwt counts the expiry from a given iat: issued 40 days ago, it expired long since.
    expired: `Bearer ${t.app.jwt.sign({ sub: world.admin.id, sid: randomUUID(), iat: Math.floor(Date.now() / 1000) - 40 * 24 * 3600 } as never)}`,
    'ended-session': `Bearer ${t.app.jwt.sign({ sub: world.user.id, sid: randomUUID() })}`,
    // Signed with the server's key but with claims this version never writes (a token of an older version).
    'odd-claims': `Bearer ${t.app.jwt.sign({ sub: 'legacy-user-42', sid: randomUUID() })}`,
  };

  // Rows for the realistic requests to find: products of each kind, orders in several states, accounts.
  const asAdmin = { authorization: `Bearer ${admin}` };
  const product = async (payload: object) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      headers: asAdmin,
      payload: { description: 'd', detailed_description: 'dd', ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const counted = await product({ title: 'Counted', price: 19.99, stock_quantity: 10_000 });
  const keyed = await product({ title: 'Keyed', price: 5, stock_quantity: 0 });
  const free = await product({ title: 'Free download', price: 0, stock_quantity: 10_000 });
  const freeKeyed = await product({ title: 'Free keys', price: 0 });
  const archived = await product({ title: 'Archived', price: 1, stock_quantity: 5 });
  for (const [id, count] of [
    [keyed, 200],
    [freeKeyed, 200],
  ] as const) {
    const keys = Array.from({ length: count }, (_, index) => `SEED-${id.slice(0, 8)}-${index}`).join('\n');
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/products/${id}/keys`, headers: asAdmin, payload: { keys } })).statusCode,
    ).toBe(201);
  }
  expect((await t.request({ method: 'DELETE', url: `/api/admin/products/${archived}`, headers: asAdmin })).statusCode).toBe(204);
  world.products.push(counted, keyed, free, freeKeyed, archived);
  world.liveProducts.push(counted, keyed, free, freeKeyed);
  world.seedProducts.push(counted, keyed, free, freeKeyed);
  world.users.push(world.admin.id, (await newThrowaway()).id);

  const guest = { email: 'guest@example.com', name: 'Guest Buyer', address: '1 Road', city: 'Leeds', country: 'UK' };
  const seedOrders: { token?: string; items: object[]; invoice_data?: object }[] = [
    { items: [{ product_id: counted, quantity: 1 }], invoice_data: guest },
    { items: [{ product_id: keyed, quantity: 2 }], invoice_data: guest },
    {
      items: [
        { product_id: free, quantity: 1 },
        { product_id: freeKeyed, quantity: 2 },
      ],
      invoice_data: guest,
    },
    { token: world.user.token, items: [{ product_id: counted, quantity: 1 }] },
    {
      token: world.user.token,
      items: [
        { product_id: free, quantity: 1 },
        { product_id: freeKeyed, quantity: 1 },
      ],
    },
  ];
  for (const { token, ...payload } of seedOrders) {
    const request: FuzzRequest = { route: 'createOrder', label: 'seed', auth: token ? 'user' : 'none', body: { json: payload } };
    const response = await t.request(prepare(request));
    expect(response.statusCode).toBe(201);
    harvest(request, 201, response.json());
  }
  // The triggers keep the fingerprints: the setup's own writes are in them.
  expect(await fingerprint()).toEqual(await recomputedFingerprint());
  // A payment under way, for the capture and webhook routes.
  const paid = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${world.orders[0]}` });
  expect(paid.statusCode).toBe(200);
  harvest({ route: 'createPayment', label: 'seed', auth: 'none' }, 200, paid.json());
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([sandbox?.close(), peer?.close()]);
});

describe('the whole route table under generated input', () => {
  it('answers every route with a 2xx or a 4xx, never a 5xx, and a refused request changes nothing', async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.oneof(...routeNames.map((name) => requestsFor(name))), async (request) => {
        await exercise(request);
      }),
      { seed: SEED, numRuns: REQUESTS, endOnFailure: true },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    log(
      `fuzz: ${total} requests in ${seconds}s over ${perRoute.size}/${routeNames.length} routes; statuses ${JSON.stringify(counts)}; ` +
        `fingerprint read in ${(fingerprintMs / Math.max(total, 1)).toFixed(1)} ms on average; ${findings.length} findings`,
    );

    if (process.env.FUZZ_VERBOSE) {
      for (const [name, counts] of routeStatuses)
        log(`  ${name}: ${JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b)))}`);
    }
    expect(
      routeNames.filter((name) => !perRoute.has(name)),
      'routes never fuzzed',
    ).toEqual([]);
    // Every answer went through the OpenAPI document's check (helpers/conformance.ts); the breaks fail t.close().
    const checked = conformance().checked;
    log(`conformance: ${[...checked.values()].reduce((sum, count) => sum + count, 0)} answers of ${checked.size}/${routeNames.length} routes held against the document`);
    expect(routeNames.filter((name) => !checked.has(name)), 'routes whose answers were never held against the document').toEqual([]);
    expect(await fingerprint(), 'the fingerprints the triggers kept').toEqual(await recomputedFingerprint());
    expect(findings.length, `\n${report(findings)}\n`).toBe(0);
  }, 600_000);
});
