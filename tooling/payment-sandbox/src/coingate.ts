import type { FastifyInstance } from 'fastify';
import type { SandboxState } from './state.ts';

/**
 * CoinGate v2's credentials test at <prefix>/coingate/v2/auth/test. CoinGate documents `Token <key>`; its
 * official SDKs send `Bearer <key>`: both are accepted.
 */
export function registerCoingateRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/coingate/v2/auth/test', async (request, reply) => {
    const key = /^(?:Token|Bearer)\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (key !== undefined && state.config.coingateKeys.includes(key)) {
      return reply.status(200).type('application/json; charset=utf-8').send('true');
    }
    return reply.status(401).send({ message: 'Auth Token is not valid', reason: 'BadAuthToken' });
  });
}
