import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalidRequest, issue } from './errors.ts';
import type { SandboxState } from './state.ts';

/** PayPal's limit on `PayPal-Request-Id`. */
const MAX_REQUEST_ID_LENGTH = 108;

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * PayPal's idempotency: the first success under a `PayPal-Request-Id` is kept, and a retry with the same id
 * gets that answer back with 200 instead of acting again. Failures are not kept, so a retry after one acts.
 */
export function idempotent(state: SandboxState, request: FastifyRequest, scope: string) {
  const requestId = headerOf(request, 'PayPal-Request-Id');
  if (requestId !== undefined && requestId.length > MAX_REQUEST_ID_LENGTH) {
    throw invalidRequest([issue('INVALID_STRING_MAX_LENGTH', { field: 'PayPal-Request-Id', value: requestId, location: 'header' })]);
  }
  const key = requestId ? `${scope} ${requestId}` : undefined;
  return {
    /** Answers the kept answer and returns true when this is a retry. */
    replayed(reply: FastifyReply): boolean {
      const stored = key === undefined ? undefined : state.requestIds.get(key);
      if (!stored) return false;
      void reply.status(200).send(structuredClone(stored.body));
      return true;
    },
    /** Keeps a snapshot of the answer (the resource changes later; the replay does not). */
    remember(body: unknown): void {
      if (key !== undefined) state.requestIds.set(key, { body: structuredClone(body), createdAt: Date.now() });
    },
  };
}
