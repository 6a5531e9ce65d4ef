import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Rate limits per route, not globally: only the routes the contract marks `rateLimited` (sign-in and the
 * like) get one, set by `registerRoutes` from AUTH_RATE_LIMIT_PER_MINUTE. With REDIS_URL the counts live in
 * Redis, so instances behind one load balancer share each limit; without it, in this instance's memory.
 *
 * While Redis fails, requests pass uncounted (fail open, `skipOnError`): failing closed would turn a Redis
 * outage into an outage of sign-in, registration and checkout for every shopper, and password guessing
 * stays stopped meanwhile by the per-account sign-in throttle in PostgreSQL (auth/login-throttle.ts).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);
