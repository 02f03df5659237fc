// Fills a DATA_DIR with a large site's data, for measuring backups (and anything else that
// grows with the data, such as the lead search): 100,000 project inquiries, each with the
// emails and SMS the API would have queued for it (marked sent), and 1,000,000 visits over the
// last 80 days. The inquiries carry common Melbourne names (about a third of first names start
// with "a"), their own email and mobile, and the statuses staff would have given them, and are
// stored through the SQLite Store's own collection (SqliteCollection.insertNow), so their search
// tokens and search-table rows are made exactly as the API makes them. Written in large
// transactions without fsync; the schema is the server's own.
//   npx tsx functions/scripts/make-large-data.ts DATA_DIR [INQUIRIES] [VISITS]
import { budgets, defaultSettings, inquiryRooms as rooms, timelines, withDefaults, type Inquiry, type LeadStatus } from '@site/domain';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteCollection } from '../src/adapters/sqlite/collection';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { newId } from '../src/ids';
import { messageSettingsOf } from '../src/message-settings';
import { cappedRecipient } from '../src/ports/messages';
import { tables } from '../src/ports/schema';
import { leadMessages, loadEmailLayouts } from '../src/services/lead-messages';

const [dirArg, inquiriesArg, visitsArg] = process.argv.slice(2);
if (!dirArg) {
  console.error('Usage: npx tsx functions/scripts/make-large-data.ts DATA_DIR [INQUIRIES=100000] [VISITS=1000000]');
  process.exit(2);
}
const dataDir = resolve(dirArg);
const file = join(dataDir, 'site.sqlite');
if (existsSync(file)) {
  console.error(`${file} already exists: give an empty or new folder.`);
  process.exit(1);
}
const inquiryCount = Number(inquiriesArg ?? 100_000);
const visitCount = Number(visitsArg ?? 1_000_000);

// The server's schema and migrations.
await createSqliteStore({ file }).close();
// Each inquiry's messages are composed inside the insert's transaction, which cannot wait.
await loadEmailLayouts();

const db = new Database(file);
db.pragma('journal_mode = WAL');
// A generator, not the server: no fsync per batch.
db.pragma('synchronous = OFF');

const settings = messageSettingsOf(
  withDefaults({
    business: { ...defaultSettings.business, siteUrl: 'https://www.example.com.au' },
    notifications: { emails: ['office@example.com.au'], mobiles: ['+61411111111'], followUpAfterHours: null },
  }),
  { smsCountries: ['AU'], customerMessagesPerDay: 3 },
);
const pages = ['/', '/services', '/gallery', '/virtual-showroom', '/about'];
const agents = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];
const now = Date.now();
const day = 86_400_000;

// The Store's own collection on this connection: the row and its tokens; its search-table rows in batches (indexPending), as the server makes them.
const inquiries = new SqliteCollection<Inquiry>(db, tables.inquiries);
const firstNames = [
  'Ava', 'Amelia', 'Aria', 'Alexander', 'Andrew', 'Adam', 'Anna', 'Aisha', 'Ahmed', 'Arjun',
  'Olivia', 'Oliver', 'Noah', 'Isla', 'Mia', 'Jack', 'William', 'Charlotte', 'Leo', 'Grace',
  'Henry', 'Chloe', 'Lucas', 'Zoe', 'Ethan', 'Ella', 'James', 'Sophie', 'Thomas', 'Éloïse',
]; // prettier-ignore
const lastNames = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White',
  'Anderson', 'Walker', 'Thompson', 'Lee', 'Ryan', 'Kelly', 'Papadopoulos', 'Singh', 'Chen', 'Tran',
  'Harris', 'King', 'Robinson', 'Wright', 'Murphy', 'Young', 'Mitchell', 'Campbell', "O'Brien", 'Smith-Jones',
]; // prettier-ignore
const domains = ['gmail.com', 'outlook.com', 'bigpond.com', 'icloud.com', 'yahoo.com.au', 'optusnet.com.au'];
/** Older leads have been worked: most of those from before the last month are quoted, won or lost. */
function progress(i: number, createdAt: Date): Pick<Inquiry, 'status' | 'history' | 'firstContactAt' | 'updatedAt'> {
  const at = createdAt.toISOString();
  const recent = now - createdAt.getTime() < 30 * day;
  const status: LeadStatus = recent
    ? (['new', 'new', 'contacted'] as const)[i % 3]
    : (['contacted', 'quoted', 'won', 'lost', 'lost'] as const)[i % 5];
  if (status === 'new') return { status, history: [], updatedAt: at };
  const contacted = new Date(createdAt.getTime() + 3_600_000 * (1 + (i % 48))).toISOString();
  const history: Inquiry['history'] = [{ at: contacted, by: 'maria', status: 'contacted' }];
  if (status !== 'contacted') history.push({ at: contacted, by: 'maria', status, note: 'Followed up by phone.' });
  return { status, history, firstContactAt: contacted, updatedAt: contacted };
}
const insertMessage = db.prepare(
  `INSERT INTO messages (id, leadKind, leadId, channel, audience, recipient, subject, body, html, status, attempts, error, providerId, createdAt, queuedAt, updatedAt, nextAttemptAt, sentAt, customerKey)
   VALUES (?, 'inquiry', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
);
const insertVisit = db.prepare('INSERT INTO visitor_tracking (id, page, userAgent, ipAddress, visitedAt) VALUES (?, ?, ?, ?, ?)');

const started = Date.now();
const batch = 5000;
for (let done = 0; done < inquiryCount; done += batch) {
  db.transaction(() => {
    for (let i = done; i < Math.min(done + batch, inquiryCount); i++) {
      const createdAt = new Date(now - ((inquiryCount - i) / inquiryCount) * 3 * 365 * day);
      const firstName = firstNames[(i * 7) % firstNames.length];
      const lastName = lastNames[(i * 13) % lastNames.length];
      const local = `${firstName}.${lastName}`
        .normalize('NFKD')
        .replace(/[^A-Za-z.]/g, '')
        .toLowerCase();
      // Distinct mobiles (and a landline for every tenth lead), spread over the number space.
      const number = String(10_000_000 + ((i * 7_919_993) % 89_999_999));
      const phone =
        i % 10 ? `04${number.slice(0, 2)} ${number.slice(2, 5)} ${number.slice(5)}` : `03 9${number.slice(1, 4)} ${number.slice(4)}`;
      const record: Inquiry = {
        id: newId(),
        rooms: [rooms[i % rooms.length], rooms[(i + 1) % rooms.length]],
        budget: budgets[i % budgets.length],
        timeline: timelines[i % timelines.length],
        firstName,
        lastName,
        email: `${local}${i}@${domains[i % domains.length]}`,
        phone,
        createdAt: createdAt.toISOString(),
        ...progress(i, createdAt),
      };
      inquiries.insertNow(record);
      const at = record.createdAt;
      for (const message of leadMessages({ kind: 'inquiry', record }, settings, createdAt)) {
        const status = message.skipped ? 'skipped' : 'sent';
        insertMessage.run(
          message.id,
          record.id,
          message.channel,
          message.audience,
          message.to,
          message.subject ?? null,
          message.text,
          message.html ?? null,
          status,
          status === 'sent' ? 1 : 0,
          message.skipped ?? null,
          at,
          at,
          at,
          at,
          status === 'sent' ? at : null,
          cappedRecipient(message),
        );
      }
    }
  })();
  inquiries.searchIndex!.indexPending(batch);
}
for (let done = 0; done < visitCount; done += batch * 4) {
  db.transaction(() => {
    for (let i = done; i < Math.min(done + batch * 4, visitCount); i++) {
      const visitedAt = new Date(now - ((visitCount - i) / visitCount) * 80 * day).toISOString();
      insertVisit.run(newId(), pages[i % pages.length], agents[i % 2], `203.0.113.${i % 250}`, visitedAt);
    }
  })();
}
inquiries.searchIndex!.indexAllPending();
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
console.log(
  `Wrote ${inquiryCount.toLocaleString('en-AU')} inquiries with their messages and ${visitCount.toLocaleString('en-AU')} visits to ${file} (${(size / 1024 / 1024).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
