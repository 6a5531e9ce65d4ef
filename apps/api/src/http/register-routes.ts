import { ErrorSchema, routeNames, routes, type ApiKeyScope, type RouteName, type RouteOutput, type Routes } from '@store/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { apiKeyOf, digestOf } from '../api-keys/api-keys.ts';
import { auditHook, decorateAuditChange, isAuditedRoute } from '../audit/audit-trail.ts';
import { AppError } from '../errors.ts';
import type { Caller } from '../plugins/auth.ts';
import { requestValidatorCompiler } from './request-validator.ts';

type Part<N extends RouteName, K extends string> = Routes[N] extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;

/** What a handler receives: the validated input of its route and the caller its guard identified. */
export interface HandlerContext<N extends RouteName> {
  params: Part<N, 'params'>;
  query: Part<N, 'querystring'>;
  body: Part<N, 'body'>;
  caller: Routes[N]['access'] extends 'user' | 'admin' ? Caller : Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<N extends RouteName> = (context: HandlerContext<N>) => Promise<RouteOutput<N>>;
/** One handler for every route of the contract table: a route without one is a compile error, not a 501 at run time. */
export type RouteHandlers = { [N in RouteName]: RouteHandler<N> };

/**
 * Requests made with an API key are counted per key (its digest), whatever address they come from; staff
 * sessions on the same routes are not counted (docs/decisions/056-api-keys.md).
 */
function apiKeyRateLimit(max: number) {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `api-key:${digestOf(apiKeyOf(request.headers.authorization) ?? '')}`,
    allowList: (request: FastifyRequest) => apiKeyOf(request.headers.authorization) === null,
  };
}

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', 'private, no-store');
}

/**
 * The schemas refuse numbers that are not finite (JSON.parse reads `1e999` as Infinity), but a value
 * the contract leaves open (a webhook's `resource`) is not checked: such a number is refused here,
 * after validation, before it reaches a handler or the database.
 */
async function refuseNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  for (const value of [request.params, request.query, request.body]) {
    const field = nonFiniteField(value, '');
    if (field !== null) throw new AppError('bad_request', `${field || 'The number'} must be a finite number`, 'validation_error');
  }
}

/** The path of the first number that is not finite, walked without recursion; null when there is none. */
function nonFiniteField(value: unknown, path: string): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'number' && !Number.isFinite(current)) return at;
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    for (const [key, child] of Object.entries(current)) stack.push([child, at ? `${at}.${key}` : key]);
  }
  return null;
}

/**
 * Registers every route of the contract table with its schemas, its guard and its handler. The guard
 * comes from the table's `access`, so no route is exposed without it; an admin path must be admin-only.
 * Every admin route that writes, and every admin export of buyers' data, is audited the same way (docs/decisions/029-audit-trail.md).
 */
export function registerRoutes(app: FastifyInstance, handlers: RouteHandlers): void {
  decorateAuditChange(app);
  for (const name of routeNames) {
    const route = routes[name];
    if (route.path.startsWith('/api/admin/') && route.access !== 'admin') {
      throw new Error(`Route ${name} (${route.path}) is under /api/admin but its access is ${route.access}`);
    }
    const handler = handlers[name] as RouteHandler<RouteName>;
    const def = route as Routes[RouteName] & {
      params?: TSchema;
      querystring?: TSchema;
      body?: TSchema;
      rateLimited?: true;
      twoFactorEnrolment?: true;
      apiKeyScope?: ApiKeyScope;
      auditedRead?: true;
    };
    app.route({
      method: def.method,
      url: def.path,
      // What the server validates and serialises with; the OpenAPI document is written from the same table (src/openapi/document.ts).
      schema: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.querystring ? { querystring: def.querystring } : {}),
        ...(def.body ? { body: def.body } : {}),
        response: { [def.status]: def.response, '4xx': ErrorSchema, '5xx': ErrorSchema },
      },
      // TypeBox checks the input as the forms do (not Fastify's Ajv): see request-validator.ts.
      validatorCompiler: requestValidatorCompiler,
      config: def.rateLimited
        ? { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } }
        : def.apiKeyScope
          ? { rateLimit: apiKeyRateLimit(app.config.apiKeyRateLimitPerMinute) }
          : {},
      // Answers carry keys, download links, tokens or personal data: no cache keeps them unless a handler
      // says otherwise for public data (site info). Set first, so error answers carry it too.
      onRequest: [noStore, app.guard(def.access, { twoFactorEnrolment: def.twoFactorEnrolment === true, apiKeyScope: def.apiKeyScope })],
      preHandler: refuseNonFiniteNumbers,
      // A staff change (or export): its answer, whatever it is, is recorded in the audit trail before it is sent (a stream, when it ends).
      ...(isAuditedRoute(def) ? { onSend: auditHook(app, name) } : {}),
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          caller: request.caller,
          request,
          reply,
        });
        // A handler that answered itself (a file, a redirect) or chose its status (206) keeps it.
        if (reply.sent) return reply;
        if (reply.statusCode === 200) reply.status(def.status);
        return def.status === 204 ? reply.send() : result;
      },
    });
  }
}
