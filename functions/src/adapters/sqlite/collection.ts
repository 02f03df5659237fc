import type { Database, Statement } from 'better-sqlite3';
import {
  ConflictError,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  NotFoundError,
  type Collection,
  type FindQuery,
  type Page,
  type Range,
  type Scalar,
  type Where,
} from '../../ports/store';
import type { ColumnKind, TableSpec } from '../../ports/schema';
import { searchTokens } from '../../ports/search';

type Row = Record<string, unknown>;

/** One SQLite table behind the Collection port. Column names come only from the TableSpec. */
export class SqliteCollection<T extends { id: string }> implements Collection<T> {
  private readonly statements = new Map<string, Statement>();
  private readonly columns: string[];

  constructor(
    private readonly db: Database,
    private readonly spec: TableSpec,
  ) {
    this.columns = Object.keys(spec.columns);
  }

  async insert(doc: T): Promise<T> {
    return this.insertNow(doc);
  }

  /** insert() without the promise, for transactions that span tables. */
  insertNow(doc: T): T {
    const sql = `INSERT INTO ${this.spec.name} (${this.columns.map(quote).join(', ')}) VALUES (${this.columns
      .map((c) => '@' + c)
      .join(', ')})`;
    try {
      this.statement(sql).run(this.toRow(doc as unknown as Row));
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
    const order = this.column(query.orderBy);
    const { conditions, params } = this.conditions(query.where);
    this.searchCondition(query.search, conditions, params);
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
    const rows = this.statement(sql).all(params) as Row[];
    const items = rows.slice(0, query.limit).map((row) => this.fromRow(row));
    const last = items[items.length - 1];
    const next =
      rows.length > query.limit && last ? encodeCursor({ v: (last as unknown as Row)[order] as Scalar, id: last.id }) : undefined;
    return { items, next };
  }

  async count(where?: Where<T>, range?: Range<T>, search?: string): Promise<number> {
    const { conditions, params } = this.conditions(where);
    this.searchCondition(search, conditions, params);
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
      this.statement(`UPDATE ${this.spec.name} SET ${assignments.join(', ')} WHERE id = @__id`).run(params);
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
    const result = this.statement(sql).run({ ...params, ...whereParams, __id: id });
    return result.changes === 1;
  }

  async updateMany(updates: ReadonlyArray<{ id: string; patch: Partial<Omit<T, 'id'>> }>): Promise<void> {
    const apply = this.db.transaction(() => {
      for (const { id, patch } of updates) {
        const { assignments, params } = this.assignments(patch as Row);
        params.__id = id;
        const result = this.statement(`UPDATE ${this.spec.name} SET ${assignments.join(', ')} WHERE id = @__id`).run(params);
        if (result.changes !== 1) throw new NotFoundError(`No document ${id}`);
      }
    });
    apply();
  }

  async delete(id: string): Promise<boolean> {
    return this.statement(`DELETE FROM ${this.spec.name} WHERE id = ?`).run(id).changes === 1;
  }

  async deleteMany(ids: readonly string[]): Promise<void> {
    const stmt = this.statement(`DELETE FROM ${this.spec.name} WHERE id = ?`);
    this.db.transaction(() => {
      for (const id of ids) stmt.run(id);
    })();
  }

  // ------------------------------------------------------------------ helpers

  private statement(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private column(name: string): string {
    if (!(name in this.spec.columns)) throw new Error(`Unknown column ${this.spec.name}.${name}`);
    return name;
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

  /** Only rows whose search tokens include the term: a scan of each row's JSON array. */
  private searchCondition(search: string | undefined, conditions: string[], params: Row) {
    if (search === undefined) return;
    if (!this.spec.search) throw new Error(`${this.spec.name} cannot be searched`);
    conditions.push(`EXISTS (SELECT 1 FROM json_each(${quote(this.spec.search.field)}) WHERE value = @__search)`);
    params.__search = search;
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
      if (this.spec.search && (col === this.spec.search.field || col in this.spec.search.fields)) {
        // The tokens are made from the whole document at insert; leads' contact details are never edited.
        throw new Error(`${this.spec.name}.${col} is searched and cannot be updated`);
      }
      assignments.push(`${quote(col)} = @p_${col}`);
      params['p_' + col] = value === undefined ? null : this.toValue(col, value);
    }
    if (!assignments.length) throw new Error('Empty update');
    return { assignments, params };
  }

  private toValue(col: string, value: unknown): unknown {
    const kind: ColumnKind = this.spec.columns[col];
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

  private toRow(doc: Row): Row {
    const row: Row = {};
    for (const col of this.columns) row[col] = this.toValue(col, doc[col]);
    if (this.spec.search) row[this.spec.search.field] = this.toValue(this.spec.search.field, searchTokens(this.spec.search, doc));
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

const quote = (name: string) => `"${name}"`;

function isConstraint(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code;
}
