import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { Access, ApiKeyScope, Role } from '@store/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyOf, authenticateApiKey, type ActiveApiKey, type KeyRefusal } from '../api-keys/api-keys.ts';
import { AppError } from '../errors.ts';
import { readSettings } from '../settings/settings-repository.ts';

/** The account behind a request, loaded from the database on every call (role and status are never taken from the token). */
export interface Caller {
  id: string;
  username: string;
  email: string;
  role: Role;
  /** The session the request's token names: logout ends it. */
  sessionId: string;
  /** The account signs in with a second factor (docs/decisions/030-two-factor-sign-in.md). */
  twoFactorEnabled: boolean;
  /**
   * The API key the request was made with (docs/decisions/056-api-keys.md): the account above is the staff member
   * who made the key, whose rights it borrows within its scopes; the audit trail names the key as the actor.
   */
  apiKey?: ActiveApiKey;
}

/** What a route's guard needs to know besides its access. */
export interface GuardOptions {
  /** An admin route open to staff who must still set up two-factor sign-in (the setup routes). */
  twoFactorEnrolment?: boolean;
  /** The scope an API key needs for this (admin) route; without one the route refuses keys. */
  apiKeyScope?: ApiKeyScope | undefined;
}

interface TokenPayload {
  sub: string;
  /** The session row behind the token: deleting it ends the session at once, whatever the token's expiry. */
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one guard every route is registered with, chosen by its `access` in the contract table. */
    guard: (access: Access, options?: GuardOptions) => onRequestAsyncHookHandler;
    /** Opens a session for the account and answers its signed access token. */
    startSession: (user: { id: string }, ip: string) => Promise<string>;
    /** HMAC-SHA256 of `value` for one purpose (order access, download links), base64url; keyed from the server secret. */
    sign: (purpose: string, value: string) => string;
    /** Checks a signature made by `sign`, in constant time. */
    verifySigned: (purpose: string, value: string, signature: string) => boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const unauthorized = (detail = 'Not authenticated') => new AppError('unauthorized', detail, 'unauthorized');
/** What a refused key's answer says: enough for its owner to act, nothing about other keys. */
const KEY_REFUSALS: Record<KeyRefusal, string> = {
  unknown: 'This API key is not valid.',
  revoked: 'This API key has been revoked.',
  expired: 'This API key has expired.',
  owner: 'This API key no longer works: the staff account that created it is no longer active staff.',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the JWT secret from config, or from the database where the first start stored a random one. */
async function resolveSecret(app: FastifyInstance): Promise<string> {
  if (app.config.jwtSecret) return app.config.jwtSecret;
  const generated = randomBytes(48).toString('base64url');
  await app.db.insertInto('app_meta').values({ key: 'jwt_secret', value: generated }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await app.db.selectFrom('app_meta').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return row.value;
}

export const authPlugin = fp(
  async (app) => {
    const secret = await resolveSecret(app);
    await app.register(jwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: app.config.jwtTtlSeconds },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('caller', null);

    async function identify(request: FastifyRequest): Promise<Caller> {
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch (error) {
        const code = (error as { code?: string }).code;
        request.log.info({ reason: code }, 'authentication failed');
        if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') throw unauthorized('Your session has expired. Please log in again.');
        if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw unauthorized('Not authenticated');
        throw unauthorized('Invalid authentication token');
      }
      // One query: the session must still exist and be unexpired, and its account active.
      const user =
        // Ids are checked before they reach the database: a token signed with our key may still carry odd claims.
        typeof payload.sub === 'string' && typeof payload.sid === 'string' && UUID.test(payload.sub) && UUID.test(payload.sid)
          ? await app.db
              .selectFrom('sessions')
              .innerJoin('users', 'users.id', 'sessions.user_id')
              .select(['users.id', 'users.username', 'users.email', 'users.role', 'users.is_active', 'users.totp_enabled_at'])
              .where('sessions.id', '=', payload.sid)
              .where('sessions.user_id', '=', payload.sub)
              .where('sessions.expires_at', '>', new Date())
              .executeTakeFirst()
          : undefined;
      if (!user || !user.is_active) {
        request.log.info({ userId: payload.sub }, 'authentication failed: account missing, disabled or session ended');
        throw unauthorized('Invalid authentication token');
      }
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        sessionId: payload.sid,
        twoFactorEnabled: user.totp_enabled_at !== null,
      };
    }

    /** A request made with an API key: the key must work, the route take keys, and the key hold its scope. */
    async function identifyKey(request: FastifyRequest, secret: string, access: Access, scope: ApiKeyScope | undefined): Promise<Caller> {
      const key = await authenticateApiKey(app.db, secret);
      if (typeof key === 'string') {
        request.log.info({ reason: key }, 'API key refused');
        throw unauthorized(KEY_REFUSALS[key]);
      }
      if (access !== 'admin' || scope === undefined) {
        request.log.warn({ apiKeyId: key.id, url: request.url }, 'API key refused: the route takes a staff session');
        throw new AppError('forbidden', 'This route takes a staff session, never an API key.', 'api_key_not_allowed');
      }
      if (!key.scopes.includes(scope)) {
        request.log.warn({ apiKeyId: key.id, url: request.url, scope }, 'API key refused: scope missing');
        throw new AppError('forbidden', `This API key does not have the ${scope} scope.`, 'api_key_scope_missing');
      }
      const { id, username, email } = key.createdBy;
      // Made by staff who passed the store's two-factor rule; the key itself is the second thing the caller holds.
      return { id, username, email, role: 'admin', sessionId: '', twoFactorEnabled: true, apiKey: key };
    }

    app.decorate('guard', (access: Access, { twoFactorEnrolment = false, apiKeyScope }: GuardOptions = {}): onRequestAsyncHookHandler => {
      return async (request) => {
        if (access === 'public') return;
        const key = apiKeyOf(request.headers.authorization);
        if (key !== null) {
          request.caller = await identifyKey(request, key, access, apiKeyScope);
          return;
        }
        if (access === 'optional') {
          if (request.headers.authorization) request.caller = await identify(request);
          return;
        }
        request.caller = await identify(request);
        if (access === 'admin' && request.caller.role !== 'admin') {
          request.log.warn({ userId: request.caller.id, url: request.url }, 'access denied: admin role required');
          throw new AppError('forbidden', 'Admin access required', 'forbidden');
        }
        // The store requires two-factor sign-in of staff: an admin without it may only set it up (docs/decisions/030).
        if (access === 'admin' && !twoFactorEnrolment && !request.caller.twoFactorEnabled) {
          if ((await readSettings(app.db, app.dataCipher)).require_staff_two_factor) {
            request.log.warn({ userId: request.caller.id, url: request.url }, 'access denied: two-factor sign-in to set up first');
            throw new AppError(
              'forbidden',
              'The store requires two-factor sign-in for staff. Set it up under Security before anything else.',
              'two_factor_enrolment_required',
            );
          }
        }
      };
    });

    app.decorate('startSession', async (user: { id: string }, ip: string) => {
      const session = await app.db
        .insertInto('sessions')
        .values({ user_id: user.id, expires_at: new Date(Date.now() + app.config.jwtTtlSeconds * 1000), ip })
        .returning('id')
        .executeTakeFirstOrThrow();
      return app.jwt.sign({ sub: user.id, sid: session.id });
    });

    // One key per purpose, derived from the server secret, so a download signature can never open an order.
    const keyFor = (purpose: string) => createHmac('sha256', secret).update(`purpose:${purpose}`).digest();
    const sign = (purpose: string, value: string) => createHmac('sha256', keyFor(purpose)).update(value).digest('base64url');
    app.decorate('sign', sign);
    app.decorate('verifySigned', (purpose: string, value: string, signature: string) => {
      const expected = Buffer.from(sign(purpose, value));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  },
  { name: 'auth', dependencies: ['db', 'config', 'data-encryption'] },
);
