import type { Database } from 'better-sqlite3';
import type { TableSpec } from '#functions/ports/schema.ts';
import { searchTokens, type SearchSpec } from '#functions/ports/search.ts';
import { decodeCursor, InvalidCursorError, type FindQuery, type Range, type Scalar, type Where } from '#functions/ports/store.ts';
import { column, quote, Statements, toValue, type Row } from './columns';

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
interface SearchTables {
  table: string;
  pending: string;
  order: string;
  filters: readonly string[];
}
const searchTables: Record<string, SearchTables> = {
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
/** The longest token with its own row in a search table; see SearchTables. Characters, as SQLite's length() counts them. */
export const indexedTokenLength = 4;
export const indexIdleMs = 200;
/** Search-table rows one INSERT statement takes (5 values each, far under SQLite's 32,766). */
const rowsPerInsert = 50;
export const indexMaxPending = 2000;

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

/** The part of a FindQuery a search reads: its order, range, cursor and filters. */
type SearchQuery = Pick<FindQuery<Row>, 'orderBy' | 'direction' | 'limit' | 'after' | 'lessThan' | 'atLeast'> & { where?: Where<Row> };

/**
 * The search index of one searchable SQLite table (`TableSpec.search`): the row's own token
 * list (its column, made at insert), the pending marks, the token table and its background
 * indexing. SqliteCollection calls it around its writes, inside their transactions, so a lead
 * and its index entry are stored together or not at all; searches and their counts are read
 * here and answered as the table's rows.
 */
export class SqliteSearchIndex {
  private readonly tables: SearchTables;
  private readonly search: SearchSpec;
  private readonly statements: Statements;
  private readonly markPending: string;
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
    const tables = searchTables[spec.name];
    if (!spec.search || !tables) throw new Error(`${spec.name} is searchable but has no search table`);
    this.tables = tables;
    this.search = spec.search;
    this.statements = new Statements(db);
    this.markPending = `INSERT INTO ${tables.pending} (${quote(tables.order)}, id) VALUES (?, ?)`;
  }

  /** The column that holds each row's own tokens. */
  get tokenColumn(): string {
    return this.search.field;
  }

  /** Whether an update may change `col`: not the tokens, the fields they are made of, nor the search table's order key. */
  isSearched(col: string): boolean {
    // The tokens are made from the whole document at insert; leads' contact details are never edited.
    return col === this.search.field || col in this.search.fields || col === this.tables.order;
  }

  /** The token column's value for a new document: its tokens as a JSON array. */
  tokensOf(doc: Row): string {
    return JSON.stringify(searchTokens(this.search, doc));
  }

  /** In the caller's transaction, right after the row's insert: the row waits for its token rows (see SearchTables). */
  added(row: Row) {
    this.statements.get(this.markPending).run(row[this.tables.order], row.id);
  }

  /** After the insert's transaction: index when inserts pause, or at once when too many are pending (see indexIdleMs). */
  noteInsert() {
    if (this.options.indexing !== 'background') return;
    this.pendingInserts++;
    this.lastInsertAt = performance.now();
    this.scheduleIndexing(this.pendingInserts > indexMaxPending ? 0 : indexIdleMs);
  }

  /**
   * Up to `limit + 1` rows of the table with the term among their tokens, in the query's order:
   * one range of the search table's key for the indexed rows, merged in key order with the
   * pending rows whose own tokens hold the term.
   */
  rows(query: SearchQuery, term: string): Row[] {
    const index = this.tables;
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
      params.__cv = toValue(this.spec, index.order, cursor.v);
      params.__cid = cursor.id;
    }
    if (query.lessThan !== undefined) params.__lt = toValue(this.spec, index.order, query.lessThan);
    if (query.atLeast !== undefined) params.__ge = toValue(this.spec, index.order, query.atLeast);
    const { indexed, pending } = this.searchArms(term, query.where, params, keyConditions);
    const dir = query.direction === 'desc' ? 'DESC' : 'ASC';
    // Each arm comes in key order (the token table's key; the pending table's), so SQLite merges them and stops at the limit.
    const sql =
      `SELECT s.${order} AS __k, s.id AS __i, t.* FROM ${index.table} AS s JOIN ${this.spec.name} AS t ON t.id = s.id WHERE ${indexed.join(' AND ')}` +
      ` UNION ALL SELECT p.${order} AS __k, p.id AS __i, t.* FROM ${index.pending} AS p JOIN ${this.spec.name} AS t ON t.id = p.id WHERE ${pending.join(' AND ')}` +
      ` ORDER BY 1 ${dir}, 2 ${dir} LIMIT @__limit`;
    params.__limit = query.limit + 1;
    return this.statements.get(sql).all(params) as Row[];
  }

  /** Counts one range of the search table's key (reading the rows only for a filter it does not copy), plus the pending rows that match. */
  count(term: string, where: Where<Row> | undefined, range: (Pick<Range<Row>, 'from' | 'to'> & { field: string }) | undefined): number {
    const index = this.tables;
    const params: Row = {};
    let rangeCol: string | undefined;
    if (range) {
      rangeCol = column(this.spec, range.field);
      params.__from = toValue(this.spec, rangeCol, range.from);
      params.__to = toValue(this.spec, rangeCol, range.to);
    }
    const rangeConditions = (k: string) => {
      if (!rangeCol) return [];
      const alias = rangeCol === index.order ? k : 't';
      return [`${alias}.${quote(rangeCol)} >= @__from AND ${alias}.${quote(rangeCol)} < @__to`];
    };
    const { indexed, pending, joined } = this.searchArms(term, where, params, rangeConditions);
    const join = joined || (rangeCol !== undefined && rangeCol !== index.order);
    const from = join ? `${index.table} AS s JOIN ${this.spec.name} AS t ON t.id = s.id` : `${index.table} AS s`;
    const sql =
      `SELECT (SELECT COUNT(*) FROM ${from} WHERE ${indexed.join(' AND ')})` +
      ` + (SELECT COUNT(*) FROM ${index.pending} AS p JOIN ${this.spec.name} AS t ON t.id = p.id WHERE ${pending.join(' AND ')}) AS n`;
    const row = this.statements.get(sql).get(params) as { n: number };
    return row.n;
  }

  /**
   * The conditions of both parts of a search: on the token table (`s`; the equality filters on it
   * where it copies the field, else on the row `t`), and on the pending rows (`p`, their row `t`,
   * the term among the row's own tokens). `key(alias)` adds conditions on the order key of either.
   */
  private searchArms(term: string, where: Where<Row> | undefined, params: Row, key: (alias: string) => string[]) {
    const index = this.tables;
    // The column is JSON.stringify of the token array, so a token is there as JSON.stringify(token):
    // instr() skips most rows without parsing them, json_each() decides.
    const field = `t.${quote(this.search.field)}`;
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
      const col = column(this.spec, name);
      const alias = index.filters.includes(col) ? 's' : 't';
      if (alias === 't') joined = true;
      indexed.push(`${alias}.${quote(col)} = @w_${col}`);
      pending.push(`t.${quote(col)} = @w_${col}`);
      params['w_' + col] = toValue(this.spec, col, value as Scalar);
    }
    indexed.push(...key('s'));
    pending.push(...key('p'));
    return { indexed, pending, joined };
  }

  /**
   * Indexes up to `limit` pending rows, oldest first, in one transaction: their tokens into the
   * search table in key order (`rowsPerInsert` rows a statement), then their pending marks out.
   * Returns how many were indexed; 0 when none were pending. The copied filters are read from
   * the rows as they are now.
   */
  indexPending(limit = indexBatch): number {
    const index = this.tables;
    const order = quote(index.order);
    const copied = [index.order, 'id', ...index.filters];
    const batch = `SELECT ${order}, id FROM ${index.pending} ORDER BY ${order}, id LIMIT @limit`;
    const run = this.db.transaction((): number => {
      const leads = this.statements
        .get(
          `SELECT ${copied.map((c) => 't.' + quote(c)).join(', ')}, t.${quote(this.search.field)} AS __tokens` +
            ` FROM (${batch}) AS b JOIN ${this.spec.name} AS t ON t.id = b.id`,
        )
        .all({ limit }) as Row[];
      if (!leads.length) return 0;
      // The batch's rows [token, ...copied, rest], inserted in key order, `rowsPerInsert` rows a
      // statement (a JSON array of them read through json_each cost twice as much as a statement a
      // row: every column re-parses its row; a statement of 50 rows costs about 0.7 times one a row).
      const rows: unknown[][] = [];
      for (const lead of leads) {
        const values = copied.map((c) => lead[c]);
        for (const [token, rest] of indexEntries(JSON.parse(lead.__tokens as string) as string[])) rows.push([token, ...values, rest]);
      }
      rows.sort(byKey);
      const columns = ['token', ...copied, 'rest'];
      const insert = (count: number) =>
        this.statements.get(
          `INSERT INTO ${index.table} (${columns.map(quote).join(', ')}) VALUES ` +
            Array<string>(count)
              .fill(`(${columns.map(() => '?').join(', ')})`)
              .join(', '),
        );
      let at = 0;
      const full = insert(rowsPerInsert);
      for (; at + rowsPerInsert <= rows.length; at += rowsPerInsert) full.run(rows.slice(at, at + rowsPerInsert).flat());
      const one = insert(1);
      for (; at < rows.length; at++) one.run(rows[at]);
      return this.statements.get(`DELETE FROM ${index.pending} WHERE (${order}, id) IN (${batch})`).run({ limit }).changes;
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

  /** In the caller's transaction, before a row is deleted: its tokens (found from the row's own token list) or its pending mark. */
  removing(id: string) {
    const field = quote(this.search.field);
    const order = quote(this.tables.order);
    const pending = this.statements
      .get(`DELETE FROM ${this.tables.pending} WHERE (${order}, id) IN (SELECT ${order}, id FROM ${this.spec.name} WHERE id = ?)`)
      .run(id).changes;
    if (!pending) {
      this.statements
        .get(
          `DELETE FROM ${this.tables.table} WHERE (token, ${order}, id) IN (SELECT j.value, t.${order}, t.id FROM ${this.spec.name} AS t, json_each(t.${field}) AS j WHERE t.id = ? AND length(j.value) <= ${indexedTokenLength})`,
        )
        .run(id);
    }
  }

  /** In the caller's transaction, after a row's update: the filters the search table copies, from the row as it now is. */
  updated(id: string, patch: Row) {
    const index = this.tables;
    const changed = index.filters.filter((col) => col in patch);
    if (!changed.length) return;
    // A pending row has no token rows yet: its filters are read from the row itself.
    const field = quote(this.search.field);
    const order = quote(index.order);
    const set = changed.map((col) => `${quote(col)} = (SELECT ${quote(col)} FROM ${this.spec.name} WHERE id = @id)`).join(', ');
    this.statements
      .get(
        `UPDATE ${index.table} SET ${set} WHERE (token, ${order}, id) IN (SELECT j.value, t.${order}, t.id FROM ${this.spec.name} AS t, json_each(t.${field}) AS j WHERE t.id = @id AND length(j.value) <= ${indexedTokenLength})`,
      )
      .run({ id });
  }
}
