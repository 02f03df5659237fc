import type { Database } from 'better-sqlite3';
import { ConflictError, NotFoundError } from '#functions/ports/errors.ts';
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  type Collection,
  type FindQuery,
  type Page,
  type Range,
  type Scalar,
  type Where,
} from '#functions/ports/store.ts';
import type { TableSpec } from '#functions/ports/schema.ts';
import { column, quote, Statements, toValue, type Row } from './columns';
import { SqliteSearchIndex } from './search-index';

/** One SQLite table behind the Collection port. Column names come only from the TableSpec. */
export class SqliteCollection<T extends { id: string }> implements Collection<T> {
  private readonly statements: Statements;
  private readonly columns: string[];
  /** The INSERT of a whole row, made once: every insert binds all columns by name. */
  private readonly insertSql: string;
  /** The table's search index, for a table whose TableSpec has `search` (leads); it keeps its own tables. */
  readonly searchIndex: SqliteSearchIndex | undefined;

  /** `indexing` is the search index's (see SqliteSearchIndex); tables without search ignore it. */
  constructor(
    private readonly db: Database,
    private readonly spec: TableSpec,
    options: { indexing?: 'background' | 'manual' } = {},
  ) {
    this.statements = new Statements(db);
    this.columns = Object.keys(spec.columns);
    this.insertSql = `INSERT INTO ${spec.name} (${this.columns.map(quote).join(', ')}) VALUES (${this.columns.map((c) => '@' + c).join(', ')})`;
    if (spec.search) this.searchIndex = new SqliteSearchIndex(db, spec, options);
  }

  async insert(doc: T): Promise<T> {
    return this.insertNow(doc);
  }

  /** insert() without the promise, for transactions that span tables. */
  insertNow(doc: T): T {
    const row = this.toRow(doc as unknown as Row);
    const insert = this.statement(this.insertSql);
    try {
      const index = this.searchIndex;
      if (index) {
        // The row and its index entry, both or neither: in a transaction of their own, or in the caller's
        // (the lead's group commit), which a failure rolls back. Only the row's insert can conflict, and it comes first.
        const write = () => {
          insert.run(row);
          index.added(row);
        };
        if (this.db.inTransaction) write();
        else this.transaction(write);
        index.noteInsert();
      } else {
        insert.run(row);
      }
    } catch (error) {
      if (isConstraint(error, 'SQLITE_CONSTRAINT_UNIQUE') || isConstraint(error, 'SQLITE_CONSTRAINT_PRIMARYKEY')) {
        throw new ConflictError();
      }
      throw error;
    }
    return doc;
  }

  async get(id: string): Promise<T | null> {
    const row = this.statement(`SELECT * FROM ${this.spec.name} WHERE id = ?`).get(id) as Row | undefined;
    return row ? this.fromRow(row) : null;
  }

  async findOne(where: Where<T>): Promise<T | null> {
    const { clause, params } = this.whereClause(where);
    const row = this.statement(`SELECT * FROM ${this.spec.name}${clause} LIMIT 1`).get(params) as Row | undefined;
    return row ? this.fromRow(row) : null;
  }

  async find(query: FindQuery<T>): Promise<Page<T>> {
    if (query.search !== undefined) return this.page(this.search().rows(query, query.search), query);
    const order = this.column(query.orderBy);
    const { conditions, params } = this.conditions(query.where);
    const cmp = query.direction === 'desc' ? '<' : '>';
    if (query.after !== undefined) {
      const cursor = decodeCursor(query.after);
      if (!cursor) throw new InvalidCursorError();
      conditions.push(`(${quote(order)} ${cmp} @__cv OR (${quote(order)} = @__cv AND id ${cmp} @__cid))`);
      params.__cv = this.toValue(order, cursor.v);
      params.__cid = cursor.id;
    }
    if (query.lessThan !== undefined) {
      conditions.push(`${quote(order)} < @__lt`);
      params.__lt = this.toValue(order, query.lessThan);
    }
    if (query.atLeast !== undefined) {
      conditions.push(`${quote(order)} >= @__ge`);
      params.__ge = this.toValue(order, query.atLeast);
    }
    const dir = query.direction === 'desc' ? 'DESC' : 'ASC';
    const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
    const sql = `SELECT * FROM ${this.spec.name}${where} ORDER BY ${quote(order)} ${dir}, id ${dir} LIMIT @__limit`;
    params.__limit = query.limit + 1;
    return this.page(this.statement(sql).all(params) as Row[], query);
  }

  /** A page of `query.limit` documents from up to one more row (whose presence means a next page). */
  private page(rows: Row[], query: FindQuery<T>): Page<T> {
    const items = rows.slice(0, query.limit).map((row) => this.fromRow(row));
    const last = items[items.length - 1];
    const next =
      rows.length > query.limit && last ? encodeCursor({ v: (last as unknown as Row)[query.orderBy] as Scalar, id: last.id }) : undefined;
    return { items, next };
  }

  async count(where?: Where<T>, range?: Range<T>, search?: string): Promise<number> {
    if (search !== undefined) return this.search().count(search, where, range);
    const { conditions, params } = this.conditions(where);
    if (range) {
      const col = this.column(range.field);
      conditions.push(`${quote(col)} >= @__from AND ${quote(col)} < @__to`);
      params.__from = this.toValue(col, range.from);
      params.__to = this.toValue(col, range.to);
    }
    const clause = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
    const row = this.statement(`SELECT COUNT(*) AS n FROM ${this.spec.name}${clause}`).get(params) as { n: number };
    return row.n;
  }

  async update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T | null> {
    const { assignments, params } = this.assignments(patch as Row);
    if (assignments.length) {
      params.__id = id;
      this.transaction(() => {
        this.statement(`UPDATE ${this.spec.name} SET ${assignments.join(', ')} WHERE id = @__id`).run(params);
        this.searchIndex?.updated(id, patch as Row);
      });
    }
    return this.get(id);
  }

  async transform(id: string, change: (current: T) => Partial<Omit<T, 'id'>> | null): Promise<T | null> {
    // better-sqlite3 runs the transaction synchronously: no other write can land between the read and the update.
    const run = this.db.transaction((): T | null => {
      const row = this.statement(`SELECT * FROM ${this.spec.name} WHERE id = ?`).get(id) as Row | undefined;
      if (!row) return null;
      const current = this.fromRow(row);
      const patch = change(current);
      if (patch === null) return current;
      const { assignments, params } = this.assignments(patch as Row);
      params.__id = id;
      this.statement(`UPDATE ${this.spec.name} SET ${assignments.join(', ')} WHERE id = @__id`).run(params);
      this.searchIndex?.updated(id, patch as Row);
      const updated = this.statement(`SELECT * FROM ${this.spec.name} WHERE id = ?`).get(id) as Row;
      return this.fromRow(updated);
    });
    return run();
  }

  async updateIf(id: string, expected: Where<T>, patch: Partial<Omit<T, 'id'>>): Promise<boolean> {
    const { assignments, params } = this.assignments(patch as Row);
    const { conditions, params: whereParams } = this.conditions(expected, 'w_');
    conditions.unshift('id = @__id');
    const sql = `UPDATE ${this.spec.name} SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')}`;
    return this.transaction(() => {
      const changed = this.statement(sql).run({ ...params, ...whereParams, __id: id }).changes === 1;
      if (changed) this.searchIndex?.updated(id, patch as Row);
      return changed;
    });
  }

  async updateMany(updates: ReadonlyArray<{ id: string; patch: Partial<Omit<T, 'id'>> }>): Promise<void> {
    const apply = this.db.transaction(() => {
      for (const { id, patch } of updates) {
        const { assignments, params } = this.assignments(patch as Row);
        params.__id = id;
        const result = this.statement(`UPDATE ${this.spec.name} SET ${assignments.join(', ')} WHERE id = @__id`).run(params);
        if (result.changes !== 1) throw new NotFoundError(`No document ${id}`);
        this.searchIndex?.updated(id, patch as Row);
      }
    });
    apply();
  }

  async delete(id: string): Promise<boolean> {
    return this.transaction(() => this.deleteNow(id));
  }

  async deleteMany(ids: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const id of ids) this.deleteNow(id);
    })();
  }

  /** Deletes a row and, first, its search index entry. */
  private deleteNow(id: string): boolean {
    this.searchIndex?.removing(id);
    return this.statement(`DELETE FROM ${this.spec.name} WHERE id = ?`).run(id).changes === 1;
  }

  private search(): SqliteSearchIndex {
    if (!this.searchIndex) throw new Error(`${this.spec.name} cannot be searched`);
    return this.searchIndex;
  }

  /** Runs `work` in a transaction, or in a savepoint of the caller's. */
  private transaction<R>(work: () => R): R {
    return this.db.transaction(work)();
  }

  // ------------------------------------------------------------------ helpers

  private statement(sql: string) {
    return this.statements.get(sql);
  }

  private column(name: string): string {
    return column(this.spec, name);
  }

  private toValue(col: string, value: unknown): unknown {
    return toValue(this.spec, col, value);
  }

  private conditions(where: Where<T> | undefined, prefix = 'w_') {
    const conditions: string[] = [];
    const params: Row = {};
    for (const [key, value] of Object.entries(where ?? {})) {
      if (value === undefined) continue;
      const col = this.column(key);
      conditions.push(`${quote(col)} = @${prefix}${col}`);
      params[prefix + col] = this.toValue(col, value as Scalar);
    }
    return { conditions, params };
  }

  private whereClause(where: Where<T> | undefined) {
    const { conditions, params } = this.conditions(where);
    return { clause: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', params };
  }

  private assignments(patch: Row) {
    const assignments: string[] = [];
    const params: Row = {};
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'id') continue;
      const col = this.column(key);
      if (this.searchIndex?.isSearched(col)) {
        throw new Error(`${this.spec.name}.${col} is searched and cannot be updated`);
      }
      assignments.push(`${quote(col)} = @p_${col}`);
      params['p_' + col] = value === undefined ? null : this.toValue(col, value);
    }
    if (!assignments.length) throw new Error('Empty update');
    return { assignments, params };
  }

  private toRow(doc: Row): Row {
    const row: Row = {};
    for (const col of this.columns) row[col] = this.toValue(col, doc[col]);
    if (this.searchIndex) row[this.searchIndex.tokenColumn] = this.searchIndex.tokensOf(doc);
    return row;
  }

  private fromRow(row: Row): T {
    const doc: Row = {};
    for (const col of this.columns) {
      const value = row[col];
      if (value === null || value === undefined || col === this.spec.search?.field) continue;
      const kind = this.spec.columns[col];
      doc[col] = kind === 'bool' ? value === 1 : kind === 'json' ? JSON.parse(value as string) : value;
    }
    for (const [name, value] of Object.entries(this.spec.defaults ?? {})) doc[name] ??= structuredClone(value);
    for (const [name, from] of Object.entries(this.spec.defaultsFrom ?? {})) doc[name] ??= doc[from];
    return doc as T;
  }
}

function isConstraint(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code;
}
