import {
  bookingMessages,
  bookingServiceLabels,
  bookingsPerPerson,
  businessTimeZone,
  fieldErrors,
  inBookingArea,
  quoteInputSchema,
  type Booking,
  type BookingAvailability,
  type BookingBlock,
  type BookingBlockInput,
  type BookingCalendar,
  type BookingFeed,
  type BookingInput,
  type BookingSettings,
  type NextVisit,
  type PublicBooking,
  type QuoteInput,
  type SiteSettings,
} from '@site/domain';
import { businessHoursOf, nextOpening } from '@site/domain/business-hours';
import { bookingWindow, freeSlots, gridCells, isFreeSlot, visitDateLabel, type BusyTime } from '@site/domain/booking-slots';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { newId } from '../ids';
import { CellTakenError, HolderLimitError, type BookingBlockRecord, type BookingRecord } from '../ports/bookings';
import type { Clock } from '../ports/clock';
import { ConflictError, GoneError, InvalidError, NotFoundError } from '../ports/errors';
import type { NewMessage } from '../ports/messages';
import type { Store } from '../ports/store';
import { bookingFeed, bookingInvite, type InviteBusiness } from './booking-invite';
import { lastDays } from './days';
import {
  bookingCustomerMessages,
  bookingDigestMessages,
  bookingLinkEmail,
  bookingStaffMessages,
  capCustomerMessages,
  leadMessageId,
  type BookingNotice,
  type Draft,
  type MessageSettings,
} from './lead-messages';
import type { LeadService } from './leads';
import type { LinkSigner } from './link-signing';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** The reminder goes this long before the visit. */
const reminderBeforeMs = 24 * hourMs;
/** Bookings are read from this long before a window: a visit that started earlier may still reach into it (8 hours and its buffer at most). */
const visitReachMs = dayMs;
/** Blocks are read from this long before a window: a block lasts at most 31 days. */
const blockReachMs = 31 * dayMs;
/** The calendar's range at most: a month and a bit, as a week or a month view asks. */
const calendarMaxMs = 62 * dayMs;
const pageSize = 500;
/** The signing key record that holds the calendar feed's secret. */
const feedKeyId = 'calendar-feed';
/** Where a customer's link opens the booking's page (web: paths.manageBooking). */
const managePath = '/book/manage';
/** Staff alerts about bookings, moves and cancellations sent one by one in a business day; the rest go in the day's digest. */
const staffAlertsPerDay = 20;
/**
 * How often a visit's link may be emailed again when its customer tries to book one visit too
 * many: once an hour per visit, however often they try, so the refusal cannot flood an inbox.
 */
const linkResendMs = hourMs;

/** A time that went between showing it and sending it: 409 with the fresh free slots. */
export class SlotTakenError extends ConflictError {
  constructor(readonly availability: BookingAvailability) {
    super(bookingMessages.slotTaken, { start: bookingMessages.slotTaken });
  }
}

export interface BookingServiceDeps {
  store: Store;
  clock: Clock;
  settings: () => Promise<SiteSettings>;
  messageSettings: () => Promise<MessageSettings>;
  leads: Pick<LeadService, 'submitBookingQuote'>;
  signer: Pick<LinkSigner, 'sign' | 'verify'>;
  /** Tells the embedded sender that messages were queued; absent where extensions send. */
  wake?: () => void;
}

/** What the customer's link answers: their visit and, while it can still be moved, the free times. */
export interface ManagedBooking {
  booking: PublicBooking;
  availability: BookingAvailability;
}

/**
 * Booking a free site measure: the free times, a customer's booking (a visit holding its
 * cells of the grid, and a quote request in the pipeline with the booking's messages), the
 * customer's own link to move or cancel it, staff's calendar, moves, cancellations and
 * blocked time, the private calendar feed, and the reminders the day before.
 */
export class BookingService {
  constructor(private readonly deps: BookingServiceDeps) {}

  // ---------------------------------------------------------------- public

  /** The free times for a place; 404 when booking is off, 400 outside the area. */
  async availability(place: { postcode: string; suburb?: string }): Promise<BookingAvailability> {
    const site = await this.openSettings();
    this.checkArea(site.booking, place);
    return this.free(site);
  }

  /**
   * A customer's booking: 400 for a past or unoffered time, a place outside the area or a field
   * the quote request refuses; 409 (with the fresh free times) for a time taken meanwhile.
   * A `bot` (the honeypot) is answered alike and nothing is stored.
   */
  async book(input: BookingInput, bot: boolean): Promise<PublicBooking> {
    const site = await this.openSettings();
    const settings = site.booking;
    this.checkArea(settings, input);
    const now = this.deps.clock.now();
    const start = Date.parse(input.start);
    await this.checkStart(site, start, now);
    const quoteInput = this.quoteOf(input);
    const id = newId();
    const record = this.newRecord(id, newId(), input, start, settings, now);
    if (bot) return this.publicView(record, settings, now);
    try {
      await this.deps.store.bookingSlots.book(record, { max: bookingsPerPerson, now: now.toISOString() });
    } catch (error) {
      if (error instanceof CellTakenError) throw new SlotTakenError(await this.free(site));
      if (error instanceof HolderLimitError) {
        await this.resendLink(error.held, site, now);
        throw new ConflictError(bookingMessages.alreadyBooked(visitDateLabel(new Date(error.held.start))));
      }
      throw error;
    }
    const manageUrl = await this.manageUrl(site, id);
    try {
      const alertStaff = await this.alertNow({ booking: record, kind: 'confirmed' }, now);
      await this.deps.leads.submitBookingQuote(quoteInput, { id: record.leadId, bookingId: id }, (_quote, messageSettings, at) => {
        const notice: BookingNotice = { booking: record, kind: 'confirmed', manageUrl, invite: this.invite(record, site, manageUrl, at) };
        return [
          ...(alertStaff ? bookingStaffMessages(messageSettings, notice, at) : []),
          ...bookingCustomerMessages(messageSettings, notice),
        ];
      });
    } catch (error) {
      // The lead could not be stored (a file that is not a fresh upload): nor is the visit.
      await this.deps.store.bookingSlots.remove(id);
      throw error;
    }
    return this.publicView(record, settings, now);
  }

  /** What a customer's link shows; 404 for a link that is not one of ours, 410 once the visit has started. */
  async manageView(token: string): Promise<ManagedBooking> {
    const site = await this.deps.settings();
    const booking = await this.byToken(token);
    const now = this.deps.clock.now();
    if (booking.status === 'booked' && Date.parse(booking.start) <= now.getTime()) throw new GoneError(bookingMessages.linkExpired);
    const view = this.publicView(booking, site.booking, now);
    return {
      booking: view,
      availability: view.canChange && site.booking.enabled ? await this.free(site, booking.id) : this.none(site.booking),
    };
  }

  /** A customer moves (`start`) or cancels their visit through their link, up to the minimum notice before it. */
  async manageChange(change: { token: string; start: string } | { token: string; cancel: true }): Promise<ManagedBooking> {
    const site = await this.deps.settings();
    const booking = await this.byToken(change.token);
    const now = this.deps.clock.now();
    if (booking.status === 'cancelled') throw new ConflictError(bookingMessages.cancelled);
    if (Date.parse(booking.start) <= now.getTime()) throw new GoneError(bookingMessages.linkExpired);
    if (now.getTime() > changeUntil(booking, site.booking))
      throw new ConflictError(bookingMessages.tooLateToChange(site.booking.minNoticeHours));
    if ('cancel' in change) {
      const cancelled = await this.cancel(booking, 'customer', site);
      return { booking: this.publicView(cancelled, site.booking, now), availability: this.none(site.booking) };
    }
    if (!site.booking.enabled) throw new NotFoundError(bookingMessages.disabled);
    const start = Date.parse(change.start);
    await this.checkStart(site, start, now, booking.id);
    const moved = await this.move(booking, start, 'customer', site);
    return { booking: this.publicView(moved, site.booking, now), availability: await this.free(site, moved.id) };
  }

  // ---------------------------------------------------------------- staff

  /** The visits (booked and cancelled) starting in [from, to) and the blocks reaching into it. */
  async calendar(from: string, to: string): Promise<BookingCalendar> {
    const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
    if (!(toMs > fromMs) || toMs - fromMs > calendarMaxMs)
      throw new InvalidError(bookingMessages.calendarRange, { to: bookingMessages.calendarRange });
    const [bookings, blocks] = await Promise.all([
      this.bookingsStarting(new Date(fromMs).toISOString(), new Date(toMs).toISOString()),
      this.blocksReaching(fromMs, toMs),
    ]);
    return { bookings: bookings.map(adminView), blocks: blocks.map(blockView) };
  }

  /** The first visit still booked that starts at or after `from` (the calendar opens on its day), or null. */
  async nextVisit(from: string): Promise<NextVisit> {
    const page = await this.deps.store.bookings.find({
      where: { status: 'booked' },
      orderBy: 'start',
      direction: 'asc',
      atLeast: new Date(from).toISOString(),
      limit: 1,
    });
    const [first] = page.items;
    return { booking: first ? adminView(first) : null };
  }

  /** One visit, booked or cancelled, as staff read it (a lead's card shows its site measure). */
  async one(id: string): Promise<Booking> {
    const booking = await this.deps.store.bookings.get(id);
    if (!booking) throw new NotFoundError(bookingMessages.notFound);
    return adminView(booking);
  }

  /** Staff move a visit to `start` (the customer gets a new invite) or cancel it (the customer is told). */
  async staffChange(id: string, change: { start: string } | { status: 'cancelled' }): Promise<{ booking: Booking; detail: string }> {
    const site = await this.deps.settings();
    const booking = await this.deps.store.bookings.get(id);
    if (!booking) throw new NotFoundError(bookingMessages.notFound);
    if (booking.status === 'cancelled') throw new ConflictError(bookingMessages.cancelled);
    if ('status' in change) {
      const cancelled = await this.cancel(booking, 'staff', site);
      return { booking: adminView(cancelled), detail: `cancelled ${booking.start}` };
    }
    const start = Date.parse(change.start);
    const now = this.deps.clock.now();
    if (start <= now.getTime()) throw new InvalidError(bookingMessages.slotPast, { start: bookingMessages.slotPast });
    // Staff may book outside the customers' hours, but on the grid and never over another visit or a block.
    if (start % (15 * 60_000) !== 0) throw new InvalidError(bookingMessages.slotUnavailable, { start: bookingMessages.slotUnavailable });
    const busy = await this.busy(start, start, id);
    const visitMs = site.booking.visitMinutes * 60_000;
    const bufferMs = site.booking.bufferMinutes * 60_000;
    if (busy.some((time) => start < time.end + bufferMs && time.start < start + visitMs + bufferMs))
      throw new SlotTakenError(await this.free(site, id));
    const moved = await this.move(booking, start, 'staff', site);
    return { booking: adminView(moved), detail: `${booking.start} to ${moved.start}` };
  }

  /** Time kept free of visits; 409 over a booked visit or another block. */
  async addBlock(input: BookingBlockInput, by: string): Promise<BookingBlock> {
    const start = new Date(input.start);
    const end = new Date(input.end);
    const block: BookingBlockRecord = {
      id: newId(),
      start: start.toISOString(),
      end: end.toISOString(),
      label: input.label,
      createdAt: this.deps.clock.now().toISOString(),
      createdBy: by,
      cells: gridCells(start.getTime(), end.getTime(), 0),
    };
    try {
      await this.deps.store.bookingSlots.block(block);
    } catch (error) {
      if (error instanceof CellTakenError) {
        const message = error.by === 'booking' ? bookingMessages.blockOverlapsBooking : bookingMessages.blockOverlapsBlock;
        throw new ConflictError(message, { start: message });
      }
      throw error;
    }
    return blockView(block);
  }

  async removeBlock(id: string): Promise<BookingBlock> {
    const block = await this.deps.store.bookingBlocks.get(id);
    if (!block || !(await this.deps.store.bookingSlots.unblock(id))) throw new NotFoundError(bookingMessages.blockNotFound);
    return blockView(block);
  }

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

  /**
   * The reminders of visits 24 hours away, to the customer and the staff. Each is claimed
   * (`pending` to `sending`) before its messages are queued, so an overlapping run or a
   * restart never sends one twice. Quiet hours: the staff's part goes only while the business
   * is open (the settings' hours, Melbourne time); one due outside them is held
   * (`staff-pending`) and goes at the next opening, unless the visit has started by then.
   * Answers how many reminders were queued (a held staff part counting one when it goes).
   */
  async sendDueReminders(): Promise<number> {
    const { store } = this.deps;
    const now = this.deps.clock.now();
    const dueBefore = new Date(now.getTime() + 1).toISOString();
    const site = await this.deps.settings();
    const open = isOpen(site, now);
    const due = await store.bookings.find({
      where: { status: 'booked', reminder: 'pending' },
      orderBy: 'reminderDueAt',
      direction: 'asc',
      lessThan: dueBefore,
      limit: 100,
    });
    let queued = 0;
    for (const booking of due.items) {
      if (!(await store.bookings.updateIf(booking.id, { status: 'booked', reminder: 'pending' }, { reminder: 'sending' }))) continue;
      if (Date.parse(booking.start) <= now.getTime()) {
        await store.bookings.update(booking.id, { reminder: 'skipped' });
        continue;
      }
      const notice: BookingNotice = { booking, kind: 'reminder', manageUrl: await this.manageUrl(site, booking.id) };
      const settings = await this.deps.messageSettings();
      await this.queue(
        booking,
        `reminder-${booking.sequence}`,
        [...(open ? bookingStaffMessages(settings, notice, now) : []), ...bookingCustomerMessages(settings, notice)],
        now,
      );
      await store.bookings.update(booking.id, { reminder: open ? 'sent' : 'staff-pending' });
      queued++;
    }
    if (!open) return queued;
    const held = await store.bookings.find({
      where: { status: 'booked', reminder: 'staff-pending' },
      orderBy: 'reminderDueAt',
      direction: 'asc',
      limit: 100,
    });
    for (const booking of held.items) {
      if (!(await store.bookings.updateIf(booking.id, { status: 'booked', reminder: 'staff-pending' }, { reminder: 'sending' }))) continue;
      if (Date.parse(booking.start) > now.getTime()) {
        const notice: BookingNotice = { booking, kind: 'reminder', manageUrl: await this.manageUrl(site, booking.id) };
        await this.queue(
          booking,
          `reminder-staff-${booking.sequence}`,
          bookingStaffMessages(await this.deps.messageSettings(), notice, now),
          now,
        );
        queued++;
      }
      await store.bookings.update(booking.id, { reminder: 'sent' });
    }
    return queued;
  }

  /**
   * The digests of the business days that are over and had more staff alerts than go out one
   * by one: one email per day listing each booking, move and cancellation held, sent while the
   * business is open (at the next opening after the day ends). A day is
   * claimed before its digest is queued, so overlapping runs send it once. Answers how many
   * digests were queued.
   */
  async sendDueDigests(): Promise<number> {
    const now = this.deps.clock.now();
    // Quiet hours: a day's digest waits for the next opening.
    if (!isOpen(await this.deps.settings(), now)) return 0;
    const alerts = this.deps.store.bookingAlerts;
    let queued = 0;
    for (const day of await alerts.undigested(today(now))) {
      const held = await alerts.claimDigest(day);
      if (!held) continue;
      const ids = [...new Set(held.map((alert) => alert.bookingId))];
      const found = await Promise.all(ids.map((id) => this.deps.store.bookings.get(id)));
      const bookings = new Map(ids.map((id, i) => [id, found[i]]));
      const settings = await this.deps.messageSettings();
      const entries = held.map((alert) => ({ alert, booking: bookings.get(alert.bookingId) ?? null }));
      const noticeId = `booking-digest-${day}`;
      const messages = bookingDigestMessages(settings, day, staffAlertsPerDay, entries).map((draft, i) => ({
        ...draft,
        id: leadMessageId(noticeId, i + 1),
      }));
      await this.deps.store.messages.queueNotice(noticeId, messages, now.toISOString());
      await alerts.digested(day);
      this.deps.wake?.();
      queued++;
    }
    return queued;
  }

  // ---------------------------------------------------------------- the rules

  private async openSettings(): Promise<SiteSettings> {
    const site = await this.deps.settings();
    if (!site.booking.enabled) throw new NotFoundError(bookingMessages.disabled);
    return site;
  }

  private checkArea(settings: BookingSettings, place: { postcode: string; suburb?: string }) {
    if (!inBookingArea(settings.area, place))
      throw new InvalidError(bookingMessages.outsideArea, { postcode: bookingMessages.outsideArea });
  }

  /** 400 for a past time or one never offered; 409 (fresh times) for one offered but taken now. `moving` is left out of the busy times. */
  private async checkStart(site: SiteSettings, start: number, now: Date, moving?: string) {
    if (start <= now.getTime()) throw new InvalidError(bookingMessages.slotPast, { start: bookingMessages.slotPast });
    const free = await this.free(site, moving);
    if (isFreeSlot(free, new Date(start).toISOString())) return;
    const offered = freeSlots({ settings: site.booking, hours: site.hours, now, busy: [] });
    if (isFreeSlot(offered, new Date(start).toISOString())) throw new SlotTakenError(free);
    throw new InvalidError(bookingMessages.slotUnavailable, { start: bookingMessages.slotUnavailable });
  }

  /** The quote request the booking makes, checked as the quote form is (names without links, say): 400 with the field's message. */
  private quoteOf(input: BookingInput): QuoteInput {
    const parsed = quoteInputSchema.safeParse({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      suburb: input.suburb,
      room: bookingServiceLabels[input.service],
      ...(input.source ? { source: input.source } : {}),
      ...(input.attachments ? { attachments: input.attachments } : {}),
      ...(input.marketingConsent !== undefined ? { marketingConsent: input.marketingConsent } : {}),
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw new InvalidError(Object.values(errors)[0] ?? 'Invalid booking', errors);
    }
    return parsed.data;
  }

  private newRecord(id: string, leadId: string, input: BookingInput, start: number, settings: BookingSettings, now: Date): BookingRecord {
    const end = start + settings.visitMinutes * 60_000;
    const at = now.toISOString();
    return {
      id,
      status: 'booked',
      service: input.service,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      mobile: input.mobile,
      street: input.street,
      suburb: input.suburb,
      postcode: input.postcode,
      ...(input.notes ? { notes: input.notes } : {}),
      leadId,
      createdAt: at,
      updatedAt: at,
      sequence: 0,
      ...reminderOf(start, now),
      cells: gridCells(start, end, settings.bufferMinutes),
    };
  }

  private async move(booking: BookingRecord, start: number, by: 'customer' | 'staff', site: SiteSettings): Promise<BookingRecord> {
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

  private async cancel(booking: BookingRecord, by: 'customer' | 'staff', site: SiteSettings): Promise<BookingRecord> {
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
  private async notify(booking: BookingRecord, what: string, notice: BookingNotice, now: Date) {
    const settings = await this.deps.messageSettings();
    const staff = (await this.alertNow(notice, now)) ? bookingStaffMessages(settings, notice, now) : [];
    await this.queue(booking, what, [...staff, ...bookingCustomerMessages(settings, notice)], now);
  }

  /**
   * Counts a staff alert about a visit booked, moved or cancelled on the business day: true
   * when it goes out now, false when it is held for the day's digest (past the first
   * `staffAlertsPerDay`), so a busy or abused day cannot bury the staff's inbox and phone.
   */
  private async alertNow(notice: Pick<BookingNotice, 'booking' | 'kind' | 'by' | 'previousStart'>, now: Date): Promise<boolean> {
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

  /**
   * Emails a visit's link again, when its customer tried to book one visit too many: to the
   * address the visit was booked with, never to one the request gave, and at most once per
   * `linkResendMs`. The time is claimed on the booking atomically, so two refusals at once
   * send it once.
   */
  private async resendLink(held: BookingRecord, site: SiteSettings, now: Date) {
    let claimed = false;
    await this.deps.store.bookings.transform(held.id, (current) => {
      const last = current.linkResentAt ? Date.parse(current.linkResentAt) : Number.NEGATIVE_INFINITY;
      claimed = current.status === 'booked' && now.getTime() - last >= linkResendMs;
      return claimed ? { linkResentAt: now.toISOString() } : null;
    });
    if (!claimed) return;
    const settings = await this.deps.messageSettings();
    const email = bookingLinkEmail(settings, held, await this.manageUrl(site, held.id));
    await this.queue(held, `link-${now.getTime().toString(36)}`, [email], now);
  }

  /** Queues messages about a visit on its lead's card (ids `<lead id>-<what>-<n>`), the customer's within their daily cap. */
  private async queue(booking: BookingRecord, what: string, drafts: Draft[], now: Date) {
    const settings = await this.deps.messageSettings();
    const messages: NewMessage[] = drafts.map((draft, i) => ({ ...draft, id: leadMessageId(`${booking.leadId}-${what}`, i + 1) }));
    const capped = await capCustomerMessages(messages, settings, now, this.deps.store.messages);
    // A lead deleted meanwhile took its booking with it: its messages have nowhere to go.
    if (!(await this.deps.store.quotes.get(booking.leadId))) return;
    await this.deps.store.messages.addToLead({ kind: 'quote', id: booking.leadId }, capped, now.toISOString());
    this.deps.wake?.();
  }

  private invite(booking: BookingRecord, site: SiteSettings, manageUrl: string, now: Date) {
    return bookingInvite(booking, inviteBusiness(site), manageUrl, now);
  }

  /** The free times now, with the visit being moved (if any) left out of the busy times. */
  private async free(site: SiteSettings, except?: string): Promise<BookingAvailability> {
    const now = this.deps.clock.now();
    const window = bookingWindow(site.booking, now);
    const busy = await this.busy(window.from, window.to, except);
    return freeSlots({ settings: site.booking, hours: site.hours, now, busy });
  }

  private none(settings: BookingSettings): BookingAvailability {
    return { timeZone: businessTimeZone, visitMinutes: settings.visitMinutes, days: [] };
  }

  /** Booked visits and blocks near enough to starts from `from` to `to` to rule one out, as busy times. */
  private async busy(from: number, to: number, except?: string): Promise<BusyTime[]> {
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
  private bookedStarting(from: string, to: string): Promise<BookingRecord[]> {
    return this.bookingsStarting(from, to, { status: 'booked' });
  }

  /** Every booking starting in [from, to) (cancelled ones too, unless `where` says otherwise), read page by page. */
  private async bookingsStarting(from: string, to: string, where?: { status: 'booked' }): Promise<BookingRecord[]> {
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
  private async blocksReaching(from: number, to: number): Promise<BookingBlockRecord[]> {
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

  private async byToken(token: string): Promise<BookingRecord> {
    const id = await this.deps.signer.verify('booking', token);
    const booking = id ? await this.deps.store.bookings.get(id) : null;
    if (!booking) throw new NotFoundError(bookingMessages.linkInvalid);
    return booking;
  }

  private async manageUrl(site: SiteSettings, id: string): Promise<string> {
    return `${site.business.siteUrl}${managePath}?t=${encodeURIComponent(await this.deps.signer.sign('booking', id))}`;
  }

  private publicView(booking: BookingRecord, settings: BookingSettings, now: Date): PublicBooking {
    const until = changeUntil(booking, settings);
    return {
      service: booking.service,
      start: booking.start,
      end: booking.end,
      status: booking.status,
      firstName: booking.firstName,
      street: booking.street,
      suburb: booking.suburb,
      postcode: booking.postcode,
      changeUntil: new Date(until).toISOString(),
      canChange: booking.status === 'booked' && now.getTime() <= until,
    };
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

/** Whether staff messages may go out at `now`: the business is open by the settings' hours and closures. */
const isOpen = (site: SiteSettings, now: Date) => nextOpening(now, businessHoursOf(site.hours)).getTime() <= now.getTime();

/** The business's day (Melbourne, yyyy-MM-dd) at `now`. */
const today = (now: Date) => lastDays(now, 1, businessTimeZone)[0].day;

/** Until when a visit can be moved or cancelled online: its start less the minimum notice. */
const changeUntil = (booking: Pick<BookingRecord, 'start'>, settings: BookingSettings) =>
  Date.parse(booking.start) - settings.minNoticeHours * hourMs;

/** The reminder of a visit starting at `start`: due 24 hours before, or none when that has passed. */
function reminderOf(start: number, now: Date): Pick<BookingRecord, 'reminder' | 'reminderDueAt'> {
  const due = start - reminderBeforeMs;
  return { reminder: due > now.getTime() ? 'pending' : 'skipped', reminderDueAt: new Date(due).toISOString() };
}

const inviteBusiness = (site: SiteSettings): InviteBusiness => ({
  brand: site.business.brand,
  email: site.business.email,
  siteUrl: site.business.siteUrl,
});

function adminView(record: BookingRecord): Booking {
  const { reminder: _reminder, reminderDueAt: _due, cells: _cells, linkResentAt: _resent, ...booking } = record;
  return booking;
}

function blockView(record: BookingBlockRecord): BookingBlock {
  const { cells: _cells, ...block } = record;
  return block;
}
