import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis every instance shares (REDIS_URL), or null: each instance keeps such state in its own memory. */
    redis: Redis | null;
  }
}

/** Reaching Redis, and any one command, takes at most this long: a rate-limit check costs well under 1 ms. */
const CONNECT_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 500;

/**
 * The shared Redis of REDIS_URL as `app.redis` (null without it). Redis down or stalled never holds a
 * request or a start, nor crashes the process: a command fails at once while the connection is down (no
 * offline queue) and after COMMAND_TIMEOUT_MS when Redis stops answering, while the client reconnects in
 * the background (backing off to 5 s). Its users decide what a failed command means.
 */
export const redisPlugin = fp(
  async (app) => {
    const { redisUrl } = app.config;
    if (redisUrl === null) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // One line when Redis is lost and one when it is back, not one per reconnection attempt. Unheard,
    // the client's errors would be printed to stderr.
    let reachable = true;
    redis.on('error', (error: Error) => {
      if (!reachable) return;
      reachable = false;
      app.log.error({ err: error }, 'Redis unreachable: rate limits are not enforced until it answers again');
    });
    redis.on('ready', () => {
      if (reachable) return;
      reachable = true;
      app.log.info('Redis reachable again');
    });
    app.decorate('redis', redis);
    // Closed with the app: a connected client says QUIT and waits for the socket's end (at most a second);
    // one still trying to connect stops trying.
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') {
        const ended = new Promise((resolve) => redis.once('end', resolve));
        await redis.quit().catch(() => {});
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, CONNECT_TIMEOUT_MS)))]);
        clearTimeout(timer);
      }
      redis.disconnect();
    });

    // Connected before the first request is counted, but a start waits no longer than the connect timeout.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([redis.connect().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, CONNECT_TIMEOUT_MS)))]);
    clearTimeout(timer);
  },
  { name: 'redis', dependencies: ['config'] },
);
