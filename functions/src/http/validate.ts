import { limits, recordIdPattern } from '@site/domain';
import type { Request } from 'express';
import { z } from 'zod';
import { HttpError, validationError } from './errors';

/** Parses with a domain schema; unknown fields are dropped, failures become 400s. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** JSON bodies must be objects; anything else (arrays, strings, no body) is a 400. */
export function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

const idSchema = z.string().regex(recordIdPattern, 'Invalid id');

/** Ids in paths: anything that cannot be an id is a 404, like an id that does not exist. */
export function idParam(req: Request, name = 'id'): string {
  const result = idSchema.safeParse(req.params[name]);
  if (!result.success) throw new HttpError(404, 'Not found');
  return result.data;
}

export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${limits.listMaxLimit}`)
    .max(limits.listMaxLimit, `limit must be between 1 and ${limits.listMaxLimit}`)
    .default(limits.listDefaultLimit),
  cursor: z.string().min(1, 'Invalid cursor').max(500, 'Invalid cursor').optional(),
});

/**
 * The list query of a bare request's URL (no Express in front: see routes/reviews.ts), or null
 * where the Express route would answer otherwise: a repeated parameter (its 400) or values
 * the schema refuses (their 400s).
 */
export function listQueryOfUrl(url: string): z.output<typeof listQuerySchema> | null {
  const start = url.indexOf('?');
  const single: Record<string, string> = {};
  if (start !== -1) {
    for (const [key, value] of new URLSearchParams(url.slice(start + 1))) {
      if (key in single) return null;
      single[key] = value;
    }
  }
  const result = listQuerySchema.safeParse(single);
  return result.success ? result.data : null;
}

/** The query string as single values: a repeated (?a=1&a=2) or nested parameter is a 400. */
export function queryParams(req: Request): Record<string, string> {
  const single: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (typeof value !== 'string') throw new HttpError(400, `Repeated or nested query parameter: ${key}`, { [key]: 'Invalid value' });
    single[key] = value;
  }
  return single;
}

export function listQuery(req: Request) {
  return parse(listQuerySchema, queryParams(req));
}
