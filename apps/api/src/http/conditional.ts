import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GETs (RFC 9110 §13): an ETag derived from the content, and 304 Not Modified when the
 * client's If-None-Match names it — the web app's files and page (http/spa.ts), image files and catalogue
 * previews. The tags are weak: they stand for the content in every coding it is sent in.
 */

/** A weak ETag of some bytes. */
export function etagOf(bytes: Buffer | Uint8Array | string): string {
  return `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header matches `etag` (weak comparison, `*` matches any). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sets the answer's ETag and answers 304 without a body when the request (GET or HEAD) already has it;
 * true when it did. Set the headers a 200 would carry (Cache-Control, Content-Type, Vary) first.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  void reply.code(304).send();
  return true;
}
