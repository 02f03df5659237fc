import type { RequestHandler } from 'express';
import type { Clock } from '../ports/clock';
import { HttpError } from './errors';

/**
 * A fixed-window counter per key, in memory. Good for one process; each Cloud Functions
 * instance keeps its own, which still slows a single abuser down.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit now. */
  retryAfter(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.clock.now().getTime()) / 1000));
  }

  /** Counts one hit; returns the seconds to wait when the limit was already reached. */
  hit(key: string): number {
    const now = this.clock.now().getTime();
    let window = this.current(key);
    if (!window) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.prune(now);
    }
    if (window.count >= this.limit) return this.retryAfter(key);
    window.count++;
    return 0;
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export function tooManyRequests(retryAfter: number) {
  return new HttpError(429, 'Too many requests. Please try again later.', undefined, { 'Retry-After': String(retryAfter) });
}

/** Limits each client IP on a group of routes. */
export function rateLimit(limiter: RateLimiter, group: string): RequestHandler {
  return (req, _res, next) => {
    const wait = limiter.hit(`${group}|${req.ip ?? 'unknown'}`);
    if (wait > 0) return next(tooManyRequests(wait));
    next();
  };
}
