import { createHash, randomBytes } from 'node:crypto';
import { businessTimeZone } from '@site/domain/calendar';
import type { Clock } from '../ports/clock';
import { ConflictError } from '../ports/errors';
import type { Store } from '../ports/store';
import { lastDays } from './days';

/** Visitors are counted per day where the business is. */
export const visitorTimeZone = businessTimeZone;

/** The Melbourne day (yyyy-MM-dd) an instant falls on. */
export const visitorDay = (now: Date): string => lastDays(now, 1, visitorTimeZone)[0].day;

/**
 * Counts visitors without keeping who they are: a visitor is a hash of their address and
 * browser with the day and that day's random salt. Salts live in the store (every Cloud Function
 * instance must hash alike) and are deleted by maintenance soon after their day, after which
 * no key can be recomputed from an address.
 */
export class UniqueVisitors {
  private salt: { day: string; value: Promise<string> } | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The day's salt: made by the first visit of the day, read by every other (create-if-absent). */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = this.readOrMakeSalt(day);
      // A failed read must not stick: the next visit tries again.
      value.catch(() => {
        if (this.salt?.value === value) this.salt = undefined;
      });
      this.salt = { day, value };
    }
    return this.salt.value;
  }

  private async readOrMakeSalt(day: string): Promise<string> {
    const existing = await this.store.visitorSalts.get(day);
    if (existing) return existing.salt;
    const salt = randomBytes(32).toString('base64url');
    try {
      await this.store.visitorSalts.insert({ id: day, salt, createdAt: this.clock.now().toISOString() });
      return salt;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Another instance made it first: everyone uses that one.
      const made = await this.store.visitorSalts.get(day);
      if (!made) throw error;
      return made.salt;
    }
  }

  /** The visitor key of a visit now, after marking the visitor as seen today (once a day each). */
  async record(ipAddress: string, userAgent: string): Promise<string> {
    const now = this.clock.now();
    const day = visitorDay(now);
    const salt = await this.saltOf(day);
    const key = createHash('sha256').update(`${salt}\n${day}\n${ipAddress}\n${userAgent}`).digest('base64url').slice(0, 32);
    try {
      await this.store.visitorDays.insert({ id: `${day}_${key}`, day, createdAt: now.toISOString() });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
    return key;
  }

  /**
   * Distinct visitors first seen (on their Melbourne day) within [from, to): one count query.
   * For a Melbourne day's window that is exactly the day's unique visitors; a window of another
   * zone counts the visitors whose Melbourne day began in it.
   */
  unique(from: Date, to: Date): Promise<number> {
    return this.store.visitorDays.count(undefined, { field: 'createdAt', from: from.toISOString(), to: to.toISOString() });
  }
}
