// The benchmark's baseline: the same inserts and reads as the app, on bare node:http and
// better-sqlite3 with the same pragmas, without the framework, validation or security layers.
// An inquiry is stored with its four queued messages (staff email, customer email and SMS)
// in one transaction, as the app stores them; the messages' texts are fixed strings here.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';

const db = new Database(join(process.env.DATA_DIR, 'baseline.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE project_inquiries (id TEXT PRIMARY KEY, rooms TEXT NOT NULL, budget TEXT NOT NULL, timeline TEXT NOT NULL, firstName TEXT NOT NULL, lastName TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, createdAt TEXT NOT NULL) STRICT;
CREATE INDEX pi_created ON project_inquiries (createdAt, id);
CREATE TABLE reviews (id TEXT PRIMARY KEY, customerName TEXT NOT NULL, rating INTEGER NOT NULL, reviewText TEXT NOT NULL, email TEXT, approved INTEGER NOT NULL, createdAt TEXT NOT NULL) STRICT;
CREATE INDEX r_approved ON reviews (approved, createdAt, id);
CREATE TABLE messages (id TEXT PRIMARY KEY, leadKind TEXT NOT NULL, leadId TEXT NOT NULL, channel TEXT NOT NULL, audience TEXT NOT NULL, recipient TEXT NOT NULL, subject TEXT, body TEXT NOT NULL, html TEXT, status TEXT NOT NULL, attempts INTEGER NOT NULL, error TEXT, providerId TEXT, createdAt TEXT NOT NULL, queuedAt TEXT NOT NULL, updatedAt TEXT NOT NULL, nextAttemptAt TEXT NOT NULL, sentAt TEXT) STRICT;
CREATE INDEX messages_due ON messages (status, nextAttemptAt);`);
const insert = db.prepare(
  'INSERT INTO project_inquiries VALUES (@id, @rooms, @budget, @timeline, @firstName, @lastName, @email, @phone, @createdAt)',
);
const queue = db.prepare(
  "INSERT INTO messages VALUES (@id, 'inquiry', @leadId, @channel, @audience, @to, @subject, @body, @html, 'queued', 0, NULL, NULL, @now, @now, @now, @now, NULL)",
);
const text = 'Thank you for your project inquiry. '.repeat(12);
const html = `<!doctype html><html><body><p>${text}</p></body></html>`;
const messages = [
  { channel: 'email', audience: 'staff', subject: 'New project inquiry', body: text, html },
  { channel: 'sms', audience: 'staff', subject: null, body: text.slice(0, 120), html: null },
  { channel: 'email', audience: 'customer', subject: 'We have received your project inquiry', body: text, html },
  { channel: 'sms', audience: 'customer', subject: null, body: text.slice(0, 120), html: null },
];
const storeLead = db.transaction((record) => {
  insert.run({ ...record, rooms: JSON.stringify(record.rooms) });
  messages.forEach((message, i) =>
    queue.run({ ...message, id: `${record.id}-${i + 1}`, leadId: record.id, to: record.email, now: record.createdAt }),
  );
});
const page = db.prepare(
  'SELECT id, customerName, createdAt, rating, reviewText FROM reviews WHERE approved = 1 ORDER BY createdAt DESC, id DESC LIMIT 51',
);
const count = db.prepare('SELECT COUNT(*) AS n FROM reviews WHERE approved = 1');

createServer((req, res) => {
  if (req.url === '/api/health') return res.end('{"status":"ok"}');
  if (req.method === 'POST' && req.url === '/seed') {
    const add = db.prepare('INSERT INTO reviews VALUES (?, ?, ?, ?, ?, 1, ?)');
    db.transaction(() => {
      for (let i = 0; i < 1000; i++)
        add.run(
          randomUUID(),
          `Customer ${i}`,
          (i % 5) + 1,
          'Our new kitchen is wonderful, thank you all.',
          `c${i}@example.com`,
          new Date(Date.now() - i * 1000).toISOString(),
        );
    })();
    return res.end('{}');
  }
  if (req.method === 'POST' && req.url === '/api/project-inquiry') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const input = JSON.parse(body);
      const record = { id: randomUUID(), ...input, createdAt: new Date().toISOString() };
      storeLead(record);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify(record));
    });
    return;
  }
  if (req.method === 'GET' && req.url === '/api/reviews') {
    const rows = page.all();
    const total = count.get().n;
    res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(total) });
    return res.end(JSON.stringify(rows.slice(0, 50)));
  }
  res.writeHead(404).end();
}).listen(Number(process.env.PORT), process.env.HOST);
