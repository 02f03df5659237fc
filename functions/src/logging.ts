import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { safePath } from './http/safe-path';

export type { Logger } from 'pino';

/**
 * The embedded server's logger: one JSON object a line on stdout, written synchronously.
 * Nothing waits in a buffer, so a crash loses no line; and at exit there is nothing left to
 * flush: sonic-boom's exit flush retries a failed write for ever, which hung a server whose
 * log reader had gone away (an asynchronous stream was tried first).
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * One line per request: method, path (see safePath), status, duration and the request id,
 * which is also sent back as X-Request-Id so a caller can quote it. No headers, cookies or
 * bodies: they carry sessions and personal details.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    // A 500 is logged with its error and stack by the error handler, on its own line with the
    // same request id; pino-http's stand-in error ("failed with status code 500") adds nothing.
    customErrorMessage: (_req, _res, error) => (error.message === 'request aborted' ? 'request aborted' : 'request'),
    customErrorObject: (_req, _res, _error, value: Record<string, unknown>) => ({ ...value, err: undefined }),
    serializers: {
      // pino-http hands over its own summary of the request, whose url is Express's originalUrl.
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: safePath(req.url ?? '') }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
