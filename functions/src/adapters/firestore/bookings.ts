import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import { CellTakenError, type BookingBlockRecord, type BookingRecord, type BookingSlotStore, type CellHolder } from '../../ports/bookings';
import { tables } from '../../ports/schema';

/** gRPC's ALREADY_EXISTS, as firebase-admin reports a create over an existing document. */
const ALREADY_EXISTS = 6;

/** The collection of held 15-minute cells: one document per cell, its id the instant (ms) the cell begins. */
export const bookingCellsCollection = 'booking_cells';

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

  async book(booking: BookingRecord): Promise<void> {
    await this.claiming(booking.cells, async (tx) => {
      this.hold(tx, booking.cells, 'booking', booking.id);
      tx.create(this.bookings().doc(booking.id), dataOf(booking));
    });
  }

  async move(
    id: string,
    patch: Pick<BookingRecord, 'start' | 'end' | 'cells' | 'sequence' | 'updatedAt' | 'reminder' | 'reminderDueAt'>,
  ): Promise<BookingRecord | null> {
    const moved = await this.claiming(patch.cells, async (tx) => {
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
    await this.claiming(block.cells, async (tx) => {
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

  /** Runs a transaction that creates cells; a cell that exists fails it, and is answered as CellTakenError with its holder. */
  private async claiming<R>(cells: readonly number[], work: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await this.db.runTransaction(work);
    } catch (error) {
      if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
      const held = await this.db.getAll(...cells.map((cell) => this.cell(cell)));
      const holder = held.find((snap) => snap.exists)?.get('holder') as CellHolder | undefined;
      throw new CellTakenError(holder ?? 'booking');
    }
  }
}
