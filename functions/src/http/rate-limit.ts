import { attachmentLimits } from '@site/domain';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type AugmentedRequest, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import type { Clock } from '../ports/clock';
import type { HitCounter } from '../ports/hit-counter';
import { clientKey } from '../services/client-address';
import { HttpError } from './errors';

/** The counter of a single process: enough for the embedded server. */
export function memoryHitCounter(): HitCounter {
  const counts = new Map<string, { total: number; expiresAt: number }>();
  let lastSweep = 0;
  return {
    async add(key, window, by, expiresAt) {
      const id = `${window}|${key}`;
      // Now and then drop the counts of windows that have ended (the window start is a time
      // already reached).
      if (window - lastSweep > 60_000) {
        lastSweep = window;
        for (const [old, entry] of counts) if (entry.expiresAt <= window) counts.delete(old);
      }
      const entry = counts.get(id) ?? { total: 0, expiresAt };
      entry.total = Math.max(0, entry.total + by);
      counts.set(id, entry);
      return entry.total;
    },
    async forget(key, window) {
      counts.delete(`${window}|${key}`);
    },
  };
}

/** express-rate-limit's store over a HitCounter, on the app's clock (tests move it). */
class FixedWindowStore implements Store {
  private windowMs = 60_000;
  /** Keys stay apart between limits sharing a counter. */
  readonly prefix: string;

  constructor(
    private readonly counter: HitCounter,
    private readonly clock: Clock,
    name: string,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private window() {
    const now = this.clock.now().getTime();
    return now - (now % this.windowMs);
  }

  async increment(key: string): Promise<IncrementResponse> {
    const window = this.window();
    const resetTime = new Date(window + this.windowMs);
    const totalHits = await this.counter.add(this.prefix + key, window, 1, resetTime.getTime());
    return { totalHits, resetTime };
  }

  async decrement(key: string) {
    const window = this.window();
    await this.counter.add(this.prefix + key, window, -1, window + this.windowMs);
  }

  async resetKey(key: string) {
    await this.counter.forget(this.prefix + key, this.window());
  }
}

/** What every limit answers when it is reached. */
export const tooManyRequestsMessage = 'Too many requests. Please try again later.';

export function tooManyRequests(retryAfter: number) {
  return new HttpError(429, tooManyRequestsMessage, undefined, { 'Retry-After': String(retryAfter) });
}

export interface LimitSettings {
  /** Form submissions (inquiry, quote, review) per IP per 10 minutes. */
  formRateLimit: number;
  /** Recorded visits per IP per minute. */
  visitRateLimit: number;
  /** Failed logins per username per 15 minutes, and four times this per IP. */
  loginRateLimit: number;
  /** Attachment upload URLs per IP per 10 minutes (a customer attaches at most 10 files a form). */
  attachmentRateLimit: number;
}

/**
 * Failures of one kind counted per key in fixed windows, for a route that decides itself what
 * a failure is (a wrong current password, not any 4xx) and checks the count before trying.
 */
export interface FailureLimit {
  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  failed(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

function failureLimit(counter: HitCounter, clock: Clock, name: string, windowMs: number, limit: number): FailureLimit {
  const window = () => {
    const now = clock.now().getTime();
    return now - (now % windowMs);
  };
  return {
    async retryAfter(key) {
      const start = window();
      const total = await counter.add(`${name}:${key}`, start, 0, start + windowMs);
      return total >= limit ? Math.max(1, Math.ceil((start + windowMs - clock.now().getTime()) / 1000)) : 0;
    },
    async failed(key) {
      const start = window();
      await counter.add(`${name}:${key}`, start, 1, start + windowMs);
    },
    async reset(key) {
      await counter.forget(`${name}:${key}`, window());
    },
  };
}

export interface Limits {
  forms: RequestHandler;
  visits: RequestHandler;
  /** Customers' attachment upload URLs. */
  attachmentTickets: RequestHandler;
  /** Failed logins from one address (its /56 for IPv6), whatever names it tries. */
  loginPerIp: RequestHandler;
  /** Failed logins for one username, from whatever addresses: rotating them does not help. */
  loginPerAccount: RequestHandler;
  /** A completed sign-in clears its username's (or its known browser's) failures. */
  resetAccount(req: Request, res: Response): Promise<void>;
  /**
   * Wrong current passwords on the account routes: per admin (key: the user id), whatever
   * addresses the guesses come from, and per address (key: `clientKey(req)`).
   */
  currentPassword: { perAccount: FailureLimit; perAddress: FailureLimit };
  /** A customer's quote PDFs, per link (route parameter `token`), whatever addresses ask: each is a rendering or a file read. */
  customerPdfs: RequestHandler;
}

/** A customer's link may fetch this many quote PDFs in 10 minutes: reading and saving each version a few times over. */
export const customerPdfsPerTenMinutes = 30;

/**
 * The sign-in routes set `res.locals.loginName` (the username tried, lower case) and
 * `res.locals.knownDevice` (the device token's id when this browser completed a sign-in as
 * that admin before). A known browser is counted on its own: as OWASP's device cookies
 * describe, strangers hammering a username from other addresses do not lock its owner out.
 */
const accountKey = (_req: Request, res: Response) => {
  const locals = res.locals as { loginName?: string; knownDevice?: string | null };
  return locals.knownDevice ? `device:${locals.knownDevice}` : `account:${locals.loginName ?? ''}`;
};

/** The API's rate limits (express-rate-limit), counted by `counter`. */
export function createLimits(settings: LimitSettings, counter: HitCounter, clock: Clock): Limits {
  const limiter = (name: string, windowMs: number, limit: number, extra: Partial<Options> = {}) =>
    rateLimit({
      windowMs,
      limit,
      keyGenerator: clientKey,
      store: new FixedWindowStore(counter, clock, name),
      // No RateLimit headers: the site's own pages do not read them, and the forms are the busiest routes.
      standardHeaders: false,
      legacyHeaders: false,
      handler: (req, _res, next) => {
        const resetAt = (req as AugmentedRequest).rateLimit?.resetTime?.getTime() ?? clock.now().getTime() + windowMs;
        next(tooManyRequests(Math.max(1, Math.ceil((resetAt - clock.now().getTime()) / 1000))));
      },
      ...extra,
    });
  const loginWindow = 15 * 60_000;
  // Only failed logins count (any answer of 400 or more, the 429 included).
  const failures = { skipSuccessfulRequests: true } as const;
  const perAccount = limiter('login-account', loginWindow, settings.loginRateLimit, { ...failures, keyGenerator: accountKey });
  return {
    forms: limiter('forms', 10 * 60_000, settings.formRateLimit),
    visits: limiter('visits', 60_000, settings.visitRateLimit),
    attachmentTickets: limiter('attachment-tickets', attachmentLimits.ticketWindowMs, settings.attachmentRateLimit),
    loginPerIp: limiter('login-ip', loginWindow, settings.loginRateLimit * 4, failures),
    loginPerAccount: perAccount,
    currentPassword: {
      perAccount: failureLimit(counter, clock, 'password-account', loginWindow, settings.loginRateLimit),
      perAddress: failureLimit(counter, clock, 'password-ip', loginWindow, settings.loginRateLimit * 4),
    },
    customerPdfs: limiter('customer-pdf', 10 * 60_000, customerPdfsPerTenMinutes, {
      keyGenerator: (req) => `link:${String(req.params.token)}`,
    }),
    resetAccount: async (req, res) => {
      await perAccount.resetKey(accountKey(req, res));
      const { loginName } = res.locals as { loginName?: string };
      if (loginName) await perAccount.resetKey(`account:${loginName}`);
    },
  };
}
