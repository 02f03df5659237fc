import type { Database } from 'better-sqlite3';
import { CellTakenError, type BookingBlockRecord, type BookingRecord, type BookingSlotStore, type CellHolder } from '../../ports/bookings';
import type { SqliteCollection } from './collection';

/**
 * The booking grid on SQLite: `booking_cells` has one row per held 15-minute cell, keyed by
 * the cell, so a second holder's insert fails on the primary key and its whole transaction
 * (the booking or block with it) rolls back. better-sqlite3 runs each transaction
 * synchronously, so nothing else writes between its statements.
 */
export class SqliteBookingSlots implements BookingSlotStore {
  constructor(
    private readonly db: Database,
    private readonly bookings: SqliteCollection<BookingRecord>,
    private readonly blocks: SqliteCollection<BookingBlockRecord>,
  ) {}

  async book(booking: BookingRecord): Promise<void> {
    this.db.transaction(() => {
      this.hold(booking.cells, 'booking', booking.id);
      this.bookings.insertNow(booking);
    })();
  }

  async move(
    id: string,
    patch: Pick<BookingRecord, 'start' | 'end' | 'cells' | 'sequence' | 'updatedAt' | 'reminder' | 'reminderDueAt'>,
  ): Promise<BookingRecord | null> {
    const moved = this.db.transaction((): boolean => {
      const current = this.db.prepare(`SELECT status FROM bookings WHERE id = ?`).get(id) as { status: string } | undefined;
      if (current?.status !== 'booked') return false;
      this.free(id);
      this.hold(patch.cells, 'booking', id);
      this.db
        .prepare(
          `UPDATE bookings SET "start" = @start, "end" = @end, "cells" = @cells, "sequence" = @sequence, "updatedAt" = @updatedAt,
           "reminder" = @reminder, "reminderDueAt" = @reminderDueAt WHERE id = @id`,
        )
        .run({ ...patch, cells: JSON.stringify(patch.cells), id });
      return true;
    })();
    return moved ? this.bookings.get(id) : null;
  }

  async cancel(id: string, patch: Pick<BookingRecord, 'updatedAt' | 'cancelledBy' | 'sequence'>): Promise<BookingRecord | null> {
    const cancelled = this.db.transaction((): boolean => {
      const changed = this.db
        .prepare(
          `UPDATE bookings SET "status" = 'cancelled', "cells" = '[]', "updatedAt" = @updatedAt, "cancelledBy" = @cancelledBy,
           "sequence" = @sequence WHERE id = @id AND "status" = 'booked'`,
        )
        .run({ id, updatedAt: patch.updatedAt, cancelledBy: patch.cancelledBy ?? null, sequence: patch.sequence }).changes;
      if (changed) this.free(id);
      return changed === 1;
    })();
    return cancelled ? this.bookings.get(id) : null;
  }

  async remove(id: string): Promise<boolean> {
    return this.db.transaction(() => {
      this.free(id);
      return this.db.prepare(`DELETE FROM bookings WHERE id = ?`).run(id).changes === 1;
    })();
  }

  async block(block: BookingBlockRecord): Promise<void> {
    this.db.transaction(() => {
      this.hold(block.cells, 'block', block.id);
      this.blocks.insertNow(block);
    })();
  }

  async unblock(id: string): Promise<boolean> {
    return this.db.transaction(() => {
      this.free(id);
      return this.db.prepare(`DELETE FROM booking_blocks WHERE id = ?`).run(id).changes === 1;
    })();
  }

  /** Holds each cell for `holderId`; throws CellTakenError (rolling the caller's transaction back) at the first one held. */
  private hold(cells: readonly number[], holder: CellHolder, holderId: string) {
    const insert = this.db.prepare(`INSERT INTO booking_cells (cell, holder, holderId) VALUES (?, ?, ?)`);
    for (const cell of cells) {
      try {
        insert.run(cell, holder, holderId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw error;
        const taken = this.db.prepare(`SELECT holder FROM booking_cells WHERE cell = ?`).get(cell) as { holder: CellHolder };
        throw new CellTakenError(taken.holder);
      }
    }
  }

  private free(holderId: string) {
    this.db.prepare(`DELETE FROM booking_cells WHERE holderId = ?`).run(holderId);
  }
}
