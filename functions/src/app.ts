import express, { type RequestHandler } from 'express';
import { Sessions } from './auth/sessions';
import { errorHandler, notFound } from './http/errors';
import { jsonBody, jsonLimitBytes } from './http/json-body';
import { createLimits, memoryHitCounter, type HitCounter } from './http/rate-limit';
import { sameOrigin, securityHeaders } from './http/security';
import type { ChangeFeed } from './ports/change-feed';
import type { ClientAuth } from './ports/client-auth';
import { systemClock, type Clock } from './ports/clock';
import type { ObjectStore } from './ports/object-store';
import type { Store } from './ports/store';
import { authRoutes } from './routes/auth';
import type { Delivery, RouteContext } from './routes/context';
import { eventRoutes } from './routes/events';
import { leadRoutes } from './routes/leads';
import { messageRoutes } from './routes/messages';
import { modelRoutes } from './routes/models';
import { objectRoutes, uploadRoutes } from './routes/objects';
import { reviewRoutes } from './routes/reviews';
import { visitorRoutes } from './routes/visitors';
import { withChangeFeed } from './services/live-store';
import { Uploads } from './services/uploads';

export interface AppOptions {
  /** Express `trust proxy`: false, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  /** Origins other than the request's own that may send state-changing requests. */
  allowedOrigins: readonly string[];
  sessionTtlSeconds: number;
  /** Form submissions (inquiry, quote, review) per IP per 10 minutes. */
  formRateLimit: number;
  /** Recorded visits per IP per minute. */
  visitRateLimit: number;
  /** Failed logins per username per 15 minutes; per IP, four times this. */
  loginRateLimit: number;
  heartbeatMs: number;
}

export const defaultAppOptions: AppOptions = {
  trustProxy: false,
  allowedOrigins: [],
  sessionTtlSeconds: 7 * 24 * 3600,
  formRateLimit: 20,
  visitRateLimit: 120,
  loginRateLimit: 5,
  heartbeatMs: 15_000,
};

export interface AppDeps {
  store: Store;
  objects: ObjectStore;
  feed: ChangeFeed;
  delivery: Delivery;
  clock?: Clock;
  log?: (message: string, error?: unknown) => void;
  options?: Partial<AppOptions>;
  /** Firebase mode: login also returns a custom token for the browser's Firebase Auth. */
  clientAuth?: ClientAuth;
  /** Serves the site's pages after the API (embedded mode). */
  site?: RequestHandler;
  /** Where rate-limit counts live: this process by default, Firestore in Firebase mode. */
  hitCounter?: HitCounter;
}

/** The whole HTTP API as an Express app. Adapters come from the entry point. */
export function createApp(deps: AppDeps) {
  const options = { ...defaultAppOptions, ...deps.options };
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const store = withChangeFeed(deps.store, deps.feed);
  const sessions = new Sessions(store, clock, options.sessionTtlSeconds);
  const ctx: RouteContext = {
    store,
    objects: deps.objects,
    feed: deps.feed,
    clock,
    delivery: deps.delivery,
    sessions,
    uploads: new Uploads(store, deps.objects, clock),
    limits: createLimits(options, deps.hitCounter ?? memoryHitCounter(), clock),
    heartbeatMs: options.heartbeatMs,
    log,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');
  app.use(securityHeaders);

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });
  api.use(sameOrigin(options.allowedOrigins));
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const json = jsonBody(jsonLimitBytes);
  // Uploads stream their own bodies, so they come before the JSON parser.
  api.use(uploadRoutes(ctx, json));
  api.use(json);
  // The public forms and visits first: they are the busiest routes.
  api.use(leadRoutes(ctx));
  api.use(visitorRoutes(ctx));
  api.use(reviewRoutes(ctx));
  api.use(authRoutes(ctx, deps.clientAuth));
  api.use(modelRoutes(ctx));
  api.use(messageRoutes(ctx));
  api.use(eventRoutes(ctx));
  api.use(() => {
    throw notFound();
  });

  const objectsRouter = objectRoutes(ctx);
  app.use('/api', api);
  app.use('/objects', objectsRouter, () => {
    throw notFound();
  });
  if (deps.site) app.use(deps.site);
  app.use(errorHandler(log));

  return Object.assign(app, { context: ctx });
}

export type App = ReturnType<typeof createApp>;
