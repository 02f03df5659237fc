import type { DocumentData, DocumentReference, Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
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
import { tables } from '#functions/ports/schema.ts';

/** gRPC's ALREADY_EXISTS, as firebase-admin reports a create over an existing document. */
const ALREADY_EXISTS = 6;
/** gRPC's FAILED_PRECONDITION: a document written since it was read. */
const FAILED_PRECONDITION = 9;

/** The collection of held 15-minute cells: one document per cell, its id the instant (ms) the cell begins. */
export const bookingCellsCollection = 'booking_cells';

/**
 * The seats of each holder key (ports/bookings `bookingHolderKeys`): `limit.max` documents per
 * key, `<sha256 of the key>-<n>` (no address or number written out), each naming the visit
 * that holds it. A booking takes a free seat of each of its keys in its cells' transaction, by
 * create-if-absent or by a write conditional on the seat unchanged since it was read (a seat
 * whose visit was cancelled, has passed or is gone is free), so of two bookings by one person
 * at once only one can take the last seat, without the transaction reading (and locking) the
 * visits to come. Visits booked before seats existed hold none.
 */
export const bookingHoldersCollection = 'booking_holders';

/** A free seat to take: absent, or held by a visit that no longer counts (then written only if unchanged). */
interface Seat {
  ref: DocumentReference;
  updateTime?: Timestamp;
}

/** A seat went to another booking between reading and taking it. */
class SeatTakenError extends Error {}

/** Each business day's count of staff alerts (its id the day) and the alerts it holds for its digest. */
export const bookingAlertDaysCollection = 'booking_alert_days';
export const bookingAlertsCollection = 'booking_alerts';

/** A record's fields as a document: no id (it is the document's), nothing undefined. */
function dataOf(record: object): DocumentData {
  return Object.fromEntries(Object.entries(record).filter(([key, value]) => key !== 'id' && value !== undefined));
}

/**
 * The booking grid on Firestore. Each write is one transaction that creates the cells'
 * documents with `create` (which fails when the document exists) beside the booking or block,
 * so of two customers sending the same time at once one commits and the other's whole
 * transaction fails: create-if-absent is Firestore's unique key.
 */
export class FirestoreBookingSlots implements BookingSlotStore {
  constructor(private readonly db: Firestore) {}

  private readonly bookings = () => this.db.collection(tables.bookings.name);
  private readonly blocks = () => this.db.collection(tables.bookingBlocks.name);
  private readonly cell = (cell: number) => this.db.collection(bookingCellsCollection).doc(String(cell));

  async book(booking: BookingRecord, limit?: HolderLimit): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const seats = limit ? await this.freeSeats(booking, limit) : [];
      try {
        await this.claiming(booking.cells, seats.length > 0, async (tx) => {
          const seat = { bookingId: booking.id, start: booking.start };
          for (const { ref, updateTime } of seats) {
            if (updateTime) tx.update(ref, seat, { lastUpdateTime: updateTime });
            else tx.create(ref, seat);
          }
          this.hold(tx, booking.cells, 'booking', booking.id);
          tx.create(this.bookings().doc(booking.id), dataOf(booking));
        });
        return;
      } catch (error) {
        // The same person's other request took a seat first: look at the seats again.
        if (!(error instanceof SeatTakenError) || attempt >= 5) throw error;
      }
    }
  }

  /** A free seat of each holder key of `booking`; HolderLimitError, with the earliest visit holding them, when a key has none. */
  private async freeSeats(booking: BookingRecord, limit: HolderLimit): Promise<Seat[]> {
    const keys = bookingHolderKeys(booking).map((key) => createHash('sha256').update(key).digest('hex'));
    const refs = keys.flatMap((key) =>
      Array.from({ length: limit.max }, (_, i) => this.db.collection(bookingHoldersCollection).doc(`${key}-${i + 1}`)),
    );
    const snaps = await this.db.getAll(...refs);
    const holders = [...new Set(snaps.filter((snap) => snap.exists).map((snap) => snap.get('bookingId') as string))];
    const visits = holders.length ? await this.db.getAll(...holders.map((id) => this.bookings().doc(id))) : [];
    const counting = new Map(
      visits
        .filter((snap) => snap.exists && snap.get('status') === 'booked' && (snap.get('start') as string) > limit.now)
        .map((snap) => [snap.id, { id: snap.id, ...snap.data() } as BookingRecord]),
    );
    const seats: Seat[] = [];
    const full: BookingRecord[] = [];
    keys.forEach((_, k) => {
      const mine = snaps.slice(k * limit.max, (k + 1) * limit.max);
      const free = mine.find((snap) => !snap.exists || !counting.has(snap.get('bookingId') as string));
      if (free) seats.push({ ref: free.ref, ...(free.exists ? { updateTime: free.updateTime } : {}) });
      else full.push(...mine.map((snap) => counting.get(snap.get('bookingId') as string)!));
    });
    if (full.length) throw new HolderLimitError(full.sort((a, b) => a.start.localeCompare(b.start))[0]);
    return seats;
  }

  async move(
    id: string,
    patch: Pick<BookingRecord, 'start' | 'end' | 'cells' | 'sequence' | 'updatedAt' | 'reminder' | 'reminderDueAt'>,
  ): Promise<BookingRecord | null> {
    const moved = await this.claiming(patch.cells, false, async (tx) => {
      const ref = this.bookings().doc(id);
      const snap = await tx.get(ref);
      if (!snap.exists || snap.get('status') !== 'booked') return false;
      const old = new Set((snap.get('cells') as number[] | undefined) ?? []);
      const next = new Set(patch.cells);
      for (const cell of old) if (!next.has(cell)) tx.delete(this.cell(cell));
      this.hold(
        tx,
        patch.cells.filter((cell) => !old.has(cell)),
        'booking',
        id,
      );
      tx.update(ref, dataOf(patch));
      return true;
    });
    return moved ? this.read(id) : null;
  }

  async cancel(id: string, patch: Pick<BookingRecord, 'updatedAt' | 'cancelledBy' | 'sequence'>): Promise<BookingRecord | null> {
    const cancelled = await this.db.runTransaction(async (tx) => {
      const ref = this.bookings().doc(id);
      const snap = await tx.get(ref);
      if (!snap.exists || snap.get('status') !== 'booked') return false;
      for (const cell of (snap.get('cells') as number[] | undefined) ?? []) tx.delete(this.cell(cell));
      tx.update(ref, { status: 'cancelled', cells: [], ...dataOf(patch) });
      return true;
    });
    return cancelled ? this.read(id) : null;
  }

  async remove(id: string): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.bookings().doc(id);
      const snap = await tx.get(ref);
      if (!snap.exists) return false;
      for (const cell of (snap.get('cells') as number[] | undefined) ?? []) tx.delete(this.cell(cell));
      tx.delete(ref);
      return true;
    });
  }

  async block(block: BookingBlockRecord): Promise<void> {
    await this.claiming(block.cells, false, async (tx) => {
      this.hold(tx, block.cells, 'block', block.id);
      tx.create(this.blocks().doc(block.id), dataOf(block));
    });
  }

  async unblock(id: string): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.blocks().doc(id);
      const snap = await tx.get(ref);
      if (!snap.exists) return false;
      for (const cell of (snap.get('cells') as number[] | undefined) ?? []) tx.delete(this.cell(cell));
      tx.delete(ref);
      return true;
    });
  }

  private async read(id: string): Promise<BookingRecord | null> {
    const snap = await this.bookings().doc(id).get();
    return snap.exists ? ({ id, ...snap.data() } as BookingRecord) : null;
  }

  private hold(tx: Transaction, cells: readonly number[], holder: CellHolder, holderId: string) {
    for (const cell of cells) tx.create(this.cell(cell), { holder, holderId });
  }

  /**
   * Runs a transaction that creates cells (and, with `seats`, takes holder seats); a cell that
   * exists fails it, and is answered as CellTakenError with its holder; a seat taken meanwhile
   * as SeatTakenError.
   */
  private async claiming<R>(cells: readonly number[], seats: boolean, work: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await this.db.runTransaction(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== ALREADY_EXISTS && !(seats && code === FAILED_PRECONDITION)) throw error;
      const held = await this.db.getAll(...cells.map((cell) => this.cell(cell)));
      const holder = held.find((snap) => snap.exists)?.get('holder') as CellHolder | undefined;
      if (!holder && seats) throw new SeatTakenError();
      throw new CellTakenError(holder ?? 'booking');
    }
  }
}

/**
 * Staff alerts per business day on Firestore: a document per day counts its alerts and says
 * where its digest is (`none` held, `pending` with alerts held, `claimed` once a run took it);
 * each held alert is a document of its own until its digest is queued. Only single-field
 * queries, which need no composite index.
 */
export class FirestoreBookingAlerts implements BookingAlertStore {
  constructor(private readonly db: Firestore) {}

  private readonly days = () => this.db.collection(bookingAlertDaysCollection);
  private readonly alerts = () => this.db.collection(bookingAlertsCollection);

  async count(alert: HeldBookingAlert, perDay: number): Promise<'send' | 'held'> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.days().doc(alert.day);
      const snap = await tx.get(ref);
      const count = ((snap.get('count') as number | undefined) ?? 0) + 1;
      const digest = (snap.get('digest') as string | undefined) ?? 'none';
      if (count <= perDay || digest === 'claimed') {
        tx.set(ref, { count, digest });
        return 'send';
      }
      tx.set(ref, { count, digest: 'pending' });
      tx.create(this.alerts().doc(alert.id), dataOf(alert));
      return 'held';
    });
  }

  async undigested(before: string): Promise<string[]> {
    const pending = await this.days().where('digest', '==', 'pending').get();
    return pending.docs
      .map((doc) => doc.id)
      .filter((day) => day < before)
      .sort()
      .slice(0, 100);
  }

  async claimDigest(day: string): Promise<HeldBookingAlert[] | null> {
    return this.db.runTransaction(async (tx) => {
      const ref = this.days().doc(day);
      const snap = await tx.get(ref);
      if (snap.get('digest') !== 'pending') return null;
      const held = await tx.get(this.alerts().where('day', '==', day));
      tx.update(ref, { digest: 'claimed' });
      return held.docs
        .map((doc) => ({ id: doc.id, ...doc.data() }) as HeldBookingAlert)
        .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    });
  }

  async digested(day: string): Promise<void> {
    const held = await this.alerts().where('day', '==', day).get();
    for (let i = 0; i < held.docs.length; i += 500) {
      const batch = this.db.batch();
      for (const doc of held.docs.slice(i, i + 500)) batch.delete(doc.ref);
      await batch.commit();
    }
  }
}
