import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from '@store/contracts';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { readinessChecker } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this instance is in its life: started, and whether it is shutting down. */
    lifecycle: Lifecycle;
    /** Runs the readiness checks (shared by concurrent callers for a second). */
    readiness: () => Promise<Readiness>;
    /** The address of the metrics listener (METRICS_PORT), once listening; null without one. */
    metricsAddress: () => AddressInfo | null;
  }
}

export interface Lifecycle {
  readonly startedAt: Date;
  readonly shuttingDown: boolean;
  /**
   * Turns the instance not ready (`/readyz` answers 503 from now on); `deadline` is when the process will exit
   * whatever is still running: downloads in flight are given until shortly before it.
   */
  beginShutdown(deadline: Date): void;
  /** When the process will exit, once shutting down; null before. */
  readonly deadline: Date | null;
}

function createLifecycle(): Lifecycle {
  let deadline: Date | null = null;
  return {
    startedAt: new Date(),
    get shuttingDown() {
      return deadline !== null;
    },
    get deadline() {
      return deadline;
    },
    beginShutdown(at) {
      deadline ??= at;
    },
  };
}

/** For machines: never cached, never indexed. */
const machineHeaders = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');

/** Compares a presented bearer token with the configured one in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/livez`, `/readyz` and `/metrics` for load balancers, orchestrators and Prometheus (docs/decisions/058-operations.md):
 * - `/livez` (and the older name `/healthz`): 200 while the process can answer at all; nothing else is checked,
 *   so an orchestrator never restarts an instance for a database outage it cannot fix by restarting.
 * - `/readyz`: 200 `ready` or 503 `not_ready`, with each check and its time (operations/readiness.ts).
 * - `/metrics`: on the public port only with METRICS_TOKEN as a bearer token; on METRICS_PORT, a listener of
 *   its own (loopback by default), without one. Otherwise 404: the metrics name routes and volumes.
 * Their requests are logged at warn and above only (a probe every second would drown the log), and no rate
 * limit applies (the limits are per route, and these have none).
 */
export const healthRoutesPlugin = fp(
  async (app) => {
    const lifecycle = createLifecycle();
    app.decorate('lifecycle', lifecycle);
    app.decorate('readiness', readinessChecker(app));

    const quiet = { schema: { hide: true }, logLevel: 'warn' } as const;
    const live = async (_request: unknown, reply: FastifyReply) => machineHeaders(reply).send({ status: 'live' });
    app.get('/livez', quiet, live);
    app.get('/healthz', quiet, live);
    app.get('/readyz', quiet, async (_request, reply) => {
      const readiness = await app.readiness();
      return machineHeaders(reply)
        .code(readiness.status === 'ready' ? 200 : 503)
        .send(readiness);
    });

    const { metricsToken, metricsPort, metricsHost, metricsEnabled } = app.config;
    app.get('/metrics', quiet, async (request, reply) => {
      if (metricsToken === null) {
        throw new AppError(
          'not_found',
          metricsEnabled
            ? 'Metrics are not served on this port: set METRICS_PORT for a listener of their own, or METRICS_TOKEN to serve them here to that bearer token'
            : 'Metrics are off (METRICS_ENABLED=false)',
          'route_not_found',
        );
      }
      if (!bearerMatches(request.headers.authorization, metricsToken)) {
        throw new AppError('unauthorized', 'Send the metrics token as `Authorization: Bearer <METRICS_TOKEN>`', 'unauthorized', {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      }
      return machineHeaders(reply).type(app.metrics.contentType).send(await app.metrics.text());
    });

    let server: Server | null = null;
    app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
    if (metricsPort === null) return;
    // A bare listener: nothing of the shop is reachable through it, and nothing it answers is logged.
    server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here\n');
        return;
      }
      app.metrics.text().then(
        (text) => response.writeHead(200, { 'Content-Type': app.metrics.contentType, 'Cache-Control': 'no-store' }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be collected');
          response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
        },
      );
    });
    const listening = server;
    // On ready, not on listen: a port that cannot be taken fails the start (onListen's errors are only logged).
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(metricsPort, metricsHost, () => {
          listening.off('error', reject);
          resolve();
        });
      });
      const address = listening.address() as AddressInfo;
      app.log.info({ host: address.address, port: address.port }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      if (!listening.listening) return;
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
    });
  },
  { name: 'health-routes', dependencies: ['config', 'errors', 'metrics'] },
);
