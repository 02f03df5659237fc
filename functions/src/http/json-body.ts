import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/** application/json and application/*+json, with parameters. */
export const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;
/** The largest JSON body any route accepts. */
export const jsonLimitBytes = 32 * 1024;
const charsetParam = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * Reads a JSON body of at most `limit` bytes into req.body: UTF-8 only, objects and arrays
 * only, as express.json({strict: true}) would, with less machinery on the hot path. Bodies
 * of other types are left unread (req.body stays undefined, so validation answers). A body
 * the platform already read (Cloud Functions) is left to its own parser.
 */
export function jsonBody(limit: number): RequestHandler {
  return (req, _res, next) => {
    if (req.body !== undefined || req.readableEnded) return next();
    const type = req.headers['content-type'];
    if (!type || !jsonType.test(type)) return next();

    const fail = (error: HttpError) => {
      // Keep reading (and discarding) so the client receives the answer.
      req.resume();
      next(error);
    };
    const charset = charsetParam.exec(type)?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return fail(new HttpError(415, 'Unsupported charset'));
    const encoding = req.headers['content-encoding'];
    if (encoding && encoding.toLowerCase() !== 'identity') return fail(new HttpError(415, 'Unsupported content encoding'));
    const declared = Number(req.headers['content-length']);
    if (declared > limit) return fail(new HttpError(413, 'Request body is too large'));

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error?: HttpError) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      if (error) return fail(error);
      if (size === 0) return next();
      try {
        req.body = parseJsonBody(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
      } catch (parseError) {
        return next(parseError);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(new HttpError(413, 'Request body is too large'));
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish());
    req.once('aborted', () => finish(new HttpError(400, 'Request aborted')));
    req.once('error', () => finish(new HttpError(400, 'Request aborted')));
  };
}

/** A JSON body as strict parsers take it: an object or an array, else 400. */
export function parseJsonBody(raw: Buffer): object {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (typeof value !== 'object' || value === null) throw new HttpError(400, 'Malformed JSON body');
  return value;
}
