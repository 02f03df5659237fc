// Fills a DATA_DIR with a large site's data, for measuring backups (and anything else that
// grows with the data): 100,000 project inquiries, each with the emails and SMS the API
// would have queued for it (marked sent), and 1,000,000 visits over the last 80 days.
// Written straight into SQLite in large transactions; the schema is the server's own.
//   npx tsx functions/scripts/make-large-data.ts DATA_DIR [INQUIRIES] [VISITS]
import { budgets, inquiryRooms as rooms, timelines } from '@site/domain';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { newId } from '../src/ids';
import { messageSettings } from '../src/message-settings';
import { cappedRecipient } from '../src/ports/messages';
import { leadMessages } from '../src/services/lead-messages';

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

const db = new Database(file);
db.pragma('journal_mode = WAL');
// A generator, not the server: no fsync per batch.
db.pragma('synchronous = OFF');

const settings = messageSettings({
  NOTIFY_EMAIL: ['office@example.com.au'],
  NOTIFY_SMS: ['+61411111111'],
  SITE_URL: 'https://www.example.com.au',
  SMS_COUNTRIES: ['AU'],
  CUSTOMER_MESSAGES_PER_DAY: 3,
});
const pages = ['/', '/services', '/gallery', '/virtual-showroom', '/about'];
const agents = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];
const now = Date.now();
const day = 86_400_000;

const insertInquiry = db.prepare(
  'INSERT INTO project_inquiries (id, rooms, budget, timeline, firstName, lastName, email, phone, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
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
      const record = {
        id: newId(),
        rooms: [rooms[i % rooms.length], rooms[(i + 1) % rooms.length]],
        budget: budgets[i % budgets.length],
        timeline: timelines[i % timelines.length],
        firstName: `Customer${i}`,
        lastName: 'Example',
        email: `customer${i}@example.com`,
        phone: i % 3 ? '0412 345 678' : '03 9123 4567',
        createdAt: createdAt.toISOString(),
      };
      insertInquiry.run(
        record.id,
        JSON.stringify(record.rooms),
        record.budget,
        record.timeline,
        record.firstName,
        record.lastName,
        record.email,
        record.phone,
        record.createdAt,
      );
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
}
for (let done = 0; done < visitCount; done += batch * 4) {
  db.transaction(() => {
    for (let i = done; i < Math.min(done + batch * 4, visitCount); i++) {
      const visitedAt = new Date(now - ((visitCount - i) / visitCount) * 80 * day).toISOString();
      insertVisit.run(newId(), pages[i % pages.length], agents[i % 2], `203.0.113.${i % 250}`, visitedAt);
    }
  })();
}
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
console.log(
  `Wrote ${inquiryCount.toLocaleString('en-AU')} inquiries with their messages and ${visitCount.toLocaleString('en-AU')} visits to ${file} (${(size / 1024 / 1024).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
