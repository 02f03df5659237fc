/**
 * Test support: the in-process `@firestore-emulator/server` (gRPC, what firebase-admin
 * speaks), plus the query semantics its 0.3.15 release lacks. Never imported by app code.
 *
 * What 0.3.15's `FirestoreState.v1Query` does: filter, sort by the `order_by` fields, cut
 * at `limit`. What it lacks, each of which a Store contract test depends on:
 *  - ordering by `__name__` (FieldPath.documentId()): it reads `__name__` as a document
 *    field, finds none, and leaves ties in insertion order;
 *  - the implicit trailing `__name__` order real Firestore appends to every query;
 *  - `start_at` / `end_at` cursors (startAfter, startAt, endBefore, endAt): ignored, so
 *    every page after the first is the first page again;
 *  - `offset`: ignored;
 *  - leaving out documents that lack an ordered field: it sorts them last instead.
 * `completeQuerySemantics` wraps `v1Query` so that it keeps the emulator's own filtering
 * and adds exactly those, as Firestore documents them. Nothing else is changed: not
 * transactions (the emulator's are not isolated: BeginTransaction hands out a fixed id,
 * reads take no locks and Commit applies writes one by one, so a failed precondition
 * leaves the earlier writes of the same commit applied), not field deletes
 * (FieldValue.delete() is ignored: fields named in the update mask but absent from the
 * write are kept), not filters on `__name__`.
 */
import { createServer } from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';

type State = FirestoreServer['state'];
type StructuredQuery = Parameters<State['v1Query']>[1];
type StateDocument = ReturnType<State['v1Query']>[number];
type StateField = NonNullable<ReturnType<StateDocument['getField']>>;
type CursorMessage = StructuredQuery['start_at'];
type ValueMessage = CursorMessage['values'][number];
interface QueryParts {
  from: StructuredQuery['from'];
  order_by: StructuredQuery['order_by'];
  where?: StructuredQuery['where'];
}

/** StructuredQuery.Direction.DESCENDING in google/firestore/v1/query.proto. */
const DESCENDING = 2;
const NAME = '__name__';

/** A value reduced to what ordering needs, ranked in Firestore's cross-type order. */
type Comparable =
  | { rank: 0 }
  | { rank: 1; value: boolean }
  | { rank: 2; value: number }
  | { rank: 4; value: string }
  | { rank: 6; value: string };

interface Ordering {
  path: string;
  descending: boolean;
}

export interface InProcessEmulator {
  server: FirestoreServer;
  /** host:port for firebase-admin's `settings({ host, ssl: false })`. */
  host: string;
  stop(): void;
}

export async function startInProcessEmulator(): Promise<InProcessEmulator> {
  const port = await freePort();
  const server = new FirestoreServer();
  completeQuerySemantics(server.state);
  await server.start(port);
  return { server, host: `127.0.0.1:${port}`, stop: () => server.stop() };
}

export function completeQuerySemantics(state: State): void {
  const emulatorQuery = state.v1Query.bind(state);
  state.v1Query = (parent, query) => {
    // The emulator filters; ordering, cursors, offset and limit are applied here.
    // Built from the same message instances: a toObject()/fromObject() round trip would
    // turn every filter value into an empty reference (oneof defaults are all emitted).
    const QueryClass = query.constructor as new (data: QueryParts) => StructuredQuery;
    const unbounded = new QueryClass({
      from: query.from,
      order_by: query.order_by,
      ...(query.has_where ? { where: query.where } : {}),
    });
    const orderings = effectiveOrderings(query);
    let docs = emulatorQuery(parent, unbounded).filter((doc) =>
      orderings.every(({ path }) => path === NAME || doc.getField(path) !== undefined),
    );
    docs.sort((a, b) => compareDocuments(a, b, orderings));
    if (query.has_start_at) {
      const start = query.start_at;
      docs = docs.filter((doc) => {
        const c = compareToCursor(doc, start, orderings);
        return start.before ? c >= 0 : c > 0;
      });
    }
    if (query.has_end_at) {
      const end = query.end_at;
      docs = docs.filter((doc) => {
        const c = compareToCursor(doc, end, orderings);
        return end.before ? c < 0 : c <= 0;
      });
    }
    if (query.offset > 0) docs = docs.slice(query.offset);
    if (query.has_limit) docs = docs.slice(0, query.limit.value);
    return docs;
  };
}

/** The explicit orderings plus the implicit `__name__` in the direction of the last one. */
function effectiveOrderings(query: StructuredQuery): Ordering[] {
  const orderings = query.order_by.map((order) => ({
    path: order.field.field_path,
    descending: Number(order.direction) === DESCENDING,
  }));
  if (!orderings.some(({ path }) => path === NAME)) {
    orderings.push({ path: NAME, descending: orderings[orderings.length - 1]?.descending ?? false });
  }
  return orderings;
}

function compareDocuments(a: StateDocument, b: StateDocument, orderings: Ordering[]): number {
  for (const { path, descending } of orderings) {
    const c = compare(valueAt(a, path), valueAt(b, path));
    if (c !== 0) return descending ? -c : c;
  }
  return 0;
}

/** Sign of (document position - cursor position) over the cursor's values. */
function compareToCursor(doc: StateDocument, cursor: CursorMessage, orderings: Ordering[]): number {
  for (let i = 0; i < cursor.values.length && i < orderings.length; i++) {
    const { path, descending } = orderings[i];
    const c = compare(valueAt(doc, path), fromMessage(cursor.values[i]));
    if (c !== 0) return descending ? -c : c;
  }
  return 0;
}

function valueAt(doc: StateDocument, path: string): Comparable {
  if (path === NAME) return { rank: 6, value: doc.getPath() };
  const field = doc.getField(path);
  if (!field) throw new Error(`Document ${doc.getPath()} has no field ${path}`);
  return fromField(field);
}

function fromField(field: StateField): Comparable {
  switch (field.type) {
    case 'null_value':
      return { rank: 0 };
    case 'boolean_value':
      return { rank: 1, value: field.value };
    case 'integer_value':
    case 'double_value':
      return { rank: 2, value: field.value };
    case 'string_value':
      return { rank: 4, value: field.value };
    case 'reference_value':
      return { rank: 6, value: field.value };
    default:
      throw new Error(`completeQuerySemantics: ordering by a ${field.type} is not supported`);
  }
}

function fromMessage(value: ValueMessage): Comparable {
  if (value.has_null_value) return { rank: 0 };
  if (value.has_boolean_value) return { rank: 1, value: value.boolean_value };
  if (value.has_integer_value) return { rank: 2, value: Number(value.integer_value) };
  if (value.has_double_value) return { rank: 2, value: value.double_value };
  if (value.has_string_value) return { rank: 4, value: value.string_value };
  if (value.has_reference_value) return { rank: 6, value: value.reference_value };
  throw new Error('completeQuerySemantics: this cursor value type is not supported');
}

function compare(a: Comparable, b: Comparable): number {
  if (a.rank !== b.rank) return Math.sign(a.rank - b.rank);
  switch (a.rank) {
    case 0:
      return 0;
    case 1:
      return Number(a.value) - Number((b as typeof a).value);
    case 2:
      return Math.sign(a.value - (b as typeof a).value);
    case 4:
      return compareUtf8(a.value, (b as typeof a).value);
    case 6:
      return compareNames(a.value, (b as typeof a).value);
  }
}

/** Firestore orders strings by their UTF-8 bytes. */
function compareUtf8(a: string, b: string): number {
  return Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** Document names order segment by segment. */
function compareNames(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const c = compareUtf8(as[i], bs[i]);
    if (c !== 0) return c;
  }
  return Math.sign(as.length - bs.length);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}
