import type { Booking, BookingBlock } from '@site/domain';
import { ConflictError } from './errors';

/**
 * A booked site measure as stored: the visit, its reminder, and the cells of the 15-minute
 * grid it holds (domain/booking-slots `gridCells`: from its start to its end and travel buffer).
 */
export interface BookingRecord extends Booking {
  /** The one reminder 24 hours before: `pending` until due, `sending` once claimed, then `sent` or `skipped`. */
  reminder: 'pending' | 'sending' | 'sent' | 'skipped';
  reminderDueAt: string;
  /** The grid cells held, as the instants (ms since 1970) they begin; none once cancelled. */
  cells: number[];
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
 * The writes that hold and free the booking grid's cells. Each claims or frees a visit's or
 * a block's cells in the same transaction as its record, so two visits can never hold one
 * cell: SQLite with a unique key on the cell, Firestore with a document per cell created only
 * when absent. Reads go through the `bookings` and `bookingBlocks` collections.
 */
export interface BookingSlotStore {
  /** Stores a new booking and holds its cells; CellTakenError, with nothing stored, when one is held. */
  book(booking: BookingRecord): Promise<void>;
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
