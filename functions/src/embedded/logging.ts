import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import pretty from 'pino-pretty';
import type { Log } from '../ports/log';
import { safePath } from '../http/safe-path';

export type { Logger } from 'pino';

/**
 * The embedded server's logger: one JSON object a line on stdout, written synchronously.
 * Nothing waits in a buffer, so a crash loses no line; and at exit there is nothing left to
 * flush: sonic-boom's exit flush retries a failed write for ever, which hung a server whose
 * log reader had gone away (an asynchronous stream was tried first).
 *
 * When stdout is a terminal, a person reads it: the same lines through pino-pretty, also
 * written synchronously and in this thread (not a transport's worker, which would need its
 * own entry file beside the esbuild bundle).
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ??
      (process.stdout.isTTY
        ? pretty({
            sync: true,
            destination: 1,
            translateTime: 'SYS:HH:MM:ss.l',
            // A request on one line: "request GET /api/health 200 3 ms", its id below.
            messageFormat:
              '{msg}{if req.method} {req.method} {req.path}{end}{if res.status} {res.status}{end}{if durationMs} {durationMs} ms{end}',
            ignore: 'pid,req,res,durationMs',
          })
        : pino.destination({ dest: 1, sync: true })),
  );
}

/**
 * One line per request: method, path (see safePath), status, duration and the request id,
 * which is also sent back as X-Request-Id so a caller can quote it. No headers, cookies or
 * bodies: they carry sessions and personal details. Errors logged during the request through
 * `req.log` carry the same request id.
 *
 * pino-http, configured to cost little on every request (the API's busiest reads do little
 * else):
 * - it runs in front of Express (see withRequestLog), not as Express middleware;
 * - one child logger per request, bound to the request id only: the id is the request's
 *   binding (`customAttributeKeys.req`), so pino-http makes no second child;
 * - the serializers read the request and response themselves (`wrapSerializers: false`):
 *   pino-http's default wrappers first copy every header into objects the line leaves out.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    wrapSerializers: false,
    customAttributeKeys: { req: 'requestId', responseTime: 'durationMs' },
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // pino-http reports a connection closed before the answer was sent as a success, with
    // the status that was never sent (200 by default): say it was aborted, without one.
    customSuccessMessage: (_req, res) => (res.writableEnded ? 'request' : 'request aborted'),
    customSuccessObject: (req, res, value: Record<string, unknown>) =>
      res.writableEnded ? { req: requestSummary(req), ...value } : { req: requestSummary(req), ...value, res: undefined },
    // A 500 is logged with its error and stack by the error handler, on its own line with the
    // same request id; pino-http's stand-in error ("failed with status code 500") adds nothing.
    customErrorMessage: (_req, _res, error) => (error.message === 'request aborted' ? 'request aborted' : 'request'),
    customErrorObject: (req, _res, _error, value: Record<string, unknown>) => ({ req: requestSummary(req), ...value, err: undefined }),
    serializers: {
      requestId: (req: IncomingMessage & { id?: unknown }) => req.id,
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
  });
}

/** Method and path, with Express's originalUrl: the path as asked, before a router strips its mount point. */
function requestSummary(req: IncomingMessage & { originalUrl?: string }) {
  return { method: req.method, path: safePath(req.originalUrl ?? req.url ?? '') };
}

/**
 * `handler` (the Express app) with the request log in front of it. pino-http adds its
 * properties (id, log, ...) to the request and response before Express gives them its own
 * prototypes: added after that, the same assignments measured several times slower in V8,
 * and made up most of the request log's cost on a small request.
 */
export function withRequestLog(logger: Logger, handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const log = requestLogger(logger);
  return (req: IncomingMessage, res: ServerResponse) => log(req, res, () => handler(req, res));
}

/** The app's `log` on `logger`: inside a request through pino-http's child logger, so the line carries the request id. */
export function appLog(logger: Logger): Log {
  return (message, error, req) => {
    const target = req?.log ?? logger;
    if (error === undefined) target.warn(message);
    else target.error({ err: error }, message);
  };
}
