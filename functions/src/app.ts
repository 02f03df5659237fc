import { attachmentLimits, paths, type SiteSettings } from '@site/domain';
import { adminPage, type AdminPageFiles } from './http/admin-page';
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import express, { type RequestHandler } from 'express';
import { Sessions } from './auth/sessions';
import { InvalidError, NotFoundError } from './ports/errors';
import { errorHandler } from './http/errors';
import { jsonBody, jsonLimitBytes } from './http/json-body';
import { clientCheckGate } from './http/client-check';
import { createLimits, memoryHitCounter } from './http/rate-limit';
import type { ClientCheck } from './ports/client-check';
import { sameOrigin, securityHeaders } from './http/security';
import type { ChangeFeed } from './ports/change-feed';
import type { ClientAuth } from './ports/client-auth';
import { systemClock, type Clock } from './ports/clock';
import type { DeepHealth } from './ports/health';
import type { HitCounter } from './ports/hit-counter';
import type { Log } from './ports/log';
import type { ObjectStore } from './ports/object-store';
import type { Store } from './ports/store';
import type { Env } from './config';
import { accountRoutes } from './routes/account';
import { auditRoutes } from './routes/audit';
import { authRoutes } from './routes/auth';
import type { Delivery, RouteContext } from './routes/context';
import { eventRoutes } from './routes/events';
import { leadSourceRoutes } from './routes/lead-sources';
import { leadRoutes } from './routes/leads';
import { messageRoutes } from './routes/messages';
import { dashboardRoutes } from './routes/dashboard';
import { modelRoutes } from './routes/models';
import { privacyRoutes } from './routes/privacy';
import { projectRoutes } from './routes/projects';
import { objectRoutes, uploadRoutes } from './routes/objects';
import { reviewRequestRoutes } from './routes/review-requests';
import { publicReviewRoutes, publicReviewsFirst, reviewRoutes } from './routes/reviews';
import { visitorRoutes } from './routes/visitors';
import { AuditTrail } from './services/audit';
import { Attachments, type AttachmentProcessingOptions } from './services/attachments';
import { attachmentFileRoutes, attachmentUploadRoutes } from './routes/attachments';
import { LeadService } from './services/leads';
import { CustomerBookings } from './services/bookings';
import { StaffCalendar } from './services/booking-calendar';
import { CalendarFeed } from './services/calendar-feed';
import { LinkSigner } from './services/link-signing';
import { bookingRoutes } from './routes/bookings';
import { deferred } from './services/deferred';
import type { QuoteServiceDeps } from './services/quote-shared';
import type { DepositCheckout } from './ports/quotes';
import { brandLogo } from './services/brand-images';
import { quoteRoutes, stripeWebhookRoutes } from './routes/quotes';
import { withChangeFeed } from './services/live-store';
import { AccountService } from './services/account';
import { SignInService } from './services/sign-in';
import { CurrentPassword } from './auth/current-password';
import { Portfolio } from './services/portfolio';
import { dashboardStart } from './services/dashboard';
import { goLiveItems } from './services/go-live';
import { leadSourcesReport } from './services/lead-sources';
import { MessageQueue } from './services/message-queue';
import { PrivacyRequests } from './services/privacy';
import { Visitors } from './services/visitors';
import { Reviews } from './services/reviews';
import { Showroom } from './services/showroom';
import { ModelProcessing, type ModelProcessingOptions } from './services/model-processing';
import type { JobUpgrades } from './jobs/deps';
import { createSiteJobs } from './jobs/site-jobs';
import { PublicReviews } from './services/public-reviews';
import { ReviewRequests } from './services/review-requests';
import { SettingsService } from './services/settings';
import { messageSettingsOf } from './message-settings';
import { loadEmailLayouts, type MessageSettings } from './services/lead-messages';
import { settingsRoutes } from './routes/settings';
import { defaultUploadQuota, UploadQuota, type FreeDiskBytes } from './services/upload-quota';
import { Uploads } from './services/uploads';

export interface AppOptions {
  /** Express `trust proxy`: false, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  /** Origins other than the request's own that may send state-changing requests. */
  allowedOrigins: readonly string[];
  sessionTtlSeconds: number;
  /** A session unused for this long ends. */
  sessionIdleSeconds: number;
  /** Every admin must have a second factor; one without is asked to set one up at sign-in. */
  requireMfa: boolean;
  /** Form submissions (inquiry, quote, review) per IP per 10 minutes. */
  formRateLimit: number;
  /** Recorded visits per IP per minute. */
  visitRateLimit: number;
  /** Attachment upload URLs per IP per 10 minutes. */
  attachmentRateLimit: number;
  /** Failed logins per username per 15 minutes; per IP, four times this. */
  loginRateLimit: number;
  /** Customers' upload bytes per client address in any 24 hours (ATTACHMENT_MB_PER_DAY). */
  attachmentBytesPerDay: number;
  /** Bytes customers' uploads not yet on a lead may hold together (ATTACHMENT_STORAGE_MB). */
  attachmentStorageBytes: number;
  /** No upload may leave less free on the disk (MIN_FREE_DISK_MB), where `freeDiskBytes` is given. */
  minFreeDiskBytes: number;
  heartbeatMs: number;
  /** VISITOR_RETENTION_DAYS: visits and unique-visitor markers older than this go at the maintenance. */
  visitorRetentionDays: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this go at the maintenance. */
  auditRetentionDays: number;
  /**
   * How long a read of the business settings is reused. A save made through this process is
   * seen at once; one made through another (a second Cloud Function instance) within this.
   */
  settingsCacheMs: number;
  /**
   * How long a page of the public reviews is served from memory. A review changed through this
   * process empties it at once; one changed through another (a second Cloud Function
   * instance) is seen within this.
   */
  reviewsCacheMs: number;
}

export const defaultAppOptions: AppOptions = {
  trustProxy: false,
  allowedOrigins: [],
  sessionTtlSeconds: 7 * 24 * 3600,
  sessionIdleSeconds: 30 * 60,
  requireMfa: false,
  formRateLimit: 20,
  visitRateLimit: 120,
  // Three forms' worth of files, with room for retries.
  attachmentRateLimit: attachmentLimits.ticketsPerWindow,
  loginRateLimit: 5,
  attachmentBytesPerDay: defaultUploadQuota.bytesPerClientPerDay,
  attachmentStorageBytes: defaultUploadQuota.unattachedBytes,
  minFreeDiskBytes: defaultUploadQuota.minFreeDiskBytes,
  heartbeatMs: 15_000,
  visitorRetentionDays: 90,
  auditRetentionDays: 365,
  settingsCacheMs: 60_000,
  reviewsCacheMs: 10_000,
};

/** The variables both entry points read, as the app's options (each adds its own: the embedded server's disk floor, Firebase's origins). */
export function appOptionsOf(env: Omit<EnvOptions, 'ALLOWED_ORIGINS'> & Partial<EnvOptions>): Partial<AppOptions> {
  return {
    trustProxy: env.TRUST_PROXY,
    ...(env.ALLOWED_ORIGINS ? { allowedOrigins: env.ALLOWED_ORIGINS } : {}),
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    sessionIdleSeconds: env.SESSION_IDLE_MINUTES * 60,
    requireMfa: env.REQUIRE_MFA,
    formRateLimit: env.FORM_RATE_LIMIT,
    visitRateLimit: env.VISIT_RATE_LIMIT,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    attachmentBytesPerDay: env.ATTACHMENT_MB_PER_DAY * 1024 * 1024,
    attachmentStorageBytes: env.ATTACHMENT_STORAGE_MB * 1024 * 1024,
    visitorRetentionDays: env.VISITOR_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
  };
}

type EnvOptions = Pick<
  Env,
  | 'TRUST_PROXY'
  | 'ALLOWED_ORIGINS'
  | 'SESSION_TTL_HOURS'
  | 'SESSION_IDLE_MINUTES'
  | 'REQUIRE_MFA'
  | 'FORM_RATE_LIMIT'
  | 'VISIT_RATE_LIMIT'
  | 'LOGIN_RATE_LIMIT'
  | 'ATTACHMENT_MB_PER_DAY'
  | 'ATTACHMENT_STORAGE_MB'
  | 'VISITOR_RETENTION_DAYS'
  | 'AUDIT_RETENTION_DAYS'
>;

export interface AppDeps {
  store: Store;
  objects: ObjectStore;
  feed: ChangeFeed;
  delivery: Delivery;
  clock?: Clock;
  log?: Log;
  /** The deep health check; without it (Firebase mode) `?deep=1` answers 404. */
  health?: () => Promise<DeepHealth>;
  options?: Partial<AppOptions>;
  /** Firebase mode: login also returns a custom token for the browser's Firebase Auth. */
  clientAuth?: ClientAuth;
  /** Serves the site's pages after the API (embedded mode). */
  site?: RequestHandler;
  /** The web build's admin render entry: GET /admin then carries the dashboard's first screen (http/admin-page.ts). */
  adminPage?: AdminPageFiles;
  /** Where rate-limit counts live: this process by default, Firestore in Firebase mode. */
  hitCounter?: HitCounter;
  /** Firebase mode: App Check on the public POST routes. */
  clientCheck?: ClientCheck;
  /** How saved models are optimised; tests may slow it down or make it fail. When is the `models` job's. */
  modelProcessing?: ModelProcessingOptions;
  /** How customers' photos are processed; tests may slow it down or make it fail. When is the `attachments` job's. */
  attachmentProcessing?: Omit<AttachmentProcessingOptions, 'enqueue'>;
  /** Firestore: documents from before a field existed, brought up to date by the jobs that read them. */
  upgrades?: JobUpgrades;
  /**
   * Free bytes on the disk uploads are written to (embedded: DATA_DIR's); absent on Firebase,
   * where files go to Cloud Storage and there is no disk of ours to fill.
   */
  freeDiskBytes?: FreeDiskBytes;
  /** When the embedded server last backed up (its go-live checklist asks for a recent one); absent on Firebase. */
  lastBackupAt?: () => Promise<string | null>;
  /** Stripe Checkout for quote deposits by card (STRIPE_SECRET_KEY); without it only bank transfer is offered. */
  checkout?: DepositCheckout;
}

/** The whole HTTP API as an Express app. Adapters come from the entry point. */
export function createApp(deps: AppDeps) {
  const options = { ...defaultAppOptions, ...deps.options };
  const clock = deps.clock ?? systemClock;
  const log: Log = deps.log ?? ((message, error) => console.error(message, error ?? ''));
  const store = withChangeFeed(deps.store, deps.feed);
  const audit = new AuditTrail(store, clock);
  const sessions = new Sessions(store, clock, { ttlSeconds: options.sessionTtlSeconds, idleSeconds: options.sessionIdleSeconds }, audit);
  const quota = new UploadQuota(
    store,
    clock,
    {
      bytesPerClientPerDay: options.attachmentBytesPerDay,
      unattachedBytes: options.attachmentStorageBytes,
      minFreeDiskBytes: options.minFreeDiskBytes,
    },
    deps.freeDiskBytes,
  );
  const settings = new SettingsService(store.settings, clock, options.settingsCacheMs);
  // Made again only when the settings change: every lead reads them, and the business hours'
  // cache of opening periods belongs to one hours object.
  let made: { site: SiteSettings; messages: MessageSettings } | undefined;
  const messageSettings = async () => {
    // Whoever reads these composes messages next: the email layouts load with them.
    const [site] = await Promise.all([settings.settings(), loadEmailLayouts()]);
    if (made?.site !== site) made = { site, messages: messageSettingsOf(site, deps.delivery.policy) };
    return made.messages;
  };
  const uploads = new Uploads(store, deps.objects, clock, quota);
  const reviewRequests = new ReviewRequests({ store, clock, settings: () => messageSettings(), wake: deps.delivery.wake });
  const models = new ModelProcessing(store, deps.objects, log, deps.modelProcessing);
  const attachments = new Attachments(
    store,
    deps.objects,
    clock,
    log,
    // Called at an upload, once `jobs` below exists.
    { ...deps.attachmentProcessing, enqueue: (id) => jobs.enqueue('attachments', id) },
    quota,
  );
  const leads = new LeadService({ store, clock, messageSettings, attachments, objects: deps.objects, wake: deps.delivery.wake });
  const bookingDeps = {
    store,
    clock,
    settings: () => settings.settings(),
    messageSettings,
    signer: new LinkSigner(store, clock),
    wake: deps.delivery.wake,
  };
  const bookings = new CustomerBookings({ ...bookingDeps, leads });
  const calendar = new StaffCalendar(bookingDeps);
  const calendarFeed = new CalendarFeed(bookingDeps);
  const quoteDeps: QuoteServiceDeps = {
    store,
    clock,
    settings: () => settings.settings(),
    messageSettings,
    signer: new LinkSigner(store, clock),
    attachments,
    checkout: deps.checkout,
    logo: (site) => brandLogo(deps.objects, site),
    wake: deps.delivery.wake,
    files: deps.objects,
    log,
  };
  // Made at the first quote request: the PDF maker and Victoria's holiday tables load then.
  const staffQuotes = deferred(async () => new (await import('./services/staff-quotes')).StaffQuotes(quoteDeps));
  const customerQuotes = deferred(async () => new (await import('./services/customer-quotes')).CustomerQuotes(quoteDeps));
  const payments = deferred(async () => new (await import('./services/quote-payments')).QuotePayments(quoteDeps));
  // The background work of every kind, on these services: the embedded server starts it; a Cloud Function runs one item.
  const jobs = createSiteJobs(
    {
      store,
      clock,
      uploads,
      attachments,
      models,
      reviewRequests,
      bookings: { sendDueReminders: () => bookings.sendDueReminders(), sendDueDigests: () => calendar.sendDueDigests() },
      settings,
      messageSettings,
      wake: deps.delivery.wake,
      // Leads past their retention go as the dashboard deletes them: files and kept quote PDFs with them.
      retention: {
        visitorRetentionDays: options.visitorRetentionDays,
        auditRetentionDays: options.auditRetentionDays,
        removeLead: leads.removeLead,
      },
      upgrades: deps.upgrades,
    },
    (message, error) => log(message, error),
  );
  const limits = createLimits(options, deps.hitCounter ?? memoryHitCounter(), clock);
  const ctx: RouteContext = {
    account: new AccountService({
      store,
      sessions,
      audit,
      clock,
      currentPassword: new CurrentPassword(limits.currentPassword, audit),
      requireMfa: options.requireMfa,
      messageSettings,
      clientAuth: deps.clientAuth,
    }),
    signIn: new SignInService({ store, audit, clock, requireMfa: options.requireMfa, messageSettings, clientAuth: deps.clientAuth }),
    showroom: new Showroom({ store, uploads, audit, clock, optimiseLater: (id) => jobs.enqueue('models', id) }),
    portfolio: new Portfolio({ store, uploads, audit, clock }),
    reviews: new Reviews({ store, leads, reviewRequests, audit, clock }),
    messages: new MessageQueue({ messages: store.messages, clock, wake: deps.delivery.wake }),
    visitors: new Visitors({ store, clock }),
    privacy: new PrivacyRequests({ store, clock, removeLead: leads.removeLead }),
    leadSources: (from, to) => leadSourcesReport(store, from, to),
    goLiveItems: () =>
      goLiveItems({ store, settings, configured: deps.delivery.configured, lastBackupAt: deps.lastBackupAt, now: () => clock.now() }),
    dashboard: (user) =>
      dashboardStart(
        { store, leads, settings, configured: deps.delivery.configured, lastBackupAt: deps.lastBackupAt, now: () => clock.now() },
        user,
      ),
    objects: deps.objects,
    feed: deps.feed,
    clock,
    delivery: deps.delivery,
    sessions,
    audit,
    requireMfa: options.requireMfa,
    uploads,
    reviewRequests,
    publicReviews: new PublicReviews(store.reviews, deps.feed, clock, options.reviewsCacheMs),
    models,
    attachments,
    leads,
    bookings,
    calendar,
    calendarFeed,
    jobs,
    limits,
    verifiedClient: clientCheckGate(deps.clientCheck, (message) => log(message)),
    heartbeatMs: options.heartbeatMs,
    liveStreams: new Set(),
    log,
    settings,
    messageSettings,
    lastBackupAt: deps.lastBackupAt,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  app.set('query parser', 'simple');
  // The public reviews list first: it sends the security headers itself (routes/reviews.ts).
  const reviewsFirst = publicReviewsFirst(ctx);
  app.use(reviewsFirst);
  app.use(securityHeaders);

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });
  api.use(sameOrigin(options.allowedOrigins));
  // The public answer says only that the server is up; the details are for admins.
  api.get('/health', (req, res, next) => {
    if (req.query.deep === undefined) return res.json({ status: 'ok' });
    if (req.query.deep !== '1') throw new InvalidError('deep must be 1', { deep: 'Must be 1' });
    next();
  });
  api.get('/health', sessions.requireAdmin, async (_req, res) => {
    if (!deps.health) throw new NotFoundError('The deep health check is only available on the embedded server');
    const report = await deps.health();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  api.use(publicReviewRoutes(ctx));
  const json = jsonBody(jsonLimitBytes);
  // Uploads stream their own bodies, so they come before the JSON parser.
  api.use(uploadRoutes(ctx, json));
  api.use(attachmentUploadRoutes(ctx, json));
  api.use(stripeWebhookRoutes({ payments }));
  api.use(json);
  // The public forms and visits first: they are the busiest routes.
  api.use(leadRoutes(ctx));
  api.use(leadSourceRoutes(ctx));
  api.use(visitorRoutes(ctx));
  api.use(reviewRoutes(ctx));
  api.use(reviewRequestRoutes(ctx));
  api.use(bookingRoutes(ctx));
  api.use(quoteRoutes({ ...ctx, staffQuotes, customerQuotes, payments }));
  api.use(authRoutes(ctx, deps.clientAuth));
  api.use(accountRoutes(ctx));
  api.use(auditRoutes(ctx));
  api.use(modelRoutes(ctx));
  api.use(projectRoutes(ctx));
  api.use(messageRoutes(ctx));
  api.use(dashboardRoutes(ctx));
  api.use(attachmentFileRoutes(ctx));
  api.use(privacyRoutes(ctx));
  api.use(settingsRoutes(ctx));
  api.use(eventRoutes(ctx));
  api.use(() => {
    throw new NotFoundError();
  });

  const objectsRouter = objectRoutes(ctx);
  app.use('/api', api);
  app.use('/objects', objectsRouter, () => {
    throw new NotFoundError();
  });
  if (deps.adminPage) app.get(paths.admin, adminPage(deps.adminPage, { sessions, log, dispatch: app, serverOptions: bornAsExpress(app) }));
  if (deps.site) app.use(deps.site);
  app.use(errorHandler(log));

  return Object.assign(app, {
    context: ctx,
    /**
     * The app as Node's request listener, the public reviews list answered before Express
     * looks at the request (routes/reviews.ts): what the embedded server listens with.
     */
    requestListener(req: IncomingMessage, res: ServerResponse) {
      reviewsFirst(req, res, () => app(req, res));
    },
    /** What a server listening with `requestListener` is made with (`createServer(app.serverOptions, ...)`). */
    serverOptions: bornAsExpress(app),
    /**
     * The store the app's services share (with its change feed): for the entry points (the
     * demo's seed, the emulators' seed) and the tests, never the routes, which reach data
     * through the services of `context`.
     */
    store,
    /** Ends every open event stream (at shutdown): browsers reconnect to the next server. */
    closeLiveStreams() {
      for (const close of [...ctx.liveStreams]) close();
    },
  });
}

export type App = ReturnType<typeof createApp>;

/**
 * Node's request and response classes for a server that hands its requests to `app`: each
 * object is made with the app's own request or response prototype, which Express would
 * otherwise swap in on every request (`Object.setPrototypeOf` in its `handle`). An object
 * whose prototype changes after it is made leaves V8's fast paths for the rest of its life,
 * and with it every header set, body read and socket write of the request: a JSON POST through
 * Express took about 45% less CPU born this way in a benchmark, whose figures are in decision
 * 035. Express's own swap then finds the prototype already in place and changes nothing.
 * `Reflect.construct` works whether Node's classes are functions or classes.
 */
function bornAsExpress(app: express.Express): ServerOptions {
  function AppRequest(...args: ConstructorParameters<typeof IncomingMessage>) {
    return Reflect.construct(IncomingMessage, args, AppRequest) as IncomingMessage;
  }
  AppRequest.prototype = app.request;
  function AppResponse(...args: ConstructorParameters<typeof ServerResponse>) {
    return Reflect.construct(ServerResponse, args, AppResponse) as ServerResponse;
  }
  AppResponse.prototype = app.response;
  return {
    IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof ServerResponse,
  };
}
