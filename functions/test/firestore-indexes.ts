/**
 * Which composite indexes the queries a test ran need, by Firestore's documented rules,
 * beside those firestore.indexes.json declares. The emulator answers every query without
 * indexes, so a missing one would first show in production as FAILED_PRECONDITION; this
 * records each query firebase-admin sends (every get, count, transaction read and listener
 * goes through Query.toProto) and derives the index each needs.
 *
 * Firestore serves without a composite index: a query on one field (filter and order on
 * it), and equality filters on several fields with no order (it merges single-field
 * indexes). Everything else needs a composite index: the equality fields first, then the
 * order fields with their directions (a range filter's field is the first order field).
 */
import { Query } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

type Direction = 'ASCENDING' | 'DESCENDING';
export interface IndexNeed {
  collectionGroup: string;
  /** Fields filtered by equality (or `in`/`array-contains`), in any order. */
  equality: string[];
  /** Order fields with directions, without the trailing document-id order. */
  order: Array<{ fieldPath: string; order: Direction }>;
}

interface DeclaredIndex {
  collectionGroup: string;
  queryScope: string;
  fields: Array<{ fieldPath: string; order?: Direction; arrayConfig?: string }>;
}
export interface IndexFile {
  indexes: DeclaredIndex[];
  fieldOverrides: Array<{ collectionGroup: string; fieldPath: string; indexes: unknown[] }>;
}

interface FieldReference {
  fieldPath?: string | null;
}
interface FilterProto {
  compositeFilter?: { filters?: FilterProto[] | null } | null;
  fieldFilter?: { field?: FieldReference | null; op?: string | null } | null;
  unaryFilter?: { field?: FieldReference | null } | null;
}
interface StructuredQueryProto {
  from?: Array<{ collectionId?: string | null }> | null;
  where?: FilterProto | null;
  orderBy?: Array<{ field?: FieldReference | null; direction?: string | null }> | null;
}

const NAME = '__name__';
const equalityOps = new Set(['EQUAL', 'IN', 'ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

export const indexFile = (): IndexFile =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../firestore.indexes.json'), 'utf8')) as IndexFile;

function fieldFilters(filter: FilterProto | null | undefined): Array<{ field: string; equality: boolean }> {
  if (!filter) return [];
  if (filter.compositeFilter) return (filter.compositeFilter.filters ?? []).flatMap(fieldFilters);
  if (filter.fieldFilter)
    return [{ field: filter.fieldFilter.field?.fieldPath ?? '', equality: equalityOps.has(filter.fieldFilter.op ?? '') }];
  if (filter.unaryFilter) return [{ field: filter.unaryFilter.field?.fieldPath ?? '', equality: true }];
  return [];
}

/** The composite index a structured query needs, or null where single-field indexes serve it. */
export function indexNeed(query: StructuredQueryProto): IndexNeed | null {
  const collectionGroup = query.from?.[0]?.collectionId ?? '';
  const filters = fieldFilters(query.where);
  const equality = [...new Set(filters.filter((f) => f.equality && f.field !== NAME).map((f) => f.field))].sort();
  const order = (query.orderBy ?? []).map((o) => ({
    fieldPath: o.field?.fieldPath ?? '',
    order: (o.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING') as Direction,
  }));
  // A range filter without an order orders by its field (Firestore requires that).
  for (const range of filters.filter((f) => !f.equality && f.field !== NAME)) {
    if (!order.some((o) => o.fieldPath === range.field)) order.unshift({ fieldPath: range.field, order: 'ASCENDING' });
  }
  while (order.length > 0 && order[order.length - 1].fieldPath === NAME) order.pop();
  const fields = new Set([...equality, ...order.map((o) => o.fieldPath)]);
  if (fields.size <= 1 || order.length === 0) return null;
  return { collectionGroup, equality, order };
}

/** Whether a declared index serves the need (Firestore also scans an index backwards). */
export function serves(index: DeclaredIndex, need: IndexNeed): boolean {
  if (index.collectionGroup !== need.collectionGroup || index.queryScope !== 'COLLECTION') return false;
  const fields = index.fields.filter((f, i) => !(f.fieldPath === NAME && i === index.fields.length - 1));
  const prefix = fields
    .slice(0, need.equality.length)
    .map((f) => f.fieldPath)
    .sort();
  if (prefix.join() !== need.equality.join()) return false;
  const rest = fields.slice(need.equality.length);
  if (rest.length !== need.order.length || rest.some((f, i) => f.fieldPath !== need.order[i].fieldPath)) return false;
  const same = rest.every((f, i) => f.order === need.order[i].order);
  const reversed = rest.every((f, i) => f.order !== need.order[i].order);
  return same || reversed;
}

export const describeNeed = (need: IndexNeed) =>
  `${need.collectionGroup}: ${[...need.equality.map((f) => `${f} ==`), ...need.order.map((o) => `${o.fieldPath} ${o.order}`)].join(', ')}`;

/** Records the structured query of everything firebase-admin asks Firestore from now on. */
export function recordQueries() {
  const queries: StructuredQueryProto[] = [];
  // Public in @google-cloud/firestore, left out of firebase-admin's typings.
  const prototype = Query.prototype as unknown as { toProto(...args: unknown[]): { structuredQuery?: StructuredQueryProto } };
  const original = prototype.toProto;
  const spy = vi.spyOn(prototype, 'toProto').mockImplementation(function (this: unknown, ...args: unknown[]) {
    const proto = original.apply(this, args);
    if (proto.structuredQuery) queries.push(proto.structuredQuery);
    return proto;
  });
  return {
    queries,
    /** The distinct composite indexes those queries need. */
    needs(): IndexNeed[] {
      const found = new Map<string, IndexNeed>();
      for (const need of queries.map(indexNeed)) if (need) found.set(describeNeed(need), need);
      return [...found.values()];
    },
    stop: () => spy.mockRestore(),
  };
}
