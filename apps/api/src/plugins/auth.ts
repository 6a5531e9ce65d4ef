import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { Access, Role } from '@store/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { findUserById } from '../auth/user-repository.ts';
import { AppError } from '../errors.ts';

/** The account behind a request, loaded from the database on every call (role and status are never taken from the token). */
export interface Caller {
  id: string;
  username: string;
  email: string;
  role: Role;
}

interface TokenPayload {
  sub: string;
  /** The account's token version when the token was issued; raising it ends every session. */
  ver: number;
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
    guard: (access: Access) => onRequestAsyncHookHandler;
    issueToken: (user: { id: string; token_version: number }) => string;
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
      const user = typeof payload.sub === 'string' ? await findUserById(app.db, payload.sub) : undefined;
      if (!user || !user.is_active || user.token_version !== payload.ver) {
        request.log.info({ userId: payload.sub }, 'authentication failed: account missing, disabled or session ended');
        throw unauthorized('Invalid authentication token');
      }
      return { id: user.id, username: user.username, email: user.email, role: user.role };
    }

    app.decorate('guard', (access: Access): onRequestAsyncHookHandler => {
      return async (request) => {
        if (access === 'public') return;
        if (access === 'optional') {
          if (request.headers.authorization) request.caller = await identify(request);
          return;
        }
        request.caller = await identify(request);
        if (access === 'admin' && request.caller.role !== 'admin') {
          request.log.warn({ userId: request.caller.id, url: request.url }, 'access denied: admin role required');
          throw new AppError('forbidden', 'Admin access required', 'forbidden');
        }
      };
    });

    app.decorate('issueToken', (user: { id: string; token_version: number }) => app.jwt.sign({ sub: user.id, ver: user.token_version }));

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
  { name: 'auth', dependencies: ['db', 'config'] },
);
