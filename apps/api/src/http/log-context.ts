import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What every line logged within some work names: the request's id, or the background job's name. */
interface LogContext {
  bindings: Readonly<Record<string, string>>;
  /** The logger that already carries these bindings (the request's own): its lines need nothing added. */
  carrier?: unknown;
}

const context = new AsyncLocalStorage<LogContext>();

/**
 * pino's `mixin`: adds the current request's id (or job's name) to lines logged through any other logger,
 * such as `app.log` in a service a handler calls, so an operator can follow one request across every line.
 */
export function logMixin(_object: object, _level: number, logger: unknown): Record<string, string> {
  const current = context.getStore();
  if (current === undefined || current.carrier === logger) return {};
  return { ...current.bindings };
}

/** Runs `work` (and everything it starts) with these bindings on its log lines. */
export function withLogContext<T>(bindings: Record<string, string>, work: () => T, carrier?: unknown): T {
  return context.run({ bindings, ...(carrier === undefined ? {} : { carrier }) }, work);
}

/** What a request id a proxy sends may be: a UUID, a trace id, HAProxy's `%ID`; nothing to break a log line. */
const GIVEN_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Each request's id: the `X-Request-Id` a trusted proxy sent (TRUST_PROXY), so one id follows the request
 * through the proxy's logs and ours, else a new UUID. Without a trusted proxy a client's id is not taken: it
 * could pose as another request in the logs.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    if (trustProxy && typeof given === 'string' && GIVEN_REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}
