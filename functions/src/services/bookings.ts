import {
  bookingMessages,
  bookingServiceLabels,
  businessTimeZone,
  bookingsPerPerson,
  fieldErrors,
  inBookingArea,
  quoteInputSchema,
  type BookingAvailability,
  type BookingInput,
  type BookingSettings,
  type PublicBooking,
  type QuoteInput,
  type SiteSettings,
} from '@site/domain';
import { freeSlots, gridCells, isFreeSlot, visitDateLabel } from '@site/domain/booking-slots';
import { newId } from '../ids';
import { CellTakenError, HolderLimitError, type BookingRecord } from '../ports/bookings';
import { ConflictError, GoneError, InvalidError, NotFoundError } from '../ports/errors';
import { bookingCustomerMessages, bookingLinkEmail, bookingStaffMessages, type BookingNotice } from './lead-messages';
import type { LeadService } from './leads';
import { BookingCore, SlotTakenError, hourMs, isOpen, reminderOf, type BookingDeps } from './booking-shared';

/**
 * How often a visit's link may be emailed again when its customer tries to book one visit too
 * many: once an hour per visit, however often they try, so the refusal cannot flood an inbox.
 */
const linkResendMs = hourMs;

export interface CustomerBookingsDeps extends BookingDeps {
  leads: Pick<LeadService, 'submitBookingQuote'>;
}

/** What the customer's link answers: their visit and, while it can still be moved, the free times. */
export interface ManagedBooking {
  booking: PublicBooking;
  availability: BookingAvailability;
}

/**
 * Booking a free site measure, as the customer does it: the free times, a booking (a visit
 * holding its cells of the grid, and a quote request in the pipeline with the booking's
 * messages), their own link to move or cancel it, and the reminders the day before.
 */
export class CustomerBookings extends BookingCore<CustomerBookingsDeps> {
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

  private none(settings: BookingSettings): BookingAvailability {
    return { timeZone: businessTimeZone, visitMinutes: settings.visitMinutes, days: [] };
  }

  private async byToken(token: string): Promise<BookingRecord> {
    const id = await this.deps.signer.verify('booking', token);
    const booking = id ? await this.deps.store.bookings.get(id) : null;
    if (!booking) throw new NotFoundError(bookingMessages.linkInvalid);
    return booking;
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
}

/** Until when a visit can be moved or cancelled online: its start less the minimum notice. */
const changeUntil = (booking: Pick<BookingRecord, 'start'>, settings: BookingSettings) =>
  Date.parse(booking.start) - settings.minNoticeHours * hourMs;
