import {
  FieldPath,
  FieldValue,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { ConflictError, NotFoundError } from '#functions/ports/errors.ts';
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  type Collection,
  type CursorValue,
  type FindQuery,
  type Page,
  type Range,
  type Scalar,
  type Where,
} from '#functions/ports/store.ts';
import type { TableSpec } from '#functions/ports/schema.ts';
import { searchTokens } from '#functions/ports/search.ts';

type Fields = Record<string, unknown>;
type Patch<T> = Partial<Omit<T, 'id'>>;

/** A patch split for the document and its private part; see FirestoreCollection.toChanges. */
interface Changes {
  update: DocumentData;
  hidden: Fields | null;
  merged: Fields;
}

/** Most writes one commit may carry; deleteMany splits into batches of this size. */
export const MAX_BATCH_WRITES = 500;

/** gRPC status codes firebase-admin reports on its errors. */
const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;

/** Where a collection's private fields live: rules show this collection to the admin only. */
export function privateCollectionName(name: string): string {
  return `${name}_private`;
}

/**
 * One Firestore collection behind the Collection port. The document id is the record's
 * `id`; the other fields named by the TableSpec are stored as they are (strings, numbers,
 * booleans, arrays), and absent optional fields are absent in the document too.
 * Field names come only from the TableSpec, as in the SQLite adapter.
 *
 * The spec's `private` fields are kept out of the document, because rules cannot hide a
 * field of a document they let someone read: they go to `${name}_private/{id}` (only when
 * one has a value), written in the same commit as the document, deleted with it, and
 * merged back on every read, so callers see one record. They cannot be queried.
 */
export class FirestoreCollection<T extends { id: string }> implements Collection<T> {
  private readonly ref: CollectionReference;
  private readonly fields: readonly string[];
  private readonly privateFields: ReadonlySet<string>;
  /** `${name}_private`; null when the spec names no private field. */
  private readonly privateRef: CollectionReference | null;

  constructor(
    private readonly db: Firestore,
    private readonly spec: TableSpec,
  ) {
    this.ref = db.collection(spec.name);
    this.fields = Object.keys(spec.columns).filter((name) => name !== 'id');
    this.privateFields = new Set(spec.private ?? []);
    for (const name of this.privateFields) {
      if (!this.fields.includes(name) || spec.unique?.includes(name) || spec.indexes?.some((index) => index.includes(name))) {
        throw new Error(`${spec.name}.${name} cannot be private: it must be a field that is neither unique nor indexed`);
      }
    }
    this.privateRef = this.privateFields.size ? db.collection(privateCollectionName(spec.name)) : null;
  }

  /**
   * Adds this document's creation to a batch that other writes share (a lead and its
   * messages). Only for collections without unique fields, which need a transaction.
   */
  createIn(batch: WriteBatch, doc: T): void {
    if (!isDocumentId(doc.id)) throw new Error(`Invalid document id for ${this.spec.name}: ${JSON.stringify(doc.id)}`);
    if (this.spec.unique?.length) throw new Error(`${this.spec.name} has unique fields: insert it on its own`);
    const { data, hidden } = this.split(this.toData(doc as unknown as Fields));
    batch.create(this.ref.doc(doc.id), data);
    if (hidden && this.privateRef) batch.set(this.privateRef.doc(doc.id), hidden);
  }

  async insert(doc: T): Promise<T> {
    if (!isDocumentId(doc.id)) throw new Error(`Invalid document id for ${this.spec.name}: ${JSON.stringify(doc.id)}`);
    const ref = this.ref.doc(doc.id);
    const { data, hidden } = this.split(this.toData(doc as unknown as Fields));
    const unique = (this.spec.unique ?? []).filter((field) => data[field] !== undefined);
    try {
      if (!unique.length) {
        // create() carries an exists=false precondition: atomic without a transaction.
        if (!hidden || !this.privateRef) {
          await ref.create(data);
          return doc;
        }
        // One commit: when the document exists the whole batch fails, private part included.
        await this.db.batch().create(ref, data).set(this.privateRef.doc(doc.id), hidden).commit();
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
        if (hidden && this.privateRef) tx.set(this.privateRef.doc(doc.id), hidden);
      });
    } catch (error) {
      if (hasCode(error, ALREADY_EXISTS)) throw new ConflictError();
      throw error;
    }
    return doc;
  }

  async get(id: string): Promise<T | null> {
    if (!isDocumentId(id)) return null;
    const ref = this.ref.doc(id);
    if (!this.privateRef) return this.fromSnapshot(await ref.get());
    // One round trip for both documents, read at the same time.
    const [snap, hidden] = await this.db.getAll(ref, this.privateRef.doc(id));
    return this.fromSnapshot(snap, hidden);
  }

  async findOne(where: Where<T>): Promise<T | null> {
    if (where.id !== undefined) return this.getMatching(where);
    const q = this.filtered(where);
    if (!q) return null;
    const snap = await q.limit(1).get();
    return snap.empty ? null : ((await this.withPrivate(snap.docs))[0] ?? null);
  }

  async find(query: FindQuery<T>): Promise<Page<T>> {
    let cursor: CursorValue | undefined;
    if (query.after !== undefined) {
      cursor = decodeCursor(query.after) ?? undefined;
      if (!cursor || !isDocumentId(cursor.id)) throw new InvalidCursorError();
    }
    const byId = query.orderBy === 'id';
    const order = byId ? FieldPath.documentId() : this.queryField(query.orderBy);
    const filtered = this.searched(this.filtered(query.where), query.search);
    if (!filtered) return { items: [] };
    let q = filtered;
    if (query.lessThan !== undefined) q = q.where(order, '<', query.lessThan);
    if (query.atLeast !== undefined) q = q.where(order, '>=', query.atLeast);
    q = q.orderBy(order, query.direction);
    // Ties in the order field are broken by id in the same direction, as in SQLite, so the
    // cursor (value, id) names one position and paging never skips or repeats.
    if (!byId) q = q.orderBy(FieldPath.documentId(), query.direction);
    if (cursor) q = byId ? q.startAfter(cursor.id) : q.startAfter(cursor.v, cursor.id);
    const snap = await q.limit(query.limit + 1).get();
    const items = await this.withPrivate(snap.docs.slice(0, query.limit));
    const last = items[items.length - 1];
    const next =
      snap.size > query.limit && last ? encodeCursor({ v: (last as unknown as Fields)[query.orderBy] as Scalar, id: last.id }) : undefined;
    return { items, next };
  }

  async count(where?: Where<T>, range?: Range<T>, search?: string): Promise<number> {
    if (where?.id !== undefined && !range && search === undefined) return (await this.getMatching(where)) ? 1 : 0;
    let q = this.searched(this.filtered(where), search);
    if (!q) return 0;
    if (range) {
      const field = this.queryField(range.field);
      q = q.where(field, '>=', range.from).where(field, '<', range.to);
    }
    const snap = await q.count().get();
    return snap.data().count;
  }

  async update(id: string, patch: Patch<T>): Promise<T | null> {
    if (!isDocumentId(id)) return null;
    const changes = this.toChanges(patch as Fields);
    return this.db.runTransaction(async (tx) => {
      // The private part is read even when untouched: the updated record includes it.
      const { snap, hidden } = await this.read(tx, id, true);
      if (!snap.exists) return null;
      this.write(tx, id, changes, hidden);
      return this.fromData(id, { ...snap.data(), ...hidden?.data(), ...changes.merged });
    });
  }

  async transform(id: string, change: (current: T) => Patch<T> | null): Promise<T | null> {
    if (!isDocumentId(id)) return null;
    return this.db.runTransaction(async (tx) => {
      const { snap, hidden } = await this.read(tx, id, true);
      const current = this.fromSnapshot(snap, hidden);
      if (!current) return null;
      const patch = change(current);
      if (patch === null) return current;
      const changes = this.toChanges(patch as Fields);
      this.write(tx, id, changes, hidden);
      return this.fromData(id, { ...snap.data(), ...hidden?.data(), ...changes.merged });
    });
  }

  async updateIf(id: string, expected: Where<T>, patch: Patch<T>): Promise<boolean> {
    if (!isDocumentId(id)) return false;
    const changes = this.toChanges(patch as Fields);
    const conditions = Object.entries(expected).filter(([, value]) => value !== undefined);
    for (const [key] of conditions) if (key !== 'id') this.queryField(key);
    return this.db.runTransaction(async (tx) => {
      const { snap, hidden } = await this.read(tx, id, changes.hidden !== null);
      const stored = snap.data();
      if (!snap.exists || !stored) return false;
      // Compared as a read shows the document: a field it predates has its default.
      const data: Fields = { ...this.spec.defaults, ...stored };
      for (const [key, value] of conditions) {
        if ((key === 'id' ? snap.id : data[key]) !== value) return false;
      }
      this.write(tx, id, changes, hidden);
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
    const changes = new Map([...merged].map(([id, patch]) => [id, this.toChanges(patch)]));
    const refs = [...merged.keys()].map((id) => this.ref.doc(id));
    // Private parts are read only for the patches that change them, in the same read.
    const privateRefs = this.privateRef ? [...changes].filter(([, change]) => change.hidden).map(([id]) => this.privateDoc(id)) : [];
    await this.db.runTransaction(async (tx) => {
      const snaps = await tx.getAll(...refs, ...privateRefs);
      const missing = snaps.slice(0, refs.length).find((snap) => !snap.exists);
      if (missing) throw new NotFoundError(`No document ${missing.id}`);
      const hidden = new Map(snaps.slice(refs.length).map((snap) => [snap.id, snap]));
      for (const [id, change] of changes) this.write(tx, id, change, hidden.get(id));
    });
  }

  async delete(id: string): Promise<boolean> {
    if (!isDocumentId(id)) return false;
    const ref = this.ref.doc(id);
    try {
      if (!this.privateRef) await ref.delete({ exists: true });
      // One commit: a missing document fails it as a whole.
      else await this.db.batch().delete(ref, { exists: true }).delete(this.privateRef.doc(id)).commit();
      return true;
    } catch (error) {
      if (hasCode(error, NOT_FOUND)) return false;
      throw error;
    }
  }

  async deleteMany(ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)].filter(isDocumentId);
    const perBatch = this.privateRef ? Math.floor(MAX_BATCH_WRITES / 2) : MAX_BATCH_WRITES;
    for (let start = 0; start < unique.length; start += perBatch) {
      const batch = this.db.batch();
      for (const id of unique.slice(start, start + perBatch)) {
        batch.delete(this.ref.doc(id));
        if (this.privateRef) batch.delete(this.privateRef.doc(id));
      }
      await batch.commit();
    }
  }

  // ------------------------------------------------------------------ helpers

  private field(name: string): string {
    if (!(name in this.spec.columns)) throw new Error(`Unknown field ${this.spec.name}.${name}`);
    return name;
  }

  /** A field a query may filter or order by: any but a private one. */
  private queryField(name: string): string {
    if (this.privateFields.has(name)) {
      throw new Error(
        `${this.spec.name}.${name} is private (kept in ${privateCollectionName(this.spec.name)}): it cannot be filtered, ordered or compared on`,
      );
    }
    return this.field(name);
  }

  /** With an id among the conditions, one point read answers: cheaper than a query. */
  private async getMatching(where: Where<T>): Promise<T | null> {
    const conditions = Object.entries(where).filter(([key, value]) => key !== 'id' && value !== undefined);
    for (const [key] of conditions) this.queryField(key);
    const doc = await this.get(String(where.id));
    if (!doc) return null;
    for (const [key, value] of conditions) if ((doc as unknown as Fields)[key] !== value) return null;
    return doc;
  }

  /** Only documents whose search tokens contain the term (array-contains on the token field). */
  private searched(q: Query | null, search: string | undefined): Query | null {
    if (!q || search === undefined) return q;
    if (!this.spec.search) throw new Error(`${this.spec.name} cannot be searched`);
    return q.where(this.spec.search.field, 'array-contains', search);
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
        q = q.where(this.queryField(key), '==', value);
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
    if (this.spec.search) data[this.spec.search.field] = searchTokens(this.spec.search, doc);
    return data;
  }

  /** Stored fields split into the document's and the private ones (null when there are none). */
  private split(all: DocumentData): { data: DocumentData; hidden: DocumentData | null } {
    const data: DocumentData = {};
    const hidden: DocumentData = {};
    for (const [name, value] of Object.entries(all)) (this.privateFields.has(name) ? hidden : data)[name] = value;
    return { data, hidden: Object.keys(hidden).length ? hidden : null };
  }

  /**
   * A patch as a Firestore update of the document (undefined or null removes the field, as
   * NULL does in SQLite), as the private fields it sets or removes (null when it touches none),
   * and as the plain values to merge into what was read.
   */
  private toChanges(patch: Fields): Changes {
    const update: DocumentData = {};
    const merged: Fields = {};
    let hidden: Fields | null = null;
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'id') continue;
      const name = this.field(key);
      if (this.spec.search && (name === this.spec.search.field || name in this.spec.search.fields)) {
        // The tokens are made from the whole document at insert; leads' contact details are never edited.
        throw new Error(`${this.spec.name}.${name} is searched and cannot be updated`);
      }
      const absent = value === undefined || value === null;
      merged[name] = absent ? undefined : value;
      if (this.privateFields.has(name)) (hidden ??= {})[name] = merged[name];
      else update[name] = absent ? FieldValue.delete() : value;
    }
    if (!Object.keys(merged).length) throw new Error('Empty update');
    return { update, hidden, merged };
  }

  private privateDoc(id: string): DocumentReference {
    if (!this.privateRef) throw new Error(`${this.spec.name} has no private fields`);
    return this.privateRef.doc(id);
  }

  /** A transaction's read of the document and, when asked and the collection has one, its private part. */
  private async read(tx: Transaction, id: string, withPrivate: boolean): Promise<{ snap: DocumentSnapshot; hidden?: DocumentSnapshot }> {
    const ref = this.ref.doc(id);
    if (!withPrivate || !this.privateRef) return { snap: await tx.get(ref) };
    const [snap, hidden] = await tx.getAll(ref, this.privateRef.doc(id));
    return { snap, hidden };
  }

  /**
   * Applies changes to an existing document in a transaction. The private part is rewritten
   * whole from `current` (read in the same transaction) and the patch, or deleted once no
   * private field is left, so removing a field needs no FieldValue.delete() there.
   */
  private write(tx: Transaction, id: string, changes: Changes, current: DocumentSnapshot | undefined): void {
    if (Object.keys(changes.update).length) tx.update(this.ref.doc(id), changes.update);
    if (!changes.hidden) return;
    const next: DocumentData = {};
    for (const [name, value] of Object.entries({ ...current?.data(), ...changes.hidden })) {
      if (this.privateFields.has(name) && value !== undefined && value !== null) next[name] = value;
    }
    const ref = this.privateDoc(id);
    if (Object.keys(next).length) tx.set(ref, next);
    else if (current?.exists) tx.delete(ref);
  }

  /** Records from query results, with their private parts fetched in one read for the page. */
  private async withPrivate(snaps: readonly DocumentSnapshot[]): Promise<T[]> {
    let hidden = new Map<string, DocumentSnapshot>();
    if (this.privateRef && snaps.length) {
      const privateRef = this.privateRef;
      const parts = await this.db.getAll(...snaps.map((snap) => privateRef.doc(snap.id)));
      hidden = new Map(parts.map((part) => [part.id, part]));
    }
    const items: T[] = [];
    for (const snap of snaps) {
      const item = this.fromSnapshot(snap, hidden.get(snap.id));
      if (item) items.push(item);
    }
    return items;
  }

  private fromSnapshot(snap: DocumentSnapshot, hidden?: DocumentSnapshot): T | null {
    const data = snap.data();
    return snap.exists && data ? this.fromData(snap.id, { ...data, ...hidden?.data() }) : null;
  }

  private fromData(id: string, data: Fields): T {
    const doc: Fields = { id };
    for (const name of this.fields) {
      const value = data[name];
      if (value !== undefined && value !== null && name !== this.spec.search?.field) doc[name] = value;
    }
    for (const [name, value] of Object.entries(this.spec.defaults ?? {})) doc[name] ??= structuredClone(value);
    for (const [name, from] of Object.entries(this.spec.defaultsFrom ?? {})) doc[name] ??= doc[from];
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
