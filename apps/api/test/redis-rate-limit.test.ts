import { randomBytes } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { waitFor } from './helpers/wait-for.ts';
import { freePort } from './helpers/ports.ts';

/**
 * The rate limits over a Redis that fails. The policy (plugins/external/rate-limit.ts) is to fail open:
 * while Redis cannot answer, rate-limited routes answer as if unlimited (the per-account sign-in throttle
 * in the database still holds), never hang past the client's timeouts and never crash the process.
 */

const LIMIT = 2;
/** A real Redis (global-setup.ts), for the tests that need one; null where none runs. */
const REDIS_URL = inject('redisUrl');
/** A real Redis's port, for the tests that need one. */
const redisPort = () => Number(new URL(REDIS_URL!).port || 6379);
/** This run's keys only, on the shared Redis. */
const KEY_PREFIX = `store-test-${process.pid}-${randomBytes(4).toString('hex')}:`;

let consoleError: MockInstance;
const closers: (() => Promise<void>)[] = [];
beforeEach(() => {
  // The Redis client prints unheard errors to stderr: the plugin must hear them all.
  consoleError = vi.spyOn(console, 'error');
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

/** A TCP service on loopback that runs `onSocket` for each connection; closed after the test. */
async function tcpService(onSocket: (socket: Socket) => void): Promise<{ port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as AddressInfo).port, sockets };
}


/**
 * The app with its rate limits in the Redis at `url`, and how long its Redis plugin took to load: what a failing
 * Redis adds to a start, read from Fastify's own plugin timings. (The whole start was compared with a start
 * without Redis before: on CI's loaded machine two starts alone differed by over 3 s.)
 */
async function buildWithRedis(url: string): Promise<{ t: TestApp; redisMs: number }> {
  const t = await build({ REDIS_URL: url, REDIS_KEY_PREFIX: KEY_PREFIX, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  closers.push(() => t.close());
  const line = /^[\s│├└─┬]*redis (\d+) ms$/m.exec(t.app.printPlugins());
  if (!line) throw new Error(`No timing of the redis plugin in:\n${t.app.printPlugins()}`);
  return { t, redisMs: Number(line[1]) };
}

/** The Redis client's connect timeout (plugins/redis.ts): the longest a start waits for Redis. */
const CONNECT_TIMEOUT_MS = 1000;

/** A failed sign-in under a name never used before (so the per-account throttle never answers), timed. */
async function signIn(t: TestApp): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: `nobody-${randomBytes(4).toString('hex')}`, password: 'wrong-password' },
  });
  return { status: response.statusCode, ms: performance.now() - started };
}

describe('rate limits while Redis fails', () => {
  it('start and answer every sign-in at once when nothing listens at REDIS_URL', async () => {
    const { t, redisMs } = await buildWithRedis(`redis://127.0.0.1:${await freePort()}`);
    // A refused connection is known at once: the start does not wait out the connect timeout.
    expect(redisMs).toBeLessThan(CONNECT_TIMEOUT_MS);
    for (let attempt = 0; attempt < LIMIT + 3; attempt += 1) {
      const answer = await signIn(t);
      // Uncounted: past the limit and still the sign-in's own answer, not 429 or 500.
      expect(answer.status).toBe(401);
      expect(answer.ms).toBeLessThan(1000);
    }
    expect(t.app.redis?.status).not.toBe('ready');
  });

  it('wait no longer than the connect timeout for a Redis that accepts but never answers', async () => {
    const silent = await tcpService(() => {});
    const { t, redisMs } = await buildWithRedis(`redis://127.0.0.1:${silent.port}`);
    expect(silent.sockets.size).toBe(1);
    // It waits out the connect timeout, and no longer.
    expect(redisMs).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(redisMs).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);
    for (let attempt = 0; attempt < LIMIT + 3; attempt += 1) {
      const answer = await signIn(t);
      expect(answer.status).toBe(401);
      expect(answer.ms).toBeLessThan(1000);
    }
  });

  it('give up on a count after the command timeout when Redis stops answering mid-way', async () => {
    // Answers the client's handshake, then never the rate-limit script (EVALSHA / EVAL). Each command is
    // an array of bulk strings (`*3\r\n$4\r\nINFO...`): its name is the first; the script itself may hold a `*`.
    const stalled = await tcpService((socket) =>
      socket.on('data', (chunk: Buffer) => {
        for (const [, name] of chunk.toString('latin1').matchAll(/(?:^|\r\n)\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)) {
          if (!/^EVAL/i.test(name!)) socket.write('+OK\r\n');
        }
      }),
    );
    const { t } = await buildWithRedis(`redis://127.0.0.1:${stalled.port}`);
    expect(t.app.redis?.status).toBe('ready');
    for (let attempt = 0; attempt < LIMIT + 1; attempt += 1) {
      const answer = await signIn(t);
      expect(answer.status).toBe(401);
      expect(answer.ms).toBeGreaterThanOrEqual(400);
      expect(answer.ms).toBeLessThan(1500);
    }
  });

  it.runIf(REDIS_URL)('count again once Redis is back', async () => {
    // A cable to the real Redis that the test can cut: when down, every connection is dropped at once.
    let down = false;
    const cable = await tcpService((socket) => {
      if (down) return socket.destroy();
      const redis = connect(redisPort(), new URL(REDIS_URL!).hostname);
      redis.on('error', () => socket.destroy());
      socket.on('close', () => redis.destroy());
      socket.pipe(redis).pipe(socket);
    });
    const { t } = await buildWithRedis(`redis://127.0.0.1:${cable.port}`);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signIn(t)).status).toBe(401);
    expect((await signIn(t)).status).toBe(429);

    down = true;
    for (const socket of cable.sockets) socket.destroy();
    await waitFor(() => t.app.redis?.status !== 'ready', 'the client to notice');
    const meanwhile = await signIn(t);
    expect(meanwhile.status).toBe(401);
    expect(meanwhile.ms).toBeLessThan(1000);

    down = false;
    // The client reconnects on its own, backing off up to 5 s between attempts.
    await waitFor(() => t.app.redis?.status === 'ready', 'the client to reconnect', 8000);
    // The count kept in Redis holds again.
    expect((await signIn(t)).status).toBe(429);
  });
});

describe('the Redis connection', () => {
  it('is null without REDIS_URL: the limits are counted in memory', async () => {
    const t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    closers.push(() => t.close());
    expect(t.app.redis).toBeNull();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signIn(t)).status).toBe(401);
    expect((await signIn(t)).status).toBe(429);
  });

  it.runIf(REDIS_URL)('is closed with the app', async () => {
    const { t } = await buildWithRedis(REDIS_URL!);
    const redis = t.app.redis!;
    expect(redis.status).toBe('ready');
    await t.app.close();
    expect(redis.status).toBe('end');
  });
});
