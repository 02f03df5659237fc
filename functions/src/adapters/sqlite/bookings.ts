import type { Database } from 'better-sqlite3';
import {
  bookingHolderKeys,
  CellTakenError,
  HolderLimitError,
  type BookingAlertStore,
  type BookingBlockRecord,
  type BookingRecord,
  type BookingSlotStore,
  type CellHolder,
  type HeldBookingAlert,
  type HolderLimit,
} from '#functions/ports/bookings.ts';
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

  async book(booking: BookingRecord, limit?: HolderLimit): Promise<void> {
    const held = this.db.transaction((): string | null => {
      const over = limit ? this.overLimit(booking, limit) : null;
      if (over) return over;
      this.hold(booking.cells, 'booking', booking.id);
      this.bookings.insertNow(booking);
      return null;
    })();
    if (!held) return;
    const record = await this.bookings.get(held);
    if (record) throw new HolderLimitError(record);
    // That visit went in the moment since: the limit may hold no more, so ask again.
    return this.book(booking, limit);
  }

  /**
   * The earliest visit to come of a holder key that has `limit.max` of them already, if any.
   * Visits to come are few (the grid holds one at a time, up to the booking horizon), so they
   * are read and their keys compared here, inside the booking's transaction.
   */
  private overLimit(booking: BookingRecord, limit: HolderLimit): string | null {
    const keys = bookingHolderKeys(booking);
    const upcoming = this.db
      .prepare(`SELECT id, email, mobile, street, postcode FROM bookings WHERE "status" = 'booked' AND "start" > ? ORDER BY "start", id`)
      .all(limit.now) as Array<Pick<BookingRecord, 'id' | 'email' | 'mobile' | 'street' | 'postcode'>>;
    const byKey = new Map<string, string[]>(keys.map((key) => [key, []]));
    for (const visit of upcoming) for (const key of bookingHolderKeys(visit)) byKey.get(key)?.push(visit.id);
    const full = [...byKey.values()].filter((ids) => ids.length >= limit.max);
    if (!full.length) return null;
    // Each list is in start order: the earliest is the first visit of one of them.
    return upcoming.find((visit) => full.some((ids) => ids.includes(visit.id)))?.id ?? null;
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

/**
 * Staff alerts per business day on SQLite: `booking_alert_days` counts each day's alerts and
 * says where its digest is (`none` held, `pending` with alerts held, `claimed` once a run took
 * it); `booking_alerts` keeps the held ones until their digest is queued.
 */
export class SqliteBookingAlerts implements BookingAlertStore {
  constructor(private readonly db: Database) {}

  async count(alert: HeldBookingAlert, perDay: number): Promise<'send' | 'held'> {
    return this.db.transaction((): 'send' | 'held' => {
      this.db
        .prepare(
          `INSERT INTO booking_alert_days ("day", "count", "digest") VALUES (?, 1, 'none') ON CONFLICT ("day") DO UPDATE SET "count" = "count" + 1`,
        )
        .run(alert.day);
      const day = this.db.prepare(`SELECT "count", "digest" FROM booking_alert_days WHERE "day" = ?`).get(alert.day) as {
        count: number;
        digest: string;
      };
      if (day.count <= perDay || day.digest === 'claimed') return 'send';
      this.db.prepare(`UPDATE booking_alert_days SET "digest" = 'pending' WHERE "day" = ?`).run(alert.day);
      this.db
        .prepare(`INSERT INTO booking_alerts ("id", "day", "at", "alert") VALUES (?, ?, ?, ?)`)
        .run(alert.id, alert.day, alert.at, JSON.stringify(alert));
      return 'held';
    })();
  }

  async undigested(before: string): Promise<string[]> {
    const rows = this.db
      .prepare(`SELECT "day" FROM booking_alert_days WHERE "digest" = 'pending' AND "day" < ? ORDER BY "day" LIMIT 100`)
      .all(before) as Array<{ day: string }>;
    return rows.map((row) => row.day);
  }

  async claimDigest(day: string): Promise<HeldBookingAlert[] | null> {
    return this.db.transaction((): HeldBookingAlert[] | null => {
      const claimed = this.db
        .prepare(`UPDATE booking_alert_days SET "digest" = 'claimed' WHERE "day" = ? AND "digest" = 'pending'`)
        .run(day).changes;
      if (!claimed) return null;
      const rows = this.db.prepare(`SELECT "alert" FROM booking_alerts WHERE "day" = ? ORDER BY "at", "id"`).all(day) as Array<{
        alert: string;
      }>;
      return rows.map((row) => JSON.parse(row.alert) as HeldBookingAlert);
    })();
  }

  async digested(day: string): Promise<void> {
    this.db.prepare(`DELETE FROM booking_alerts WHERE "day" = ?`).run(day);
  }
}
