import { ERROR_CODE, routes, routeNames, type ApiErrorCode, type RouteDefinition, type RouteName, type RouteOutput, type Routes } from '@store/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

type Field<R, K extends string> = R extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;

/** One request a route received, parsed by the route's schemas (the query converted as the server does). */
export interface FakeCall<N extends RouteName> {
  params: Field<Routes[N], 'params'>;
  query: Routes[N] extends { querystring: TSchema } ? Partial<Field<Routes[N], 'querystring'>> : Record<string, never>;
  /** The JSON body, the FormData of an upload, or undefined. */
  body: Routes[N] extends { multipart: true } ? FormData : Field<Routes[N], 'body'>;
  headers: Headers;
  url: URL;
  /** The HTTP method, as the route table has it. */
  method: string;
}

/** An error answer as the API gives it: the status, its `detail` sentence and machine `code`. */
export interface ErrorAnswer {
  status: number;
  detail: string;
  /** One of the contract's codes (the typed client turns any other into `unknown_error`). */
  code: ApiErrorCode;
}

type Settled<N extends RouteName> = RouteOutput<N> | ErrorAnswer | Response;
/** What a route answers: a value typed by its response schema, an error, a raw Response, or a function of the call. */
export type Answer<N extends RouteName> = Settled<N> | AnswerFunction<N>;
type AnswerFunction<N extends RouteName> = (call: FakeCall<N>) => Settled<N> | Promise<Settled<N>>;

/** `typeof answer === 'function'` alone narrows to `Function` (a response schema may allow any value). */
const isAnswerFunction = <N extends RouteName>(answer: Answer<N>): answer is AnswerFunction<N> => typeof answer === 'function';

export type Answers = { [N in RouteName]?: Answer<N> };

export interface FakeApiOptions {
  /** Answers every test of a file starts with (restored after each test). */
  defaults?: Answers;
}

export interface FakeApi {
  /** What route `name` answers from now on (until the end of the test). */
  on<N extends RouteName>(name: N, answer: Answer<N>): void;
  /** What route `name` answers to its next call only; later calls get `on`'s answer. */
  once<N extends RouteName>(name: N, answer: Answer<N>): void;
  /** Forgets route `name`'s answers: its next call fails the test as unanswered. */
  off(name: RouteName): void;
  /** An error answer, as the API's error handler writes it. */
  error(status: number, detail: string, code: ApiErrorCode): ErrorAnswer;
  /** The calls route `name` received, oldest first. */
  calls<N extends RouteName>(name: N): FakeCall<N>[];
  /** Every call of any route, oldest first. */
  allCalls(): ({ route: RouteName } & FakeCall<RouteName>)[];
  listen(): void;
  /** Restores the default answers, forgets the calls, and throws the failures seen since the last reset. */
  reset(): void;
  close(): void;
}

const ERROR_KEYS = new Set(['status', 'detail', 'code']);

/** An error answer is `{ status, detail, code }` with a status of 400 or more, and nothing else. */
function isErrorAnswer(value: unknown): value is ErrorAnswer {
  if (typeof value !== 'object' || value === null || value instanceof Response) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.status === 'number' && record.status >= 400 && typeof record.detail === 'string' && Object.keys(record).every((key) => ERROR_KEYS.has(key))
  );
}

function describe(name: RouteName): string {
  return `${name} (${routes[name].method} ${routes[name].path})`;
}

function schemaErrors(schema: TSchema, value: unknown): string {
  return [...Value.Errors(schema, value)]
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message}`)
    .join('; ');
}

/** Static paths before parametrised ones, so `/api/products/categories` is not read as `/api/products/:id`. */
function byPathSpecificity(a: RouteName, b: RouteName): number {
  const params = (name: RouteName) => (routes[name].path.match(/:/g) ?? []).length;
  return params(a) - params(b);
}

async function readBody(request: Request, name: RouteName): Promise<unknown> {
  if ('multipart' in routes[name]) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readQuery(url: URL, name: RouteName): Record<string, unknown> {
  const raw = Object.fromEntries(url.searchParams.entries());
  const route: RouteDefinition = routes[name];
  return route.querystring ? (Value.Convert(route.querystring, raw) as Record<string, unknown>) : raw;
}

/**
 * A fake of the whole route table at the fetch level. Every route has a handler; what it answers is
 * set per test with `on`. See the package README for the rules it enforces.
 */
export function createFakeApi(options: FakeApiOptions = {}): FakeApi {
  const standing = new Map<RouteName, Answer<RouteName>>();
  const queued = new Map<RouteName, Answer<RouteName>[]>();
  const recorded: ({ route: RouteName } & FakeCall<RouteName>)[] = [];
  const failures: string[] = [];

  function restoreDefaults() {
    standing.clear();
    queued.clear();
    for (const [name, answer] of Object.entries(options.defaults ?? {})) standing.set(name as RouteName, answer);
  }
  restoreDefaults();

  function fail(message: string, status: number, code: ApiErrorCode): Response {
    failures.push(message);
    return HttpResponse.json({ detail: message, code }, { status });
  }

  async function respond(name: RouteName, request: Request, params: Record<string, unknown>): Promise<Response> {
    const url = new URL(request.url);
    const call: FakeCall<RouteName> = {
      params: params as FakeCall<RouteName>['params'],
      query: readQuery(url, name) as FakeCall<RouteName>['query'],
      body: (await readBody(request, name)) as FakeCall<RouteName>['body'],
      headers: request.headers,
      url,
      method: request.method,
    };
    recorded.push({ route: name, ...call });
    const answer = queued.get(name)?.shift() ?? standing.get(name);
    if (answer === undefined) return fail(`fakeApi: no answer for ${describe(name)}; give one with fakeApi.on('${name}', ...)`, 501, ERROR_CODE.not_implemented);
    const settled = isAnswerFunction(answer) ? await answer(call) : answer;
    if (settled instanceof Response) return settled;
    if (isErrorAnswer(settled)) return HttpResponse.json({ detail: settled.detail, code: settled.code }, { status: settled.status });
    const route = routes[name];
    if (!Value.Check(route.response, settled)) {
      return fail(`fakeApi: the answer of ${describe(name)} does not match its response schema: ${schemaErrors(route.response, settled)}`, 500, ERROR_CODE.internal_error);
    }
    if (route.status === 204) return new HttpResponse(null, { status: 204 });
    return HttpResponse.json(settled as never, { status: route.status });
  }

  const handlers: HttpHandler[] = [...routeNames].sort(byPathSpecificity).map((name) => {
    const { method, path } = routes[name];
    const verb = method.toLowerCase() as Lowercase<typeof method>;
    return http[verb](`*${path}`, ({ request, params }) => respond(name, request, params));
  });
  // Anything else under /api is no route of the contract: a typo in the app, or a route the table lacks.
  handlers.push(http.all('*/api/*', ({ request }) => fail(`fakeApi: ${request.method} ${new URL(request.url).pathname} is no route of the contract`, 404, ERROR_CODE.route_not_found)));

  const server = setupServer(...handlers);

  return {
    on(name, answer) {
      standing.set(name, answer);
    },
    once(name, answer) {
      queued.set(name, [...(queued.get(name) ?? []), answer]);
    },
    off(name) {
      standing.delete(name);
      queued.delete(name);
    },
    error: (status, detail, code) => ({ status, detail, code }),
    calls: <N extends RouteName>(name: N) => recorded.filter((call) => call.route === name),
    allCalls: () => [...recorded],
    listen() {
      server.listen({
        onUnhandledRequest: (request) => {
          failures.push(`fakeApi: unhandled ${request.method} ${request.url}`);
        },
      });
    },
    reset() {
      restoreDefaults();
      recorded.length = 0;
      const seen = failures.splice(0);
      if (seen.length > 0) throw new Error(seen.join('\n'));
    },
    close() {
      server.close();
    },
  };
}
