import { nationalPhoneDigits, normaliseEmail, type Booking, type BookingBlock } from '@site/domain';
import { ConflictError } from './errors';

/**
 * A booked site measure as stored: the visit, its reminder, and the cells of the 15-minute
 * grid it holds (domain/booking-slots `gridCells`: from its start to its end and travel buffer).
 */
export interface BookingRecord extends Booking {
  /**
   * The one reminder 24 hours before: `pending` until due, `sending` once claimed, then `sent` or
   * `skipped`; `staff-pending` when the customer's part went and the staff's waits for opening hours.
   */
  reminder: 'pending' | 'sending' | 'staff-pending' | 'sent' | 'skipped';
  reminderDueAt: string;
  /** The grid cells held, as the instants (ms since 1970) they begin; none once cancelled. */
  cells: number[];
  /** When the customer's link was last emailed again because they tried to book one visit too many. */
  linkResentAt?: string;
}

/** Time kept free by staff, with the cells it holds (its start to its end, no buffer). */
export interface BookingBlockRecord extends BookingBlock {
  cells: number[];
}

/** What holds a taken cell: a booked visit or a block. */
export type CellHolder = 'booking' | 'block';

/** A cell a booking or block asked for is held already; `by` says by what. */
export class CellTakenError extends ConflictError {
  constructor(readonly by: CellHolder) {
    super(by === 'booking' ? 'That time has a booked visit' : 'That time is blocked');
  }
}

/**
 * Who holds a visit, each way we recognise a person: the email (case and spaces aside), the
 * mobile's digits as written nationally (0412 345 678 and +61 412 345 678 are one), and the
 * street with its postcode (case and spacing aside).
 */
export function bookingHolderKeys(booking: Pick<Booking, 'email' | 'mobile' | 'street' | 'postcode'>): string[] {
  const street = booking.street.trim().toLowerCase().replace(/\s+/g, ' ');
  return [
    `email:${normaliseEmail(booking.email)}`,
    `mobile:${nationalPhoneDigits(booking.mobile)}`,
    `place:${street}|${booking.postcode.trim()}`,
  ];
}

/** At most `max` booked visits starting after `now` per holder key (bookingHolderKeys) when a visit is booked. */
export interface HolderLimit {
  max: number;
  now: string;
}

/** A holder key of a new visit already has the limit's visits: `held` is the earliest of those it shares a key with. */
export class HolderLimitError extends ConflictError {
  constructor(readonly held: BookingRecord) {
    super('Too many visits booked');
  }
}

/**
 * The writes that hold and free the booking grid's cells. Each claims or frees a visit's or
 * a block's cells in the same transaction as its record, so two visits can never hold one
 * cell: SQLite with a unique key on the cell, Firestore with a document per cell created only
 * when absent. Reads go through the `bookings` and `bookingBlocks` collections.
 */
export interface BookingSlotStore {
  /**
   * Stores a new booking and holds its cells; CellTakenError, with nothing stored, when one is
   * held. With `limit`, in the same transaction: HolderLimitError, with nothing stored, when
   * one of its holder keys already has `limit.max` visits to come, so two requests at once
   * cannot both pass.
   */
  book(booking: BookingRecord, limit?: HolderLimit): Promise<void>;
  /**
   * Moves a booked visit: frees its cells and holds the patch's, with the patch applied, at
   * once. Null when it is not booked (gone or cancelled); CellTakenError, with nothing changed,
   * when a new cell is held by another.
   */
  move(
    id: string,
    patch: Pick<BookingRecord, 'start' | 'end' | 'cells' | 'sequence' | 'updatedAt' | 'reminder' | 'reminderDueAt'>,
  ): Promise<BookingRecord | null>;
  /** Cancels a booked visit and frees its cells; null when it is not booked. */
  cancel(id: string, patch: Pick<BookingRecord, 'updatedAt' | 'cancelledBy' | 'sequence'>): Promise<BookingRecord | null>;
  /** Deletes a booking (its lead was deleted) and frees its cells; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Stores a block holding its cells; CellTakenError when one is held by a visit or another block. */
  block(block: BookingBlockRecord): Promise<void>;
  /** Deletes a block and frees its cells; false when there was none. */
  unblock(id: string): Promise<boolean>;
}

/** A staff alert about a visit past the day's allowance, kept for the day's digest: what happened, not who (the booking says). */
export interface HeldBookingAlert {
  id: string;
  /** The business's day (Melbourne, yyyy-MM-dd) it happened on. */
  day: string;
  at: string;
  kind: 'confirmed' | 'moved' | 'cancelled';
  by?: 'customer' | 'staff';
  bookingId: string;
  /** The visit's start as it was then, and a moved visit's former start. */
  start: string;
  previousStart?: string;
}

/**
 * Staff alerts about bookings counted per business day: the first ones of a day go out one by
 * one, the rest wait for one digest once the day is over.
 */
export interface BookingAlertStore {
  /**
   * Counts an alert on its day, in one transaction: `send` for one of the first `perDay` (or
   * one whose day's digest went already), `held` when it is stored for the day's digest.
   */
  count(alert: HeldBookingAlert, perDay: number): Promise<'send' | 'held'>;
  /** The days before `day` with held alerts whose digest has not been claimed, oldest first. */
  undigested(before: string): Promise<string[]>;
  /**
   * Claims a day's digest: its held alerts in the order they happened, and the day marked so
   * no other run takes it and later alerts of that day go out one by one. Null when the day
   * had nothing held or another run claimed it.
   */
  claimDigest(day: string): Promise<HeldBookingAlert[] | null>;
  /** Deletes a claimed day's held alerts once its digest is queued. */
  digested(day: string): Promise<void>;
}
