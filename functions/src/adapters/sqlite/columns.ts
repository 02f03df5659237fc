import type { Database, Statement } from 'better-sqlite3';
import type { ColumnKind, TableSpec } from '#functions/ports/schema.ts';

/** A row as better-sqlite3 reads and binds it: column name to value. */
export type Row = Record<string, unknown>;

/** A column or table name in SQL. Names come only from the TableSpecs, never from a request. */
export const quote = (name: string) => `"${name}"`;

/** `name` when it is a column of the table, else an error (a caller's mistake, not a user's). */
export function column(spec: TableSpec, name: string): string {
  if (!(name in spec.columns)) throw new Error(`Unknown column ${spec.name}.${name}`);
  return name;
}

/** A document's value as its column stores it: booleans as 0/1, JSON columns as text, absent as NULL. */
export function toValue(spec: TableSpec, col: string, value: unknown): unknown {
  const kind: ColumnKind = spec.columns[col];
  if (value === undefined || value === null) return null;
  switch (kind) {
    case 'bool':
      return value ? 1 : 0;
    case 'json':
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** Prepared statements by their SQL, each prepared once per connection. */
export class Statements {
  private readonly prepared = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  get(sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}
