import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../env.ts';

/*
 * Where links in mail and payment return addresses lead (docs/decisions/034-links-only-to-the-shop.md):
 * PUBLIC_URL when set (required in production); otherwise the origin the request came from, but only when
 * the operator's allow-list has it, and the default origin for any other. A request's Host (or, with
 * TRUST_PROXY, its X-Forwarded-Host) is something anyone can write: a reset asked for with
 * `Host: evil.example` must still mail a link to the shop.
 */

type OriginConfig = Pick<Config, 'publicUrl' | 'host' | 'port' | 'corsOrigins' | 'allowedHosts'>;

/** The allow-list: hosts (any of http and https) and exact origins, and where links lead otherwise. */
export interface LinkOrigins {
  /** `host[:port]` as a URL writes it: the listen address and ALLOWED_HOSTS. */
  hosts: ReadonlySet<string>;
  /** Exact origins (scheme included): CORS_ORIGINS. */
  origins: ReadonlySet<string>;
  /** PUBLIC_URL, or the listen address. */
  fallback: string;
}

/** Listening on every interface: links cannot name that address, they name localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** `host:port` as a URL writes it (an IPv6 address in brackets), or null for a HOST no URL can name. */
function hostAndPort(host: string, port: number): string | null {
  try {
    return new URL(`http://${isIPv6(host) ? `[${host}]` : host}:${port}`).host;
  } catch {
    return null;
  }
}

/** The allow-list of a configuration: built once, every request reads it. */
export function linkOrigins(config: OriginConfig): LinkOrigins {
  const named = WILDCARD_HOSTS.has(config.host) ? null : hostAndPort(config.host, config.port);
  const local = hostAndPort('localhost', config.port)!;
  const hosts = new Set([local, hostAndPort('127.0.0.1', config.port)!, hostAndPort('::1', config.port)!, named ?? local]);
  for (const host of config.allowedHosts) hosts.add(host);
  const origins = new Set<string>();
  for (const origin of config.corsOrigins) {
    const allowed = originOf(origin);
    if (allowed) origins.add(allowed.origin);
  }
  return { hosts, origins, fallback: config.publicUrl ?? `http://${named ?? local}` };
}

/** `text` as an http(s) origin and nothing more (no path, no credentials), or null. */
function originOf(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  return url;
}

/** `candidate` written as an origin when the allow-list has it, else null. */
export function allowedOrigin(allowed: LinkOrigins, candidate: string): string | null {
  const url = originOf(candidate);
  if (!url) return null;
  return allowed.origins.has(url.origin) || allowed.hosts.has(url.host) ? url.origin : null;
}

const built = new WeakMap<OriginConfig, LinkOrigins>();

function originsOf(app: FastifyInstance): LinkOrigins {
  let origins = built.get(app.config);
  if (!origins) {
    origins = linkOrigins(app.config);
    built.set(app.config, origins);
  }
  return origins;
}

/**
 * The shop's address as the buyer sees it, for payment return links and mail. Without PUBLIC_URL: the
 * browser's Origin, or the request's own origin (Fastify's `request.protocol` and `request.host`, which
 * follow X-Forwarded-* only with TRUST_PROXY), when the allow-list has it; the default origin otherwise,
 * so the answer and the mail's recipient are the same whatever host was named, and only the link differs.
 */
export function shopOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const allowed = originsOf(app);
  const browser = request.headers.origin;
  const fromBrowser = typeof browser === 'string' ? allowedOrigin(allowed, browser) : null;
  if (fromBrowser) return fromBrowser;
  const own = allowedOrigin(allowed, `${request.protocol}://${request.host}`);
  if (own) return own;
  request.log.warn(
    { host: String(request.host).slice(0, 200) },
    'links lead to the default origin: the request named a host that is not allowed (set PUBLIC_URL or ALLOWED_HOSTS)',
  );
  return allowed.fallback;
}

/**
 * Where links in a mail composed later lead: the origin the order kept when the allow-list still has it
 * (it may predate the list, or the list may have changed since), PUBLIC_URL or the default origin otherwise.
 */
export function fallbackOrigin(app: FastifyInstance, kept?: string | null): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const allowed = originsOf(app);
  return (kept ? allowedOrigin(allowed, kept) : null) ?? allowed.fallback;
}
