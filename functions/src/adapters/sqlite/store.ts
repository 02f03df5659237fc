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
  // One row the deep health check rewrites, to prove that a commit still reaches the disk.
  (db) => {
    db.exec('CREATE TABLE health_probe (id INTEGER PRIMARY KEY, checkedAt TEXT NOT NULL) STRICT');
  },
];

/** Pages copied per step of a backup: small steps keep the event loop free for requests. */
const backupPagesPerStep = 1000;

export interface SqliteStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
}

/**
 * The SQLite Store. WAL with synchronous=FULL: each commit is fsynced before the API answers,
 * so an acknowledged lead survives a power cut, not only a crash of the process.
 */
export interface SqliteStore extends Store {
  /** The queue the embedded delivery worker sends from: the same table as `messages`. */
  queue: DeliveryQueue;
  /**
   * A consistent copy of the database in `file` (SQLite's online backup), taken while the
   * store keeps serving. Writes made through this store during the copy land in it too.
   */
  backup(file: string, options?: { signal?: AbortSignal }): Promise<void>;
  /** Commits a small write and reads it back: throws when the database cannot be written. */
  probeWrite(now: string): Promise<void>;
}

export function createSqliteStore({ file }: SqliteStoreOptions): SqliteStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
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
    async backup(target, options = {}) {
      await db.backup(target, {
        progress: () => {
          // Throwing stops the copy; better-sqlite3 then closes it and rejects.
          if (options.signal?.aborted) throw new Error('Backup stopped');
          return backupPagesPerStep;
        },
      });
    },
    async probeWrite(now) {
      db.prepare('INSERT INTO health_probe (id, checkedAt) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checkedAt = excluded.checkedAt').run(now);
      const row = db.prepare('SELECT checkedAt FROM health_probe WHERE id = 1').get() as { checkedAt: string } | undefined;
      if (row?.checkedAt !== now) throw new Error('The health probe did not read back what it wrote');
    },
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
