import type { Request, RequestHandler } from 'express';
import { bodyError } from '../http/errors';
import { jsonLimitBytes, jsonType, parseJsonBody } from '../http/json-body';

/**
 * Cloud Functions (and its emulator) read and parse every request body before the app
 * runs: JSON of any size up to 32 MB, text, forms and raw bytes, keeping the bytes in
 * `rawBody`. This restores what the app's own JSON parser would have made of it: JSON
 * objects and arrays up to 32 KB and nothing else. Uploads read `rawBody` themselves.
 */
export const functionsBody: RequestHandler = (req, _res, next) => {
  const raw: unknown = (req as Request & { rawBody?: unknown }).rawBody;
  if (!Buffer.isBuffer(raw) || !req.readableEnded) return next();
  if (!jsonType.test(req.get('content-type') ?? '') || raw.length === 0) {
    req.body = undefined;
    return next();
  }
  if (raw.length > jsonLimitBytes) return next(bodyError('entity.too.large'));
  try {
    req.body = parseJsonBody(raw);
  } catch (error) {
    return next(error);
  }
  next();
};
