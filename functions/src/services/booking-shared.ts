import { bookingMessages, businessTimeZone, type BookingAvailability, type SiteSettings } from '@site/domain';
import { businessHoursOf, nextOpening } from '@site/domain/business-hours';
import { bookingWindow, freeSlots, gridCells, type BusyTime } from '@site/domain/booking-slots';
import { newId } from '../ids';
import { CellTakenError, type BookingBlockRecord, type BookingRecord } from '../ports/bookings';
import type { Clock } from '../ports/clock';
import { ConflictError } from '../ports/errors';
import type { NewMessage } from '../ports/messages';
import type { Store } from '../ports/store';
import { bookingInvite, type InviteBusiness } from './booking-invite';
import { lastDays } from './days';
import {
  bookingCustomerMessages,
  bookingStaffMessages,
  capCustomerMessages,
  leadMessageId,
  type BookingNotice,
  type Draft,
  type MessageSettings,
} from './lead-messages';
import type { LinkSigner } from './link-signing';

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;
/** The reminder goes this long before the visit. */
const reminderBeforeMs = 24 * hourMs;
/** Bookings are read from this long before a window: a visit that started earlier may still reach into it (8 hours and its buffer at most). */
const visitReachMs = dayMs;
/** Blocks are read from this long before a window: a block lasts at most 31 days. */
const blockReachMs = 31 * dayMs;
export const pageSize = 500;
/** Where a customer's link opens the booking's page (web: paths.manageBooking). */
const managePath = '/book/manage';
/** Staff alerts about bookings, moves and cancellations sent one by one in a business day; the rest go in the day's digest. */
export const staffAlertsPerDay = 20;

/** A time that went between showing it and sending it: 409 with the free times as they are now, for the page to offer again. */
export class SlotTakenError extends ConflictError {
  constructor(readonly availability: BookingAvailability) {
    super(bookingMessages.slotTaken, { start: bookingMessages.slotTaken });
  }

  override get extra() {
    return { availability: this.availability };
  }
}

/** What each of the booking services works with. */
export interface BookingDeps {
  store: Store;
  clock: Clock;
  settings: () => Promise<SiteSettings>;
  messageSettings: () => Promise<MessageSettings>;
  signer: Pick<LinkSigner, 'sign' | 'verify'>;
  /** Tells the embedded sender that messages were queued; absent where extensions send. */
  wake?: () => void;
}

/**
 * What booking a site measure and the staff's calendar share (bookings.ts for the customer,
 * booking-calendar.ts for staff): the free and busy times, moving and cancelling a visit with
 * its messages, the staff alerts counted per day, and the customer's link.
 */
export abstract class BookingCore<Deps extends BookingDeps = BookingDeps> {
  constructor(protected readonly deps: Deps) {}

  protected async move(booking: BookingRecord, start: number, by: 'customer' | 'staff', site: SiteSettings): Promise<BookingRecord> {
    const now = this.deps.clock.now();
    const end = start + site.booking.visitMinutes * 60_000;
    let moved: BookingRecord | null;
    try {
      moved = await this.deps.store.bookingSlots.move(booking.id, {
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        cells: gridCells(start, end, site.booking.bufferMinutes),
        sequence: booking.sequence + 1,
        updatedAt: now.toISOString(),
        ...reminderOf(start, now),
      });
    } catch (error) {
      if (error instanceof CellTakenError) throw new SlotTakenError(await this.free(site, booking.id));
      throw error;
    }
    if (!moved) throw new ConflictError(bookingMessages.cancelled);
    const manageUrl = await this.manageUrl(site, moved.id);
    await this.notify(
      moved,
      `moved-${moved.sequence}`,
      {
        booking: moved,
        kind: 'moved',
        by,
        previousStart: booking.start,
        manageUrl,
        invite: this.invite(moved, site, manageUrl, now),
      },
      now,
    );
    return moved;
  }

  protected async cancel(booking: BookingRecord, by: 'customer' | 'staff', site: SiteSettings): Promise<BookingRecord> {
    const now = this.deps.clock.now();
    const cancelled = await this.deps.store.bookingSlots.cancel(booking.id, {
      updatedAt: now.toISOString(),
      cancelledBy: by,
      sequence: booking.sequence + 1,
    });
    if (!cancelled) throw new ConflictError(bookingMessages.cancelled);
    const manageUrl = await this.manageUrl(site, cancelled.id);
    await this.notify(
      cancelled,
      'cancelled',
      { booking: cancelled, kind: 'cancelled', by, manageUrl, invite: this.invite(cancelled, site, manageUrl, now) },
      now,
    );
    return cancelled;
  }

  /** The customer's messages about a move or cancellation, and the staff's alert unless the day's digest takes it. */
  protected async notify(booking: BookingRecord, what: string, notice: BookingNotice, now: Date) {
    const settings = await this.deps.messageSettings();
    const staff = (await this.alertNow(notice, now)) ? bookingStaffMessages(settings, notice, now) : [];
    await this.queue(booking, what, [...staff, ...bookingCustomerMessages(settings, notice)], now);
  }

  /**
   * Counts a staff alert about a visit booked, moved or cancelled on the business day: true
   * when it goes out now, false when it is held for the day's digest (past the first
   * `staffAlertsPerDay`), so a busy or abused day cannot bury the staff's inbox and phone.
   */
  protected async alertNow(notice: Pick<BookingNotice, 'booking' | 'kind' | 'by' | 'previousStart'>, now: Date): Promise<boolean> {
    if (notice.kind === 'reminder') return true;
    const counted = await this.deps.store.bookingAlerts.count(
      {
        id: newId(),
        day: today(now),
        at: now.toISOString(),
        kind: notice.kind,
        ...(notice.by ? { by: notice.by } : {}),
        bookingId: notice.booking.id,
        start: notice.booking.start,
        ...(notice.previousStart ? { previousStart: notice.previousStart } : {}),
      },
      staffAlertsPerDay,
    );
    return counted === 'send';
  }

  /** Queues messages about a visit on its lead's card (ids `<lead id>-<what>-<n>`), the customer's within their daily cap. */
  protected async queue(booking: BookingRecord, what: string, drafts: Draft[], now: Date) {
    const settings = await this.deps.messageSettings();
    const messages: NewMessage[] = drafts.map((draft, i) => ({ ...draft, id: leadMessageId(`${booking.leadId}-${what}`, i + 1) }));
    const capped = await capCustomerMessages(messages, settings, now, this.deps.store.messages);
    // A lead deleted meanwhile took its booking with it: its messages have nowhere to go.
    if (!(await this.deps.store.quotes.get(booking.leadId))) return;
    await this.deps.store.messages.addToLead({ kind: 'quote', id: booking.leadId }, capped, now.toISOString());
    this.deps.wake?.();
  }

  protected invite(booking: BookingRecord, site: SiteSettings, manageUrl: string, now: Date) {
    return bookingInvite(booking, inviteBusiness(site), manageUrl, now);
  }

  /** The free times now, with the visit being moved (if any) left out of the busy times. */
  protected async free(site: SiteSettings, except?: string): Promise<BookingAvailability> {
    const now = this.deps.clock.now();
    const window = bookingWindow(site.booking, now);
    const busy = await this.busy(window.from, window.to, except);
    return freeSlots({ settings: site.booking, hours: site.hours, now, busy });
  }

  /** Booked visits and blocks near enough to starts from `from` to `to` to rule one out, as busy times. */
  protected async busy(from: number, to: number, except?: string): Promise<BusyTime[]> {
    const [bookings, blocks] = await Promise.all([
      this.bookedStarting(new Date(from - visitReachMs).toISOString(), new Date(to + visitReachMs).toISOString()),
      this.blocksReaching(from - visitReachMs, to + visitReachMs),
    ]);
    return [
      ...bookings
        .filter((booking) => booking.id !== except)
        .map((booking) => ({ start: Date.parse(booking.start), end: Date.parse(booking.end) })),
      ...blocks.map((block) => ({ start: Date.parse(block.start), end: Date.parse(block.end) })),
    ];
  }

  /** Booked visits starting in [from, to): what holds time. */
  protected bookedStarting(from: string, to: string): Promise<BookingRecord[]> {
    return this.bookingsStarting(from, to, { status: 'booked' });
  }

  /** Every booking starting in [from, to) (cancelled ones too, unless `where` says otherwise), read page by page. */
  protected async bookingsStarting(from: string, to: string, where?: { status: 'booked' }): Promise<BookingRecord[]> {
    const found: BookingRecord[] = [];
    let after: string | undefined;
    do {
      const page = await this.deps.store.bookings.find({
        ...(where ? { where } : {}),
        orderBy: 'start',
        direction: 'asc',
        atLeast: from,
        lessThan: to,
        limit: pageSize,
        after,
      });
      found.push(...page.items);
      after = page.next;
    } while (after);
    return found;
  }

  /** Blocks that overlap [from, to): those starting up to 31 days before it (their longest) that end after its start. */
  protected async blocksReaching(from: number, to: number): Promise<BookingBlockRecord[]> {
    const found: BookingBlockRecord[] = [];
    let after: string | undefined;
    do {
      const page = await this.deps.store.bookingBlocks.find({
        orderBy: 'start',
        direction: 'asc',
        atLeast: new Date(from - blockReachMs).toISOString(),
        lessThan: new Date(to).toISOString(),
        limit: pageSize,
        after,
      });
      found.push(...page.items.filter((block) => Date.parse(block.end) > from));
      after = page.next;
    } while (after);
    return found;
  }

  protected async manageUrl(site: SiteSettings, id: string): Promise<string> {
    return `${site.business.siteUrl}${managePath}?t=${encodeURIComponent(await this.deps.signer.sign('booking', id))}`;
  }
}

/** Whether staff messages may go out at `now`: the business is open by the settings' hours and closures. */
export const isOpen = (site: SiteSettings, now: Date) => nextOpening(now, businessHoursOf(site.hours)).getTime() <= now.getTime();

/** The business's day (Melbourne, yyyy-MM-dd) at `now`. */
export const today = (now: Date) => lastDays(now, 1, businessTimeZone)[0].day;

/** The reminder of a visit starting at `start`: due 24 hours before, or none when that has passed. */
export function reminderOf(start: number, now: Date): Pick<BookingRecord, 'reminder' | 'reminderDueAt'> {
  const due = start - reminderBeforeMs;
  return { reminder: due > now.getTime() ? 'pending' : 'skipped', reminderDueAt: new Date(due).toISOString() };
}

export const inviteBusiness = (site: SiteSettings): InviteBusiness => ({
  brand: site.business.brand,
  email: site.business.email,
  siteUrl: site.business.siteUrl,
});
