import type { Database, Statement } from 'better-sqlite3';
import { ConflictError, NotFoundError } from '../../ports/errors';
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
} from '../../ports/store';
import type { ColumnKind, TableSpec } from '../../ports/schema';
import { searchTokens } from '../../ports/search';

type Row = Record<string, unknown>;

/**
 * Where a searchable table keeps its tokens (migration 10, decision 013): one row per token of
 * each lead, keyed (token, order field, id), WITHOUT ROWID, so a search reads one range of that
 * key, newest first, and stops at the page's end; the equality filters the lists combine with a
 * search are copied beside each token, so a filtered page or count never reads the leads' rows.
 *
 * Only tokens of at most `indexedTokenLength` characters get a row (about 40 a lead; every
 * token would be about 110, and each row costs an inquiry about 1.2 µs to index): a row also
 * keeps, in `rest`, the lead's longest tokens that begin with it (see `indexEntries`), so a
 * longer term is read through the rows of its first characters and checked against their
 * `rest`, which finds exactly the leads that hold the term without reading them (migration 13).
 *
 * An insert does not write those rows: it adds the lead's (order field, id) to `pending`,
 * and the lead is indexed later, with others, in batches sorted by token (`indexPending`, run a
 * short while after inserts and at start). A search reads the indexed leads through the token
 * table and the few pending ones through their own `searchTokens`, merged in key order, so it
 * finds a lead as soon as its insert has answered. Deletes and changes of a copied field keep
 * the token rows in step in their own transaction; a pending lead's fields are read from its row.
 */
interface SearchIndex {
  table: string;
  pending: string;
  order: string;
  filters: readonly string[];
}
const searchIndexes: Record<string, SearchIndex> = {
  project_inquiries: {
    table: 'project_inquiries_search',
    pending: 'project_inquiries_search_pending',
    order: 'createdAt',
    filters: ['status'],
  },
  quote_requests: { table: 'quote_requests_search', pending: 'quote_requests_search_pending', order: 'createdAt', filters: ['status'] },
};

/**
 * When pending leads are indexed: once no lead has been inserted for `indexIdleMs` (a burst of
 * inquiries is answered first, at the cost of an insert alone), or at once while more than
 * `indexMaxPending` are pending (what bounds the searches' reading of pending rows), in steps
 * of at most `indexBatch` leads (a step holds the event loop for its time, about 15 ms).
 */
export const indexBatch = 100;
/** Leads indexed at a time when the store opens (about 4 MB of rows a batch). */
export const indexStartBatch = 5000;
/** The longest token with its own row in a search table; see SearchIndex. Characters, as SQLite's length() counts them. */
export const indexedTokenLength = 4;

/** Search-table rows [token, order field, id, ...] in the order of their key (near enough: JavaScript compares UTF-16 units, SQLite bytes). */
const byKey = (a: unknown[], b: unknown[]) => {
  for (let i = 0; i < 3; i++) {
    if (a[i] === b[i]) continue;
    return (a[i] as string) < (b[i] as string) ? -1 : 1;
  }
  return 0;
};

/** The first `indexedTokenLength` characters of a longer token or term: the row it is read through. */
function indexKey(chars: readonly string[]): string {
  // Tokens never end in a space ("ava nguyen" holds "ava", not "ava "), so neither does a key.
  return chars.slice(0, indexedTokenLength).join('').trimEnd();
}

/**
 * The search-table rows of a lead with these tokens: each token of at most
 * `indexedTokenLength` characters, with `rest`, the lead's longer tokens that no other token
 * extends and whose key it is, each after a line feed ("\nhenry harris"), or null. Every prefix
 * of a token longer than the key is itself a token (the prefixes of words, values and phrases;
 * any run of 3 or more of a phone's digits), so a lead holds a longer term exactly when its
 * key's row has "\n" + term in `rest`.
 */
export function indexEntries(tokens: readonly string[]): Array<[token: string, rest: string | null]> {
  // In sorted order the tokens that begin with a token follow it. Stored tokens are sorted already.
  const sorted = tokens.every((token, i) => i === 0 || tokens[i - 1] <= token) ? tokens : [...tokens].sort();
  const rests = new Map<string, string>();
  const entries: Array<[string, string | null]> = [];
  for (let i = 0; i < sorted.length; i++) {
    const token = sorted[i];
    // At most 4 UTF-16 units is at most 4 characters, more than 8 is more than 4; only between are they counted.
    const short = token.length <= indexedTokenLength || (token.length <= 2 * indexedTokenLength && [...token].length <= indexedTokenLength);
    if (short) {
      entries.push([token, null]);
      continue;
    }
    if (sorted[i + 1]?.startsWith(token)) continue;
    const key = indexKey([...token]);
    rests.set(key, `${rests.get(key) ?? ''}\n${token}`);
  }
  for (const entry of entries) entry[1] = rests.get(entry[0]) ?? null;
  return entries;
}
export const indexIdleMs = 200;
export const indexMaxPending = 2000;

/** One SQLite table behind the Collection port. Column names come only from the TableSpec. */
export class SqliteCollection<T extends { id: string }> implements Collection<T> {
  private readonly statements = new Map<string, Statement>();
  private readonly columns: string[];
  private readonly index: SearchIndex | undefined;
  private indexTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Inserts since the pending set was last found empty (an upper bound of its size), and the time of the last. */
  private pendingInserts = 0;
  private lastInsertAt = 0;

  /**
   * `indexing: 'background'` (the store's) indexes pending leads a short while after inserts;
   * 'manual' leaves them to `indexPending` (scripts, tests).
   */
  constructor(
    private readonly db: Database,
    private readonly spec: TableSpec,
    private readonly options: { indexing?: 'background' | 'manual' } = {},
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
        // The row and its pending mark, both or neither: in a transaction of their own, or in the caller's
        // (the lead's group commit), which a failure rolls back. Only the row's insert can conflict, and it comes first.
        const index = this.index;
        const write = () => {
          this.statement(sql).run(row);
          this.statement(`INSERT INTO ${index.pending} (${quote(index.order)}, id) VALUES (?, ?)`).run(row[index.order], row.id);
        };
        if (this.db.inTransaction) write();
        else this.transaction(write);
        this.noteInsert();
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

  /**
   * A page of the rows with the term among their tokens: one range of the search table's key for
   * the indexed rows, merged in key order with the pending rows whose own tokens hold the term.
   */
  private findSearched(query: FindQuery<T>, term: string): Page<T> {
    const index = this.searchIndex();
    if (query.orderBy !== index.order) throw new Error(`A search of ${this.spec.name} is ordered by ${index.order}`);
    const order = quote(index.order);
    const cmp = query.direction === 'desc' ? '<' : '>';
    const params: Row = {};
    const keyConditions = (k: string) => {
      const conditions: string[] = [];
      if (query.after !== undefined) {
        // Row values compare like the key: the range starts right after the cursor.
        conditions.push(`(${k}.${order}, ${k}.id) ${cmp} (@__cv, @__cid)`);
      }
      if (query.lessThan !== undefined) conditions.push(`${k}.${order} < @__lt`);
      if (query.atLeast !== undefined) conditions.push(`${k}.${order} >= @__ge`);
      return conditions;
    };
    if (query.after !== undefined) {
      const cursor = decodeCursor(query.after);
      if (!cursor) throw new InvalidCursorError();
      params.__cv = this.toValue(index.order, cursor.v);
      params.__cid = cursor.id;
    }
    if (query.lessThan !== undefined) params.__lt = this.toValue(index.order, query.lessThan);
    if (query.atLeast !== undefined) params.__ge = this.toValue(index.order, query.atLeast);
    const { indexed, pending } = this.searchArms(index, term, query.where, params, keyConditions);
    const dir = query.direction === 'desc' ? 'DESC' : 'ASC';
    // Each arm comes in key order (the token table's key; the pending table's), so SQLite merges them and stops at the limit.
    const sql =
      `SELECT s.${order} AS __k, s.id AS __i, t.* FROM ${index.table} AS s JOIN ${this.spec.name} AS t ON t.id = s.id WHERE ${indexed.join(' AND ')}` +
      ` UNION ALL SELECT p.${order} AS __k, p.id AS __i, t.* FROM ${index.pending} AS p JOIN ${this.spec.name} AS t ON t.id = p.id WHERE ${pending.join(' AND ')}` +
      ` ORDER BY 1 ${dir}, 2 ${dir} LIMIT @__limit`;
    params.__limit = query.limit + 1;
    const rows = this.statement(sql).all(params) as Row[];
    const items = rows.slice(0, query.limit).map((row) => this.fromRow(row));
    const last = items[items.length - 1];
    const next =
      rows.length > query.limit && last ? encodeCursor({ v: (last as unknown as Row)[index.order] as Scalar, id: last.id }) : undefined;
    return { items, next };
  }

  /** Counts one range of the search table's key (reading the rows only for a filter it does not copy), plus the pending rows that match. */
  private countSearched(term: string, where: Where<T> | undefined, range: Range<T> | undefined): number {
    const index = this.searchIndex();
    const params: Row = {};
    let rangeCol: string | undefined;
    if (range) {
      rangeCol = this.column(range.field);
      params.__from = this.toValue(rangeCol, range.from);
      params.__to = this.toValue(rangeCol, range.to);
    }
    const rangeConditions = (k: string) => {
      if (!rangeCol) return [];
      const alias = rangeCol === index.order ? k : 't';
      return [`${alias}.${quote(rangeCol)} >= @__from AND ${alias}.${quote(rangeCol)} < @__to`];
    };
    const { indexed, pending, joined } = this.searchArms(index, term, where, params, rangeConditions);
    const join = joined || (rangeCol !== undefined && rangeCol !== index.order);
    const from = join ? `${index.table} AS s JOIN ${this.spec.name} AS t ON t.id = s.id` : `${index.table} AS s`;
    const sql =
      `SELECT (SELECT COUNT(*) FROM ${from} WHERE ${indexed.join(' AND ')})` +
      ` + (SELECT COUNT(*) FROM ${index.pending} AS p JOIN ${this.spec.name} AS t ON t.id = p.id WHERE ${pending.join(' AND ')}) AS n`;
    const row = this.statement(sql).get(params) as { n: number };
    return row.n;
  }

  /**
   * The conditions of both parts of a search: on the token table (`s`; the equality filters on it
   * where it copies the field, else on the row `t`), and on the pending rows (`p`, their row `t`,
   * the term among the row's own tokens). `key(alias)` adds conditions on the order key of either.
   */
  private searchArms(index: SearchIndex, term: string, where: Where<T> | undefined, params: Row, key: (alias: string) => string[]) {
    // The column is JSON.stringify of the token array, so a token is there as JSON.stringify(token):
    // instr() skips most rows without parsing them, json_each() decides.
    const field = `t.${quote(this.spec.search!.field)}`;
    const pending = [`instr(${field}, @__quoted) > 0 AND EXISTS (SELECT 1 FROM json_each(${field}) WHERE value = @__search)`];
    params.__search = term;
    params.__quoted = JSON.stringify(term);
    // Characters (code points), as the index's rows were cut (indexEntries).
    const chars = [...term];
    const short = chars.length <= indexedTokenLength;
    params.__token = short ? term : indexKey(chars);
    // A longer term: the rows of its key whose lead has a token that begins with the whole term.
    const indexed = short ? ['s.token = @__token'] : ['s.token = @__token', 'instr(s.rest, @__rest) > 0'];
    if (!short) params.__rest = `\n${term}`;
    let joined = false;
    for (const [name, value] of Object.entries(where ?? {})) {
      if (value === undefined) continue;
      const col = this.column(name);
      const alias = index.filters.includes(col) ? 's' : 't';
      if (alias === 't') joined = true;
      indexed.push(`${alias}.${quote(col)} = @w_${col}`);
      pending.push(`t.${quote(col)} = @w_${col}`);
      params['w_' + col] = this.toValue(col, value as Scalar);
    }
    indexed.push(...key('s'));
    pending.push(...key('p'));
    return { indexed, pending, joined };
  }

  private searchIndex(): SearchIndex {
    if (!this.index) throw new Error(`${this.spec.name} cannot be searched`);
    return this.index;
  }

  /**
   * Indexes up to `limit` pending rows, oldest first, in one transaction: their tokens into the
   * search table in key order (one statement), then their pending marks out. Returns how many
   * were indexed; 0 when none were pending. The copied filters are read from the rows as they
   * are now.
   */
  indexPending(limit = indexBatch): number {
    const index = this.index;
    if (!index) return 0;
    const order = quote(index.order);
    const copied = [index.order, 'id', ...index.filters];
    const batch = `SELECT ${order}, id FROM ${index.pending} ORDER BY ${order}, id LIMIT @limit`;
    const run = this.db.transaction((): number => {
      const leads = this.statement(
        `SELECT ${copied.map((c) => 't.' + quote(c)).join(', ')}, t.${quote(this.spec.search!.field)} AS __tokens` +
          ` FROM (${batch}) AS b JOIN ${this.spec.name} AS t ON t.id = b.id`,
      ).all({ limit }) as Row[];
      if (!leads.length) return 0;
      // The batch's rows [token, ...copied, rest], inserted in key order, one prepared statement a row
      // (a JSON array of them read through json_each cost twice as much: every column re-parses its row).
      const rows: unknown[][] = [];
      for (const lead of leads) {
        const values = copied.map((c) => lead[c]);
        for (const [token, rest] of indexEntries(JSON.parse(lead.__tokens as string) as string[])) rows.push([token, ...values, rest]);
      }
      rows.sort(byKey);
      const columns = ['token', ...copied, 'rest'];
      const insert = this.statement(
        `INSERT INTO ${index.table} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) insert.run(row);
      return this.statement(`DELETE FROM ${index.pending} WHERE (${order}, id) IN (${batch})`).run({ limit }).changes;
    });
    return run.immediate();
  }

  /**
   * Indexes every pending row (at start, before serving: what a crash or an older process left,
   * or every lead after migration 13), in batches of `indexStartBatch`: a batch's rows are
   * sorted and inserted along the key, so a large backlog is written in a few passes over the
   * table rather than one scattered insert per 100 leads.
   */
  indexAllPending(): number {
    let total = 0;
    for (let n = this.indexPending(indexStartBatch); n > 0; n = this.indexPending(indexStartBatch)) total += n;
    return total;
  }

  /** Stops the background indexing (the store is closing); what is still pending is indexed at the next start. */
  stopIndexing() {
    this.stopped = true;
    if (this.indexTimer) clearTimeout(this.indexTimer);
    this.indexTimer = undefined;
  }

  /** After an insert: index when inserts pause, or at once when too many are pending (see indexIdleMs). */
  private noteInsert() {
    if (this.options.indexing !== 'background') return;
    this.pendingInserts++;
    this.lastInsertAt = performance.now();
    this.scheduleIndexing(this.pendingInserts > indexMaxPending ? 0 : indexIdleMs);
  }

  /** One step of indexing after `delay` ms: a batch, then the next step, until none is pending. */
  private scheduleIndexing(delay: number) {
    if (this.stopped || this.indexTimer) return;
    this.indexTimer = setTimeout(() => {
      this.indexTimer = undefined;
      if (this.stopped) return;
      const idleFor = performance.now() - this.lastInsertAt;
      if (this.pendingInserts <= indexMaxPending && idleFor < indexIdleMs) {
        this.scheduleIndexing(indexIdleMs - idleFor);
        return;
      }
      let indexed: number;
      try {
        indexed = this.indexPending();
      } catch (error) {
        // Searches still find pending rows (through their own tokens); try again later.
        console.error(`Indexing ${this.spec.name} for search failed`, error);
        this.scheduleIndexing(10 * indexIdleMs);
        return;
      }
      this.pendingInserts = indexed < indexBatch ? 0 : Math.max(0, this.pendingInserts - indexed);
      if (indexed === indexBatch) this.scheduleIndexing(0);
    }, delay);
    // A step already due keeps its place; a wait for idleness does not keep the process alive.
    this.indexTimer.unref();
  }

  /** Deletes a row and, first, its tokens (found from the row's own token list) or its pending mark. */
  private deleteNow(id: string): boolean {
    if (this.index) {
      const field = quote(this.spec.search!.field);
      const order = quote(this.index.order);
      const pending = this.statement(
        `DELETE FROM ${this.index.pending} WHERE (${order}, id) IN (SELECT ${order}, id FROM ${this.spec.name} WHERE id = ?)`,
      ).run(id).changes;
      if (!pending) {
        this.statement(
          `DELETE FROM ${this.index.table} WHERE (token, ${order}, id) IN (SELECT j.value, t.${order}, t.id FROM ${this.spec.name} AS t, json_each(t.${field}) AS j WHERE t.id = ? AND length(j.value) <= ${indexedTokenLength})`,
        ).run(id);
      }
    }
    return this.statement(`DELETE FROM ${this.spec.name} WHERE id = ?`).run(id).changes === 1;
  }

  /** After a row's update: the filters the search table copies, from the row as it now is. */
  private copyFilters(id: string, patch: Row) {
    const index = this.index;
    if (!index) return;
    const changed = index.filters.filter((col) => col in patch);
    if (!changed.length) return;
    // A pending row has no token rows yet: its filters are read from the row itself.
    const field = quote(this.spec.search!.field);
    const order = quote(index.order);
    const set = changed.map((col) => `${quote(col)} = (SELECT ${quote(col)} FROM ${this.spec.name} WHERE id = @id)`).join(', ');
    this.statement(
      `UPDATE ${index.table} SET ${set} WHERE (token, ${order}, id) IN (SELECT j.value, t.${order}, t.id FROM ${this.spec.name} AS t, json_each(t.${field}) AS j WHERE t.id = @id AND length(j.value) <= ${indexedTokenLength})`,
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
