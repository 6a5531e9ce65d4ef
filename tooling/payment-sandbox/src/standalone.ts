import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { paymentSandbox } from './plugin.ts';
import { type PaymentSandboxOptions, type SandboxState, createStateWithConfig, normalizePublicUrl } from './state.ts';

export interface StartPaymentSandboxOptions extends Partial<PaymentSandboxOptions> {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface RunningPaymentSandbox {
  /** The base URL, without a trailing slash: PayPal's calls go to `${url}/v2/...`, CoinGate's to `${url}/coingate/v2`. */
  url: string;
  close(): Promise<void>;
  state: SandboxState;
  /** The HTTP server it listens with (to count connections, for one). */
  server: Server;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** The sandbox on its own HTTP server, at the root of its own Fastify instance (tests, demos). */
export async function startPaymentSandbox(options: StartPaymentSandboxOptions = {}): Promise<RunningPaymentSandbox> {
  const { port = 0, host = '127.0.0.1', publicUrl, ...sandboxOptions } = options;
  // The listening address is known only once listening: until then links would use a placeholder.
  const { state, config } = createStateWithConfig({ ...sandboxOptions, publicUrl: publicUrl ?? 'http://127.0.0.1' });
  const app = Fastify({ logger: false });
  await app.register(paymentSandbox, { state });
  await app.listen({ port, host });
  const url = `http://${urlHost(host)}:${(app.server.address() as AddressInfo).port}`;
  if (publicUrl === undefined) config.publicUrl = normalizePublicUrl(url);
  return { url, close: () => app.close(), state, server: app.server };
}
