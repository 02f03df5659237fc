import type { Inquiry, QuoteRequest, Review } from '@site/domain';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DeliveryQueue } from '#functions/ports/messages.ts';
import type { Store } from '#functions/ports/store.ts';
import type { BookingBlockRecord, BookingRecord } from '#functions/ports/bookings.ts';
import { SqliteBookingAlerts, SqliteBookingSlots } from './bookings';
import { SqliteCollection } from './collection';
import { SqliteMessages } from './messages';
import { SqlitePersonalData } from './privacy';
import { SqliteSettings } from './settings';
import { migrate } from './migrations';
import { tables } from '#functions/ports/schema.ts';
import { newTimeOrderedId } from '#functions/ids.ts';

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

  // Leads are indexed for search in the background (decision 013); what a crash left pending, now.
  const inquiries = new SqliteCollection<Inquiry>(db, tables.inquiries, { indexing: 'background' });
  const quotes = new SqliteCollection<QuoteRequest>(db, tables.quotes, { indexing: 'background' });
  const searchIndexes = [inquiries.searchIndex, quotes.searchIndex];
  for (const index of searchIndexes) index?.indexAllPending();
  const reviews = new SqliteCollection<Review>(db, tables.reviews);
  const messages = new SqliteMessages(db, { inquiry: inquiries, quote: quotes, review: reviews });
  const bookings = new SqliteCollection<BookingRecord>(db, tables.bookings);
  const bookingBlocks = new SqliteCollection<BookingBlockRecord>(db, tables.bookingBlocks);
  return {
    bookings,
    bookingBlocks,
    bookingSlots: new SqliteBookingSlots(db, bookings, bookingBlocks),
    bookingAlerts: new SqliteBookingAlerts(db),
    users: new SqliteCollection(db, tables.users),
    sessions: new SqliteCollection(db, tables.sessions),
    inquiries,
    quotes,
    reviews,
    messages,
    queue: messages,
    personal: new SqlitePersonalData(db, reviews),
    settings: new SqliteSettings(db),
    visitors: new SqliteCollection(db, tables.visitors),
    visitorDays: new SqliteCollection(db, tables.visitorDays),
    visitorSalts: new SqliteCollection(db, tables.visitorSalts),
    models: new SqliteCollection(db, tables.models),
    projects: new SqliteCollection(db, tables.projects),
    objects: new SqliteCollection(db, tables.objects),
    uploadTickets: new SqliteCollection(db, tables.uploadTickets),
    attachments: new SqliteCollection(db, tables.attachments),
    attachmentTickets: new SqliteCollection(db, tables.attachmentTickets),
    uploadQuotas: new SqliteCollection(db, tables.uploadQuotas),
    signingKeys: new SqliteCollection(db, tables.signingKeys),
    loginChallenges: new SqliteCollection(db, tables.loginChallenges),
    loginDevices: new SqliteCollection(db, tables.loginDevices),
    audit: new SqliteCollection(db, tables.audit),
    reviewInvites: new SqliteCollection(db, tables.reviewInvites),
    emailSuppressions: new SqliteCollection(db, tables.emailSuppressions),
    quoteVersions: new SqliteCollection(db, tables.quoteVersions),
    quoteCounters: new SqliteCollection(db, tables.quoteCounters),
    stripeEvents: new SqliteCollection(db, tables.stripeEvents),
    newLeadId: () => newTimeOrderedId(),
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
      db.prepare(
        'INSERT INTO health_probe (id, checkedAt) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checkedAt = excluded.checkedAt',
      ).run(now);
      const row = db.prepare('SELECT checkedAt FROM health_probe WHERE id = 1').get() as { checkedAt: string } | undefined;
      if (row?.checkedAt !== now) throw new Error('The health probe did not read back what it wrote');
    },
    async close() {
      for (const index of searchIndexes) index?.stopIndexing();
      db.close();
    },
  };
}
