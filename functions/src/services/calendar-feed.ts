import { type BookingFeed } from '@site/domain';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type BookingRecord } from '../ports/bookings';
import { ConflictError, NotFoundError } from '../ports/errors';
import { bookingFeed } from './booking-invite';
import { inviteBusiness, pageSize, type BookingDeps } from './booking-shared';

/** The signing key record that holds the calendar feed's secret. */
const feedKeyId = 'calendar-feed';

/**
 * The private calendar feed staff subscribe to from their calendar app: its secret address,
 * a new secret on request, and the iCalendar text of the booked visits.
 */
export class CalendarFeed {
  constructor(private readonly deps: Pick<BookingDeps, 'store' | 'clock' | 'settings'>) {}

  /** The private calendar feed's address (its secret made at first use). */
  async feed(): Promise<BookingFeed> {
    const existing = await this.deps.store.signingKeys.get(feedKeyId);
    const secret = existing?.secret ?? (await this.newFeedSecret(false));
    return { url: await this.feedUrl(secret) };
  }

  /** A new secret for the feed: the old address stops working at once. */
  async regenerateFeed(): Promise<BookingFeed> {
    return { url: await this.feedUrl(await this.newFeedSecret(true)) };
  }

  /** The feed's iCalendar text for its secret; 404 for any other (an old one included). */
  async feedCalendar(secret: string): Promise<string> {
    const stored = await this.deps.store.signingKeys.get(feedKeyId);
    const given = Buffer.from(secret);
    const expected = Buffer.from(stored?.secret ?? '');
    if (!stored || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotFoundError('Not found');
    const site = await this.deps.settings();
    const booked: BookingRecord[] = [];
    let after: string | undefined;
    do {
      const page = await this.deps.store.bookings.find({
        where: { status: 'booked' },
        orderBy: 'start',
        direction: 'asc',
        limit: pageSize,
        after,
      });
      booked.push(...page.items);
      after = page.next;
    } while (after);
    return bookingFeed(booked, inviteBusiness(site), `${site.business.siteUrl}/admin?tab=calendar`, this.deps.clock.now());
  }

  private async newFeedSecret(replace: boolean): Promise<string> {
    const secret = randomBytes(24).toString('base64url');
    const record = { id: feedKeyId, secret, createdAt: this.deps.clock.now().toISOString() };
    if (replace && (await this.deps.store.signingKeys.update(feedKeyId, { secret, createdAt: record.createdAt }))) return secret;
    try {
      await this.deps.store.signingKeys.insert(record);
      return secret;
    } catch (error) {
      // Another request made it at the same moment: theirs is the feed's.
      if (!(error instanceof ConflictError)) throw error;
      const made = await this.deps.store.signingKeys.get(feedKeyId);
      if (!made) throw error;
      return made.secret;
    }
  }

  private async feedUrl(secret: string): Promise<string> {
    const site = await this.deps.settings();
    return `${site.business.siteUrl}/api/calendar/${secret}.ics`;
  }
}
