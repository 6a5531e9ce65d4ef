import type { Static, TSchema } from 'typebox';
import { endpointNames, endpoints } from './endpoints.ts';
import { ERROR_CODE, isApiErrorCode, type ErrorCode } from './errors.ts';
import type { RouteName, Routes } from './routes.ts';

type Field<R, K extends string> = R extends { [P in K]: infer S extends TSchema } ? Static<S> : never;

/** What a call of route N takes: its path params, query and body, each only where the route has one. */
export type RouteInput<N extends RouteName> = (Routes[N] extends { params: TSchema } ? { params: Field<Routes[N], 'params'> } : unknown) &
  (Routes[N] extends { querystring: TSchema }
    ? object extends Field<Routes[N], 'querystring'>
      ? { query?: Field<Routes[N], 'querystring'> }
      : { query: Field<Routes[N], 'querystring'> }
    : unknown) &
  (Routes[N] extends { body: TSchema } ? { body: Field<Routes[N], 'body'> } : unknown) &
  (Routes[N] extends { multipart: true } ? { body: FormData } : unknown);

/** What a successful call of route N answers. */
export type RouteOutput<N extends RouteName> = Static<Routes[N]['response']>;

type HasRequiredInput<N extends RouteName> = Routes[N] extends { params: TSchema } | { body: TSchema } | { multipart: true }
  ? true
  : Routes[N] extends { querystring: TSchema }
    ? object extends Field<Routes[N], 'querystring'>
      ? false
      : true
    : false;

export type ApiClient = {
  [N in RouteName]: HasRequiredInput<N> extends true
    ? (input: RouteInput<N>, init?: RequestInit) => Promise<RouteOutput<N>>
    : (input?: RouteInput<N>, init?: RequestInit) => Promise<RouteOutput<N>>;
};

/** An error answer of the API, with the server's `detail` sentence and machine `code`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;

  constructor(status: number, detail: string, code: ErrorCode) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

export interface ApiClientOptions {
  /** Origin of the API, e.g. `https://api.example.com`; empty for the page's own origin. */
  baseUrl?: string;
  /** The stored access token, sent as a Bearer header when present. */
  getToken?: () => string | null | undefined;
  /** Called on any 401 answer, before the error is thrown (the apps clear the session there). */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: typeof fetch;
}

/** A path or query value as URL text. The schemas give these only scalars: an object or a list is a caller's bug. */
function urlText(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new Error(`${what} must be text, a number or a boolean, not ${Array.isArray(value) ? 'a list' : typeof value}`);
}

export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(urlText(value, `Path parameter ${name}`));
  });
}

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, urlText(value, `Query parameter ${key}`));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readError(response: Response): Promise<ApiError> {
  let detail = response.statusText || `Request failed with status ${response.status}`;
  let code: ErrorCode = ERROR_CODE.http_error;
  try {
    const body = (await response.json()) as { detail?: unknown; code?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
    // A code this client does not know (a newer server) keeps the server's detail under `unknown_error`.
    if (typeof body.code === 'string') code = isApiErrorCode(body.code) ? body.code : ERROR_CODE.unknown_error;
  } catch {
    // Not JSON (a proxy's error page): keep the status text.
  }
  return new ApiError(response.status, detail, code);
}

/** One typed function per route of the contract table; the same table the API registers. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call(name: RouteName, input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } = {}, init: RequestInit = {}) {
    const route = endpoints[name];
    const headers = new Headers(init.headers);
    const token = options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: FormData | string | undefined;
    if (input.body instanceof FormData) {
      body = input.body;
    } else if (input.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(input.body);
    }
    const url = `${baseUrl}${buildPath(route.path, input.params)}${buildQuery(input.query)}`;
    const response = await doFetch(url, { ...init, method: route.method, headers, body });
    if (!response.ok) {
      const error = await readError(response);
      if (response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    if (response.status === 204) return null;
    // A file (a download) comes back as a Blob; everything else the API answers is JSON.
    return response.headers.get('content-type')?.includes('application/json') === false ? response.blob() : response.json();
  }

  return Object.fromEntries(endpointNames.map((name) => [name, (input?: object, init?: RequestInit) => call(name, input, init)])) as unknown as ApiClient;
}
