import { fieldErrors, type ApiError } from '@site/domain';
import type { ErrorRequestHandler, Response } from 'express';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { z } from 'zod';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  InvalidError,
  NotFoundError,
  NotSignedInError,
  StorageFullError,
  TooLargeError,
  TooManyError,
  UnavailableError,
  UnsupportedTypeError,
} from '../ports/errors';
import { safePath } from './safe-path';

/** An error with the status and message the client sees. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function validationError(error: z.ZodError): HttpError {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0] ?? 'Invalid request';
  return new HttpError(400, first, errors);
}

export function sendError(res: Response, status: number, body: ApiError, headers?: Record<string, string>) {
  if (headers) res.set(headers);
  res.status(status).json(body);
}

/** The status of each kind of refusal the services and adapters throw: the one place they meet HTTP. */
const domainStatuses: ReadonlyArray<[abstract new (...args: never[]) => DomainError, number]> = [
  [InvalidError, 400],
  [NotSignedInError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [GoneError, 410],
  [TooLargeError, 413],
  [UnsupportedTypeError, 415],
  [TooManyError, 429],
  [StorageFullError, 507],
  [UnavailableError, 503],
];

/**
 * Body-parser failures carry a `type`; map each to the status a client should see. The one
 * table of them: the embedded server's parser and the Cloud Functions' already-read bodies
 * (bodyError) answer from it alike.
 */
const bodyParserErrors: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Malformed JSON body'],
  'entity.too.large': [413, 'Request body is too large'],
  'encoding.unsupported': [415, 'Unsupported content encoding'],
  'charset.unsupported': [415, 'Unsupported charset'],
  'request.aborted': [400, 'Request aborted'],
  'request.size.invalid': [400, 'Request size did not match Content-Length'],
  'stream.encoding.set': [500, 'Internal error'],
  'parameters.too.many': [413, 'Too many parameters'],
};

/** The answer to a body-parser failure of this type, for a body parsed outside body-parser. */
export function bodyError(type: 'entity.parse.failed' | 'entity.too.large'): HttpError {
  const [status, message] = bodyParserErrors[type];
  return new HttpError(status, message);
}

export function errorHandler(log: (message: string, error: unknown, req: IncomingMessage) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      return sendError(res, error.status, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.headers);
    }
    if (error instanceof z.ZodError) {
      const mapped = validationError(error);
      return sendError(res, 400, { message: mapped.message, errors: mapped.errors });
    }
    if (error instanceof DomainError) {
      const status = domainStatuses.find(([kind]) => error instanceof kind)?.[1];
      if (status) {
        const retryAfter = error instanceof TooManyError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
        return sendError(
          res,
          status,
          { ...error.extra, message: error.message, ...(error.fields ? { errors: error.fields } : {}) },
          retryAfter,
        );
      }
    }
    const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
    if (typeof type === 'string' && bodyParserErrors[type]) {
      const [status, message] = bodyParserErrors[type];
      if (status < 500) return sendError(res, status, { message });
    }
    // Express and the libraries it uses mark what the client got wrong with a 4xx `status`
    // (a path whose %-escapes do not decode, say): the status, with its standard phrase only.
    const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(res, status, { message: STATUS_CODES[status] ?? 'Bad request' });
    }
    // The stack goes to the log only; the caller learns nothing of the server's insides.
    log(`${req.method} ${safePath(req.originalUrl)} failed`, error, req);
    sendError(res, 500, { message: 'Something went wrong on our side. Please try again.' });
  };
}
