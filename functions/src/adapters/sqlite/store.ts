import type { Inquiry, QuoteRequest, Review } from '@site/domain';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DeliveryQueue } from '../../ports/messages';
import type { Store } from '../../ports/store';
import { SqliteCollection } from './collection';
import { messagesTableSql, SqliteMessages } from './messages';
import { tables, type ColumnKind, type TableSpec } from '../../ports/schema';
import { searchTokens } from '../../ports/search';

const sqlType: Record<ColumnKind, string> = {
  text: 'TEXT',
  int: 'INTEGER',
  real: 'REAL',
  bool: 'INTEGER',
  json: 'TEXT',
};

/**
 * Migrations run in order, once each; `user_version` records how many ran.
 * Add new ones at the end; never edit one that has shipped.
 */
const migrations: ReadonlyArray<(db: Database.Database) => void> = [
  (db) => {
    for (const spec of Object.values(tables) as TableSpec[]) {
      const optional = new Set(spec.optional ?? []);
      const cols = Object.entries(spec.columns).map(([name, kind]) => {
        const pk = name === 'id' ? ' PRIMARY KEY' : '';
        const nullability = name === 'id' || optional.has(name) ? '' : ' NOT NULL';
        return `"${name}" ${sqlType[kind]}${pk}${nullability}`;
      });
      db.exec(`CREATE TABLE ${spec.name} (${cols.join(', ')}) STRICT`);
      for (const col of spec.unique ?? []) {
        db.exec(`CREATE UNIQUE INDEX ${spec.name}_${col}_unique ON ${spec.name} ("${col}")`);
      }
      for (const index of spec.indexes ?? []) {
        db.exec(`CREATE INDEX ${spec.name}_${index.join('_')} ON ${spec.name} (${index.map((c) => `"${c}"`).join(', ')})`);
      }
    }
  },
  // The message queue the embedded worker sends from (emails and SMS about leads).
  (db) => {
    db.exec(messagesTableSql);
  },
  // Leads get a status, a history of status changes and notes, the time of first contact,
  // and search tokens. Existing leads are `new` with no history; their tokens are made here.
  (db) => {
    for (const spec of [tables.inquiries, tables.quotes]) {
      const existing = new Set((db.pragma(`table_info(${spec.name})`) as Array<{ name: string }>).map((column) => column.name));
      const added: Array<[string, string]> = [
        ['status', "TEXT NOT NULL DEFAULT 'new'"],
        ['history', "TEXT NOT NULL DEFAULT '[]'"],
        ['firstContactAt', 'TEXT'],
        ['searchTokens', "TEXT NOT NULL DEFAULT '[]'"],
      ];
      // A database created by this version already has them (the first migration reads the current tables).
      for (const [name, definition] of added) if (!existing.has(name)) db.exec(`ALTER TABLE ${spec.name} ADD COLUMN "${name}" ${definition}`);
      for (const index of spec.indexes) {
        db.exec(`CREATE INDEX IF NOT EXISTS ${spec.name}_${index.join('_')} ON ${spec.name} (${index.map((c) => `"${c}"`).join(', ')})`);
      }
      const rows = db.prepare(`SELECT * FROM ${spec.name}`).all() as Array<Record<string, unknown>>;
      const write = db.prepare(`UPDATE ${spec.name} SET "searchTokens" = ? WHERE id = ?`);
      for (const row of rows) write.run(JSON.stringify(searchTokens(spec.search, row)), row.id);
    }
  },
  // Leads record when they last changed (arrival, status, note); until now, their arrival.
  (db) => {
    for (const spec of [tables.inquiries, tables.quotes]) {
      const existing = new Set((db.pragma(`table_info(${spec.name})`) as Array<{ name: string }>).map((column) => column.name));
      if (!existing.has('updatedAt')) db.exec(`ALTER TABLE ${spec.name} ADD COLUMN "updatedAt" TEXT NOT NULL DEFAULT ''`);
      db.exec(`UPDATE ${spec.name} SET "updatedAt" = "createdAt" WHERE "updatedAt" = ''`);
    }
  },
];

export interface SqliteStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
}

/**
 * The SQLite Store. WAL with synchronous=NORMAL: every committed transaction survives a
 * crash of the process (kill -9); only a power loss can drop the last moments.
 */
export interface SqliteStore extends Store {
  /** The queue the embedded delivery worker sends from: the same table as `messages`. */
  queue: DeliveryQueue;
}

export function createSqliteStore({ file }: SqliteStoreOptions): SqliteStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const inquiries = new SqliteCollection<Inquiry>(db, tables.inquiries);
  const quotes = new SqliteCollection<QuoteRequest>(db, tables.quotes);
  const reviews = new SqliteCollection<Review>(db, tables.reviews);
  const messages = new SqliteMessages(db, { inquiry: inquiries, quote: quotes, review: reviews });
  return {
    users: new SqliteCollection(db, tables.users),
    sessions: new SqliteCollection(db, tables.sessions),
    inquiries,
    quotes,
    reviews,
    messages,
    queue: messages,
    visitors: new SqliteCollection(db, tables.visitors),
    models: new SqliteCollection(db, tables.models),
    objects: new SqliteCollection(db, tables.objects),
    uploadTickets: new SqliteCollection(db, tables.uploadTickets),
    async close() {
      db.close();
    },
  };
}

function migrate(db: Database.Database) {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let i = version; i < migrations.length; i++) {
    db.transaction(() => {
      migrations[i](db);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}
