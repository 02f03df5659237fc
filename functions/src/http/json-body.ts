import express, { type RequestHandler } from 'express';
import { bodyError } from './errors';

/** application/json and application/*+json, with parameters. */
export const jsonType = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;
/** The largest JSON body any route accepts. */
export const jsonLimitBytes = 32 * 1024;

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
    // body-parser's errors carry a `type`, which the one table of errors.ts answers.
    parser(req, res, next);
  };
}

/** A JSON body as strict parsers take it: an object or an array, else 400. */
export function parseJsonBody(raw: Buffer): object {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw bodyError('entity.parse.failed');
  }
  if (typeof value !== 'object' || value === null) throw bodyError('entity.parse.failed');
  return value;
}
