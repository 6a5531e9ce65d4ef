import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { authenticationFailure } from './errors.ts';
import { isoSeconds, newAccessToken } from './ids.ts';
import type { AccessTokenRecord, SandboxState } from './state.ts';

/** PayPal's sandbox default REST app id. */
const APP_ID = 'APP-80W284485P519543T';
const SCOPE = [
  'https://uri.paypal.com/services/payments/payment/authcapture',
  'openid',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/applications/webhooks',
  'https://uri.paypal.com/services/payments/orders/client_sdk_orders_api',
].join(' ');

const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** The client id of valid `Basic base64(client_id:secret)` credentials. */
function basicClient(state: SandboxState, authorization: string | undefined): string | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  const clientId = decoded.slice(0, colon);
  const secret = state.config.clients[clientId];
  if (secret === undefined || !Object.hasOwn(state.config.clients, clientId)) return undefined;
  return sameSecret(decoded.slice(colon + 1), secret) ? clientId : undefined;
}

function grantTypeOf(request: FastifyRequest): unknown {
  const isForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
  const body = request.body;
  return isForm && typeof body === 'object' && body !== null ? (body as Record<string, unknown>).grant_type : undefined;
}

/** An unexpired token of the client, or a new one: PayPal hands out the same token until it expires. */
function tokenFor(state: SandboxState, clientId: string, now: number): AccessTokenRecord {
  for (const record of state.tokens.values()) if (record.clientId === clientId && record.expiresAt > now) return record;
  const record: AccessTokenRecord = {
    token: newAccessToken(),
    clientId,
    issuedAt: now,
    expiresAt: now + state.config.tokenTtlSeconds * 1000,
    nonce: `${isoSeconds(new Date(now))}${randomBytes(32).toString('base64url')}`,
  };
  state.tokens.set(record.token, record);
  return record;
}

/** POST /v1/oauth2/token: the client-credentials grant. */
export function registerOAuthRoutes(app: FastifyInstance, state: SandboxState): void {
  app.post('/v1/oauth2/token', async (request, reply) => {
    const clientId = basicClient(state, request.headers.authorization);
    if (clientId === undefined)
      return reply.status(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    const grantType = grantTypeOf(request);
    if (grantType === undefined || grantType === '') {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    if (grantType !== 'client_credentials') {
      return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'unsupported grant_type' });
    }
    const now = Date.now();
    const record = tokenFor(state, clientId, now);
    return {
      scope: SCOPE,
      access_token: record.token,
      token_type: 'Bearer',
      app_id: APP_ID,
      expires_in: Math.floor((record.expiresAt - now) / 1000),
      nonce: record.nonce,
    };
  });
}

/**
 * The `Authorization: Bearer` check of the REST calls, and the client each checked request came from
 * (orders belong to the client that created them).
 */
export function bearerAuth(state: SandboxState): { hook: onRequestAsyncHookHandler; clientOf: (request: FastifyRequest) => string } {
  const clients = new WeakMap<FastifyRequest, string>();
  const hook: onRequestAsyncHookHandler = async (request) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const record = token === undefined ? undefined : state.tokens.get(token);
    if (!record) throw authenticationFailure();
    if (record.expiresAt <= Date.now()) {
      state.tokens.delete(record.token);
      throw authenticationFailure();
    }
    clients.set(request, record.clientId);
  };
  const clientOf = (request: FastifyRequest): string => {
    const clientId = clients.get(request);
    if (clientId === undefined) throw authenticationFailure();
    return clientId;
  };
  return { hook, clientOf };
}
