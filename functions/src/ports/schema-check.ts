import type { TableKey, TableSpec, tables } from './schema';
import type { Collection, Store } from './store';

/**
 * The compiler checks each table's spec (ports/schema.ts) against the record type its
 * collection holds (ports/store.ts): every field has a column and every column a field, the
 * optional fields are exactly the spec's `optional` list, and each column's kind fits the
 * field's type. A field added to a record and forgotten in the spec (which the SQLite adapter
 * would silently drop, having no column for it) fails `npm run typecheck`, naming the field.
 */

/** Fields a record may lack. */
type OptionalKeys<R> = { [K in keyof R]-?: object extends Pick<R, K> ? K : never }[keyof R];

/** The column kinds a field of this type may be stored as. */
type KindsFor<V> = [V] extends [boolean] ? 'bool' : [V] extends [number] ? 'int' | 'real' : [V] extends [string] ? 'text' : 'json';

type Listed<L> = L extends readonly (infer E)[] ? E : never;

/** The column a searchable table keeps its search tokens in: the adapter's, not the record's. */
type SearchField<S> = S extends { search: { field: infer F } } ? F : never;

/** What disagrees between a record type and a table spec, each as "table.field: why"; never when they agree. */
export type SpecProblems<R, S extends TableSpec> =
  | `${S['name']}.${Exclude<keyof R, keyof S['columns']> & string}: a field without a column`
  | `${S['name']}.${Exclude<keyof S['columns'], keyof R | SearchField<S>> & string}: a column the record lacks`
  | `${S['name']}.${Exclude<OptionalKeys<R>, Listed<S['optional']>> & string}: optional in the record, not in the spec's optional list`
  | `${S['name']}.${Exclude<Listed<S['optional']>, OptionalKeys<R>> & string}: in the spec's optional list, required in the record`
  | `${S['name']}.${{
      [K in keyof R & keyof S['columns']]: S['columns'][K] extends KindsFor<NonNullable<R[K]>> ? never : K;
    }[keyof R & keyof S['columns']] &
      string}: a column kind that does not fit the field's type`;

/** `true` when there is nothing to report; otherwise the problems themselves, which `true` is not assignable to. */
export type NoProblems<P> = [P] extends [never] ? true : P;

type RecordOf<K extends keyof Store> = Store[K] extends Collection<infer R> ? R : never;

type StoreTable = TableKey & keyof Store;

type AllProblems = { [K in StoreTable]: SpecProblems<RecordOf<K>, (typeof tables)[K]> }[StoreTable];

/** Fails to compile, listing each disagreement, when a table's spec and its record type disagree. */
export const tableSpecsMatchRecords: NoProblems<AllProblems> = true;

/** Every collection of the Store has a table spec. */
export const everyCollectionHasASpec: NoProblems<
  Exclude<{ [K in keyof Store]: Store[K] extends Collection<infer _> ? K : never }[keyof Store], TableKey>
> = true;
