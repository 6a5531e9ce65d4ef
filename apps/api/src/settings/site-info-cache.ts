import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The site information is public and read on every page load, but a saved setting must show on the next
 * load at once: browsers and proxies keep it and ask again each time (`no-cache`) with the ETag they
 * hold, and an unchanged answer is a bodiless 304. The ETag is a hash of the answer itself, so any
 * change of what it says (a save, the sandbox switching off) gives a new one.
 */
export function siteInfoEtag(answer: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names `etag` (or `*`); weak validators compare equal, as RFC 9110 says for GET. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * Marks an answer for revalidation and tells whether the caller already holds it: then the reply is
 * sent here as 304 without a body, and the handler returns the reply.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, answer: unknown): boolean {
  const etag = siteInfoEtag(answer);
  reply.header('Cache-Control', 'public, no-cache').header('ETag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return false;
  void reply.code(304).send();
  return true;
}
