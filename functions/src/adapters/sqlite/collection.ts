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

/**
 * Where a searchable table keeps its tokens (migration 10, decision 013): one row per token of
 * each lead, keyed (token, order field, id), WITHOUT ROWID, so a search reads one range of that
 * key, newest first, and stops at the page's end; the equality filters the lists combine with a
 * search are copied beside each token, so a filtered page or count never reads the leads' rows.
 * Every write of a searchable row or of a copied field keeps these rows in step, in the same
 * transaction.
 */
interface SearchIndex {
  table: string;
  order: string;
  filters: readonly string[];
}
const searchIndexes: Record<string, SearchIndex> = {
  project_inquiries: { table: 'project_inquiries_search', order: 'createdAt', filters: ['status'] },
  quote_requests: { table: 'quote_requests_search', order: 'createdAt', filters: ['status'] },
};

/** One SQLite table behind the Collection port. Column names come only from the TableSpec. */
export class SqliteCollection<T extends { id: string }> implements Collection<T> {
  private readonly statements = new Map<string, Statement>();
  private readonly columns: string[];
  private readonly index: SearchIndex | undefined;

  constructor(
    private readonly db: Database,
    private readonly spec: TableSpec,
  ) {
    this.columns = Object.keys(spec.columns);
    if (spec.search) {
      this.index = searchIndexes[spec.name];
      if (!this.index) throw new Error(`${spec.name} is searchable but has no search table`);
    }
  }

  async insert(doc: T): Promise<T> {
    return this.insertNow(doc);
  }

  /** insert() without the promise, for transactions that span tables. */
  insertNow(doc: T): T {
    const sql = `INSERT INTO ${this.spec.name} (${this.columns.map(quote).join(', ')}) VALUES (${this.columns
      .map((c) => '@' + c)
      .join(', ')})`;
    const row = this.toRow(doc as unknown as Row);
    try {
      if (this.index) {
        // The row and its tokens, both or neither (a savepoint when the caller's transaction is open).
        this.transaction(() => {
          this.statement(sql).run(row);
          this.insertTokens(row);
        });
      } else {
        this.statement(sql).run(row);
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
    if (query.search !== undefined) return this.findSearched(query, query.search);
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
    const rows = this.statement(sql).all(params) as Row[];
    const items = rows.slice(0, query.limit).map((row) => this.fromRow(row));
    const last = items[items.length - 1];
    const next =
      rows.length > query.limit && last ? encodeCursor({ v: (last as unknown as Row)[order] as Scalar, id: last.id }) : undefined;
    return { items, next };
  }

  async count(where?: Where<T>, range?: Range<T>, search?: string): Promise<number> {
    if (search !== undefined) return this.countSearched(search, where, range);
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
        this.copyFilters(id, patch as Row);
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
      this.copyFilters(id, patch as Row);
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
      if (changed) this.copyFilters(id, patch as Row);
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
        this.copyFilters(id, patch as Row);
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

  // ------------------------------------------------------------------ search

  /** A page of the rows with the term among their tokens: one range of the search table's key, in order. */
  private findSearched(query: FindQuery<T>, term: string): Page<T> {
    const index = this.searchIndex();
    if (query.orderBy !== index.order) throw new Error(`A search of ${this.spec.name} is ordered by ${index.order}`);
    const { conditions, params } = this.searchConditions(index, term, query.where);
    const cmp = query.direction === 'desc' ? '<' : '>';
    if (query.after !== undefined) {
      const cursor = decodeCursor(query.after);
      if (!cursor) throw new InvalidCursorError();
      // Row values compare like the key: the range starts right after the cursor.
      conditions.push(`(s.${quote(index.order)}, s.id) ${cmp} (@__cv, @__cid)`);
      params.__cv = this.toValue(index.order, cursor.v);
      params.__cid = cursor.id;
    }
    if (query.lessThan !== undefined) {
      conditions.push(`s.${quote(index.order)} < @__lt`);
      params.__lt = this.toValue(index.order, query.lessThan);
    }
    if (query.atLeast !== undefined) {
      conditions.push(`s.${quote(index.order)} >= @__ge`);
      params.__ge = this.toValue(index.order, query.atLeast);
    }
    const dir = query.direction === 'desc' ? 'DESC' : 'ASC';
    const sql = `SELECT t.* FROM ${index.table} AS s JOIN ${this.spec.name} AS t ON t.id = s.id WHERE ${conditions.join(' AND ')} ORDER BY s.${quote(index.order)} ${dir}, s.id ${dir} LIMIT @__limit`;
    params.__limit = query.limit + 1;
    const rows = this.statement(sql).all(params) as Row[];
    const items = rows.slice(0, query.limit).map((row) => this.fromRow(row));
    const last = items[items.length - 1];
    const next =
      rows.length > query.limit && last ? encodeCursor({ v: (last as unknown as Row)[index.order] as Scalar, id: last.id }) : undefined;
    return { items, next };
  }

  /** Counts one range of the search table's key; reads the rows themselves only for a filter the table does not copy. */
  private countSearched(term: string, where: Where<T> | undefined, range: Range<T> | undefined): number {
    const index = this.searchIndex();
    const { conditions, params, joined } = this.searchConditions(index, term, where);
    let join = joined;
    if (range) {
      const col = this.column(range.field);
      const alias = col === index.order ? 's' : 't';
      if (alias === 't') join = true;
      conditions.push(`${alias}.${quote(col)} >= @__from AND ${alias}.${quote(col)} < @__to`);
      params.__from = this.toValue(col, range.from);
      params.__to = this.toValue(col, range.to);
    }
    const from = join ? `${index.table} AS s JOIN ${this.spec.name} AS t ON t.id = s.id` : `${index.table} AS s`;
    const row = this.statement(`SELECT COUNT(*) AS n FROM ${from} WHERE ${conditions.join(' AND ')}`).get(params) as { n: number };
    return row.n;
  }

  /** The term and the equality filters: on the search table where it copies the field, else on the row. */
  private searchConditions(index: SearchIndex, term: string, where: Where<T> | undefined) {
    const conditions = ['s.token = @__search'];
    const params: Row = { __search: term };
    let joined = false;
    for (const [key, value] of Object.entries(where ?? {})) {
      if (value === undefined) continue;
      const col = this.column(key);
      const alias = index.filters.includes(col) ? 's' : 't';
      if (alias === 't') joined = true;
      conditions.push(`${alias}.${quote(col)} = @w_${col}`);
      params['w_' + col] = this.toValue(col, value as Scalar);
    }
    return { conditions, params, joined };
  }

  private searchIndex(): SearchIndex {
    if (!this.index) throw new Error(`${this.spec.name} cannot be searched`);
    return this.index;
  }

  /** A stored row's tokens into the search table (the row as toRow made it): one statement over its JSON array. */
  private insertTokens(row: Row) {
    const index = this.searchIndex();
    const copied = [index.order, 'id', ...index.filters];
    this.statement(
      `INSERT INTO ${index.table} (token, ${copied.map(quote).join(', ')}) SELECT value, ${copied.map(() => '?').join(', ')} FROM json_each(?)`,
    ).run(...copied.map((col) => row[col]), row[this.spec.search!.field]);
  }

  /** Deletes a row and, first, its tokens (found from the row's own token list). */
  private deleteNow(id: string): boolean {
    if (this.index) {
      const field = quote(this.spec.search!.field);
      const order = quote(this.index.order);
      this.statement(
        `DELETE FROM ${this.index.table} WHERE (token, ${order}, id) IN (SELECT j.value, t.${order}, t.id FROM ${this.spec.name} AS t, json_each(t.${field}) AS j WHERE t.id = ?)`,
      ).run(id);
    }
    return this.statement(`DELETE FROM ${this.spec.name} WHERE id = ?`).run(id).changes === 1;
  }

  /** After a row's update: the filters the search table copies, from the row as it now is. */
  private copyFilters(id: string, patch: Row) {
    const index = this.index;
    if (!index) return;
    const changed = index.filters.filter((col) => col in patch);
    if (!changed.length) return;
    const field = quote(this.spec.search!.field);
    const order = quote(index.order);
    const set = changed.map((col) => `${quote(col)} = (SELECT ${quote(col)} FROM ${this.spec.name} WHERE id = @id)`).join(', ');
    this.statement(
      `UPDATE ${index.table} SET ${set} WHERE (token, ${order}, id) IN (SELECT j.value, t.${order}, t.id FROM ${this.spec.name} AS t, json_each(t.${field}) AS j WHERE t.id = @id)`,
    ).run({ id });
  }

  /** Runs `work` in a transaction, or in a savepoint of the caller's. */
  private transaction<R>(work: () => R): R {
    return this.db.transaction(work)();
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
      if (this.spec.search && (col === this.spec.search.field || col in this.spec.search.fields || col === this.index?.order)) {
        // The tokens are made from the whole document at insert; leads' contact details are never edited,
        // and the order field is part of the search table's key.
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
