import {
  FieldPath,
  FieldValue,
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  ConflictError,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  NotFoundError,
  type Collection,
  type CursorValue,
  type FindQuery,
  type Page,
  type Scalar,
  type Where,
} from '../../ports/store';
import type { TableSpec } from '../../ports/schema';

type Fields = Record<string, unknown>;
type Patch<T> = Partial<Omit<T, 'id'>>;

/** Most writes one commit may carry; deleteMany splits into batches of this size. */
export const MAX_BATCH_WRITES = 500;

/** gRPC status codes firebase-admin reports on its errors. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;

/**
 * One Firestore collection behind the Collection port. The document id is the record's
 * `id`; the other fields named by the TableSpec are stored as they are (strings, numbers,
 * booleans, arrays), and absent optional fields are absent in the document too.
 * Field names come only from the TableSpec, as in the SQLite adapter.
 */
export class FirestoreCollection<T extends { id: string }> implements Collection<T> {
  private readonly ref: CollectionReference;
  private readonly fields: readonly string[];

  constructor(
    private readonly db: Firestore,
    private readonly spec: TableSpec,
  ) {
    this.ref = db.collection(spec.name);
    this.fields = Object.keys(spec.columns).filter((name) => name !== 'id');
  }

  async insert(doc: T): Promise<T> {
    if (!isDocumentId(doc.id)) throw new Error(`Invalid document id for ${this.spec.name}: ${JSON.stringify(doc.id)}`);
    const ref = this.ref.doc(doc.id);
    const data = this.toData(doc as unknown as Fields);
    const unique = (this.spec.unique ?? []).filter((field) => data[field] !== undefined);
    try {
      if (!unique.length) {
        // create() carries an exists=false precondition: atomic without a transaction.
        await ref.create(data);
        return doc;
      }
      await this.db.runTransaction(async (tx) => {
        // A transaction's query locks what it read (also the absence of a match), so two
        // concurrent inserts of the same unique value cannot both commit.
        for (const field of unique) {
          const taken = await tx.get(this.ref.where(field, '==', data[field]).limit(1));
          if (!taken.empty) throw new ConflictError();
        }
        if ((await tx.get(ref)).exists) throw new ConflictError();
        tx.create(ref, data);
      });
    } catch (error) {
      if (hasCode(error, ALREADY_EXISTS)) throw new ConflictError();
      throw error;
    }
    return doc;
  }

  async get(id: string): Promise<T | null> {
    if (!isDocumentId(id)) return null;
    return this.fromSnapshot(await this.ref.doc(id).get());
  }

  async findOne(where: Where<T>): Promise<T | null> {
    if (where.id !== undefined) return this.getMatching(where);
    const q = this.filtered(where);
    if (!q) return null;
    const snap = await q.limit(1).get();
    return snap.empty ? null : this.fromSnapshot(snap.docs[0]);
  }

  async find(query: FindQuery<T>): Promise<Page<T>> {
    let cursor: CursorValue | undefined;
    if (query.after !== undefined) {
      cursor = decodeCursor(query.after) ?? undefined;
      if (!cursor || !isDocumentId(cursor.id)) throw new InvalidCursorError();
    }
    const byId = query.orderBy === 'id';
    const order = byId ? FieldPath.documentId() : this.field(query.orderBy);
    const filtered = this.filtered(query.where);
    if (!filtered) return { items: [] };
    let q = filtered;
    if (query.lessThan !== undefined) q = q.where(order, '<', query.lessThan);
    q = q.orderBy(order, query.direction);
    // Ties in the order field are broken by id in the same direction, as in SQLite, so the
    // cursor (value, id) names one position and paging never skips or repeats.
    if (!byId) q = q.orderBy(FieldPath.documentId(), query.direction);
    if (cursor) q = byId ? q.startAfter(cursor.id) : q.startAfter(cursor.v, cursor.id);
    const snap = await q.limit(query.limit + 1).get();
    const items: T[] = [];
    for (const docSnap of snap.docs.slice(0, query.limit)) {
      const item = this.fromSnapshot(docSnap);
      if (item) items.push(item);
    }
    const last = items[items.length - 1];
    const next =
      snap.size > query.limit && last
        ? encodeCursor({ v: (last as unknown as Fields)[query.orderBy] as Scalar, id: last.id })
        : undefined;
    return { items, next };
  }

  async count(where?: Where<T>): Promise<number> {
    if (where?.id !== undefined) return (await this.getMatching(where)) ? 1 : 0;
    const q = this.filtered(where);
    if (!q) return 0;
    const snap = await q.count().get();
    return snap.data().count;
  }

  async update(id: string, patch: Patch<T>): Promise<T | null> {
    if (!isDocumentId(id)) return null;
    const ref = this.ref.doc(id);
    const changes = this.toChanges(patch as Fields);
    return this.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap.exists) return null;
      tx.update(ref, changes.update);
      return this.fromData(id, { ...snap.data(), ...changes.merged });
    });
  }

  async updateIf(id: string, expected: Where<T>, patch: Patch<T>): Promise<boolean> {
    if (!isDocumentId(id)) return false;
    const ref = this.ref.doc(id);
    const changes = this.toChanges(patch as Fields);
    const conditions = Object.entries(expected).filter(([, value]) => value !== undefined);
    for (const [key] of conditions) if (key !== 'id') this.field(key);
    return this.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const data = snap.data();
      if (!snap.exists || !data) return false;
      for (const [key, value] of conditions) {
        if ((key === 'id' ? snap.id : data[key]) !== value) return false;
      }
      tx.update(ref, changes.update);
      return true;
    });
  }

  async updateMany(updates: ReadonlyArray<{ id: string; patch: Patch<T> }>): Promise<void> {
    // Several patches for one id apply in order, as they do in SQLite.
    const merged = new Map<string, Fields>();
    for (const { id, patch } of updates) {
      this.toChanges(patch as Fields); // rejects an empty patch or an unknown field before anything is read
      merged.set(id, { ...merged.get(id), ...(patch as Fields) });
    }
    if (!merged.size) return;
    for (const id of merged.keys()) if (!isDocumentId(id)) throw new NotFoundError(`No document ${id}`);
    const refs = [...merged.keys()].map((id) => this.ref.doc(id));
    await this.db.runTransaction(async (tx) => {
      const snaps = await tx.getAll(...refs);
      const missing = snaps.find((snap) => !snap.exists);
      if (missing) throw new NotFoundError(`No document ${missing.id}`);
      for (const ref of refs) tx.update(ref, this.toChanges(merged.get(ref.id) ?? {}).update);
    });
  }

  async delete(id: string): Promise<boolean> {
    if (!isDocumentId(id)) return false;
    try {
      await this.ref.doc(id).delete({ exists: true });
      return true;
    } catch (error) {
      if (hasCode(error, NOT_FOUND)) return false;
      throw error;
    }
  }

  async deleteMany(ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)].filter(isDocumentId);
    for (let start = 0; start < unique.length; start += MAX_BATCH_WRITES) {
      const batch = this.db.batch();
      for (const id of unique.slice(start, start + MAX_BATCH_WRITES)) batch.delete(this.ref.doc(id));
      await batch.commit();
    }
  }

  // ------------------------------------------------------------------ helpers

  private field(name: string): string {
    if (!(name in this.spec.columns)) throw new Error(`Unknown field ${this.spec.name}.${name}`);
    return name;
  }

  /** With an id among the conditions, one point read answers: cheaper than a query. */
  private async getMatching(where: Where<T>): Promise<T | null> {
    const doc = await this.get(String(where.id));
    if (!doc) return null;
    for (const [key, value] of Object.entries(where)) {
      if (key !== 'id' && value !== undefined && (doc as unknown as Fields)[this.field(key)] !== value) return null;
    }
    return doc;
  }

  /** The collection filtered by equality on each field; null when it cannot match anything. */
  private filtered(where: Where<T> | undefined): Query | null {
    let q: Query = this.ref;
    for (const [key, value] of Object.entries(where ?? {})) {
      if (value === undefined) continue;
      if (key === 'id') {
        if (typeof value !== 'string' || !isDocumentId(value)) return null;
        q = q.where(FieldPath.documentId(), '==', value);
      } else {
        q = q.where(this.field(key), '==', value);
      }
    }
    return q;
  }

  /** The stored fields of a new document: known fields only, never `id`, never null or undefined. */
  private toData(doc: Fields): DocumentData {
    const data: DocumentData = {};
    for (const name of this.fields) {
      const value = doc[name];
      if (value !== undefined && value !== null) data[name] = value;
    }
    return data;
  }

  /**
   * A patch as a Firestore update (undefined or null removes the field, as NULL does in
   * SQLite) and as the plain values to merge into what was read.
   */
  private toChanges(patch: Fields): { update: DocumentData; merged: Fields } {
    const update: DocumentData = {};
    const merged: Fields = {};
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'id') continue;
      const name = this.field(key);
      const absent = value === undefined || value === null;
      update[name] = absent ? FieldValue.delete() : value;
      merged[name] = absent ? undefined : value;
    }
    if (!Object.keys(update).length) throw new Error('Empty update');
    return { update, merged };
  }

  private fromSnapshot(snap: DocumentSnapshot): T | null {
    const data = snap.data();
    return snap.exists && data ? this.fromData(snap.id, data) : null;
  }

  private fromData(id: string, data: Fields): T {
    const doc: Fields = { id };
    for (const name of this.fields) {
      const value = data[name];
      if (value !== undefined && value !== null) doc[name] = value;
    }
    return doc as T;
  }
}

/**
 * Whether `id` names a document directly inside a collection. Anything else (a slash would
 * reach into a subcollection) cannot be one of ours, so it reads as missing.
 */
export function isDocumentId(id: string): boolean {
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    Buffer.byteLength(id, 'utf8') <= 1500 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id)
  );
}

function hasCode(error: unknown, code: number): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
