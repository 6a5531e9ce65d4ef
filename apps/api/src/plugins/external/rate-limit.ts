import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Rate limits per route, not globally: only the routes the contract marks `rateLimited` (sign-in and the
 * like) get one, set by `registerRoutes` from AUTH_RATE_LIMIT_PER_MINUTE.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
