import {
  bookingMessages,
  type Booking,
  type BookingBlock,
  type BookingBlockInput,
  type BookingCalendar,
  type NextVisit,
} from '@site/domain';
import { gridCells } from '@site/domain/booking-slots';
import { newId } from '../ids';
import { CellTakenError, type BookingBlockRecord, type BookingRecord } from '../ports/bookings';
import { ConflictError, InvalidError, NotFoundError } from '../ports/errors';
import { bookingDigestMessages, leadMessageId } from './lead-messages';
import { BookingCore, SlotTakenError, dayMs, isOpen, staffAlertsPerDay, today } from './booking-shared';

/** The calendar's range at most: a month and a bit, as a week or a month view asks. */
const calendarMaxMs = 62 * dayMs;

/**
 * The staff's calendar of site measures: the visits and blocked time of a week or month, one
 * visit, moving or cancelling it (the customer is told), blocking time, and the digest of a
 * busy day's alerts.
 */
export class StaffCalendar extends BookingCore {
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
}

function adminView(record: BookingRecord): Booking {
  const { reminder: _reminder, reminderDueAt: _due, cells: _cells, linkResentAt: _resent, ...booking } = record;
  return booking;
}

function blockView(record: BookingBlockRecord): BookingBlock {
  const { cells: _cells, ...block } = record;
  return block;
}
