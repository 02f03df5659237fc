import express, { type RequestHandler } from 'express';
import { HttpError } from './errors';

/** application/json and application/*+json, with parameters. */
export const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;
/** The largest JSON body any route accepts. */
export const jsonLimitBytes = 32 * 1024;

/** body-parser's error types, answered with the API's own messages. */
const bodyErrors: Record<string, HttpError> = {
  'entity.too.large': new HttpError(413, 'Request body is too large'),
  'entity.parse.failed': new HttpError(400, 'Malformed JSON body'),
  'charset.unsupported': new HttpError(415, 'Unsupported charset'),
  'encoding.unsupported': new HttpError(415, 'Unsupported content encoding'),
  'request.aborted': new HttpError(400, 'Request aborted'),
  'request.size.invalid': new HttpError(400, 'Request aborted'),
};

/**
 * express.json() for bodies of at most `limit` bytes: strict (objects and arrays only),
 * UTF-8, not compressed. Bodies of other types, and any body of a GET or HEAD, are left
 * unread (req.body stays undefined, so validation answers). A body the platform already read (Cloud Functions) is left to
 * functionsBody, which applies the same rules to it.
 */
export function jsonBody(limit: number): RequestHandler {
  const parser = express.json({
    limit,
    strict: true,
    inflate: false,
    type: (req) => jsonType.test(req.headers['content-type'] ?? ''),
  });
  return (req, res, next) => {
    // No route reads a body on GET or HEAD: the busiest reads skip the parser's checks.
    if (req.readableEnded || req.method === 'GET' || req.method === 'HEAD') return next();
    parser(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const type = typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : '';
      next(bodyErrors[type] ?? error);
    });
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
