import type { IncomingMessage } from 'node:http';

/**
 * Whether a GET's If-None-Match names `etag` (or is `*`): the client has this answer, and gets
 * 304 without a body. Tags compare weakly, as RFC 9110 has If-None-Match compare them. Unlike
 * Express's `req.fresh`, a request's own `Cache-Control: no-cache` does not make it stale: the
 * Fetch standard adds that header to every request that carries If-None-Match itself, and the
 * answer for such a client is still 304 while the tag matches.
 */
export function notModified(req: Pick<IncomingMessage, 'method' | 'headers'>, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
