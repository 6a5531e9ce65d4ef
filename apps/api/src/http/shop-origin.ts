import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The shop's address as the buyer sees it, for payment return links and mail: PUBLIC_URL when set
 * (required in production); otherwise where the request came from, so a buyer who reached the shop by
 * another name comes back there. The request's own origin honours X-Forwarded-* only with TRUST_PROXY
 * (Fastify's `request.protocol` and `request.host`); a browser's Origin header is taken when it is that
 * same origin or one of CORS_ORIGINS (a storefront deployed apart from the API).
 */
export function shopOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const own = `${request.protocol}://${request.host}`;
  const header = request.headers.origin;
  if (typeof header === 'string' && (header === own || app.config.corsOrigins.includes(header))) return header;
  return own;
}

/** Where links in mail lead when the order kept no origin (an order placed before origins were kept). */
export function fallbackOrigin(app: FastifyInstance): string {
  return app.config.publicUrl ?? `http://localhost:${app.config.port}`;
}
