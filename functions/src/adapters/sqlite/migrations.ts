import type Database from 'better-sqlite3';
import { addBusinessHours, parseBusinessHours } from '@site/domain/business-hours';
import { searchTokens, type SearchSpec } from '#functions/ports/search.ts';

/**
 * The SQLite schema's history. Each migration runs once, in order, in a transaction;
 * `user_version` records how many ran. A database created today runs them all, so it ends
 * up exactly like one created by the first release and upgraded since (a test compares the
 * two). Every migration is written out as it shipped, never derived from the live table
 * specs (ports/schema.ts): a spec that changes would otherwise change what an old migration
 * does. So never edit one that has shipped; add a new one at the end.
 */
export interface Migration {
  /** Run first, as it shipped. */
  sql: string;
  /** Data the SQL alone cannot fill in, run after it. */
  backfill?: (db: Database.Database) => void;
}

/** Leads' search tokens as the third migration made them; tokens the search reads. */
const leadSearch: Record<'project_inquiries' | 'quote_requests', SearchSpec> = {
  project_inquiries: {
    field: 'searchTokens',
    fields: { firstName: 'text', lastName: 'text', email: 'email', phone: 'phone' },
    phrases: [['firstName', 'lastName']],
  },
  quote_requests: {
    field: 'searchTokens',
    fields: { firstName: 'text', lastName: 'text', email: 'email', suburb: 'text' },
    phrases: [['firstName', 'lastName']],
  },
};

export const migrations: readonly Migration[] = [
  // 1. The collections of the first release.
  {
    sql: `
CREATE TABLE users (
  "id" TEXT PRIMARY KEY,
  "username" TEXT NOT NULL,
  "password" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX users_username_unique ON users ("username");
CREATE TABLE sessions (
  "id" TEXT PRIMARY KEY,
  "userId" TEXT NOT NULL,
  "username" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "expiresAt" TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_expiresAt ON sessions ("expiresAt");
CREATE INDEX sessions_userId ON sessions ("userId");
CREATE TABLE project_inquiries (
  "id" TEXT PRIMARY KEY,
  "rooms" TEXT NOT NULL,
  "budget" TEXT NOT NULL,
  "timeline" TEXT NOT NULL,
  "firstName" TEXT NOT NULL,
  "lastName" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "phone" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE INDEX project_inquiries_createdAt_id ON project_inquiries ("createdAt", "id");
CREATE TABLE quote_requests (
  "id" TEXT PRIMARY KEY,
  "firstName" TEXT NOT NULL,
  "lastName" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "suburb" TEXT NOT NULL,
  "room" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE INDEX quote_requests_createdAt_id ON quote_requests ("createdAt", "id");
CREATE TABLE reviews (
  "id" TEXT PRIMARY KEY,
  "customerName" TEXT NOT NULL,
  "rating" INTEGER NOT NULL,
  "reviewText" TEXT NOT NULL,
  "email" TEXT,
  "approved" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE INDEX reviews_createdAt_id ON reviews ("createdAt", "id");
CREATE INDEX reviews_approved_createdAt_id ON reviews ("approved", "createdAt", "id");
CREATE TABLE visitor_tracking (
  "id" TEXT PRIMARY KEY,
  "page" TEXT NOT NULL,
  "userAgent" TEXT,
  "ipAddress" TEXT,
  "visitedAt" TEXT NOT NULL
) STRICT;
CREATE INDEX visitor_tracking_visitedAt_id ON visitor_tracking ("visitedAt", "id");
CREATE TABLE models_3d (
  "id" TEXT PRIMARY KEY,
  "name" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "modelUrl" TEXT NOT NULL,
  "thumbnailUrl" TEXT NOT NULL,
  "exposure" REAL NOT NULL,
  "shadowIntensity" REAL NOT NULL,
  "displayOrder" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE INDEX models_3d_displayOrder_id ON models_3d ("displayOrder", "id");
CREATE TABLE stored_objects (
  "id" TEXT PRIMARY KEY,
  "key" TEXT NOT NULL,
  "url" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "contentType" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "attached" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX stored_objects_key_unique ON stored_objects ("key");
CREATE UNIQUE INDEX stored_objects_url_unique ON stored_objects ("url");
CREATE INDEX stored_objects_attached_createdAt_id ON stored_objects ("attached", "createdAt", "id");
CREATE TABLE upload_tickets (
  "id" TEXT PRIMARY KEY,
  "kind" TEXT NOT NULL,
  "userId" TEXT NOT NULL,
  "used" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL,
  "expiresAt" TEXT NOT NULL
) STRICT;
CREATE INDEX upload_tickets_expiresAt_id ON upload_tickets ("expiresAt", "id");
`,
  },
  // 2. The message queue the embedded worker sends from (emails and SMS about leads).
  // `to` is `recipient` and the text `body`: plain SQL names. `nextAttemptAt` is when a queued
  // message is due, and when a finished one finished: one index then serves the worker's due
  // messages and the dashboard's latest outcomes. Messages about a lead have ids
  // `<lead id>-<n>`, so its primary key finds them; a second index on leadId measurably slowed
  // every inquiry (each index is one more B-tree page written per lead).
  {
    sql: `
CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  leadKind TEXT NOT NULL,
  leadId TEXT NOT NULL,
  channel TEXT NOT NULL,
  audience TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT,
  body TEXT NOT NULL,
  html TEXT,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  error TEXT,
  providerId TEXT,
  createdAt TEXT NOT NULL,
  queuedAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  nextAttemptAt TEXT NOT NULL,
  sentAt TEXT
) STRICT;
CREATE INDEX messages_due ON messages (status, nextAttemptAt);
`,
  },
  // 3. Leads get a status, a history of status changes and notes, the time of first contact,
  // and search tokens. Existing leads are `new` with no history; their tokens are made here.
  // The lists filter by status and search, newest first; the dashboard's median reads recent
  // first contacts.
  {
    sql: `
ALTER TABLE project_inquiries ADD COLUMN "status" TEXT NOT NULL DEFAULT 'new';
ALTER TABLE project_inquiries ADD COLUMN "history" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE project_inquiries ADD COLUMN "firstContactAt" TEXT;
ALTER TABLE project_inquiries ADD COLUMN "searchTokens" TEXT NOT NULL DEFAULT '[]';
CREATE INDEX project_inquiries_status_createdAt_id ON project_inquiries ("status", "createdAt", "id");
CREATE INDEX project_inquiries_firstContactAt_id ON project_inquiries ("firstContactAt", "id");
ALTER TABLE quote_requests ADD COLUMN "status" TEXT NOT NULL DEFAULT 'new';
ALTER TABLE quote_requests ADD COLUMN "history" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE quote_requests ADD COLUMN "firstContactAt" TEXT;
ALTER TABLE quote_requests ADD COLUMN "searchTokens" TEXT NOT NULL DEFAULT '[]';
CREATE INDEX quote_requests_status_createdAt_id ON quote_requests ("status", "createdAt", "id");
CREATE INDEX quote_requests_firstContactAt_id ON quote_requests ("firstContactAt", "id");
`,
    backfill(db) {
      for (const [table, search] of Object.entries(leadSearch)) {
        const rows = db.prepare(`SELECT * FROM ${table}`).all() as Array<Record<string, unknown>>;
        const write = db.prepare(`UPDATE ${table} SET "searchTokens" = ? WHERE id = ?`);
        for (const row of rows) write.run(JSON.stringify(searchTokens(search, row)), row.id);
      }
    },
  },
  // 4. Leads record when they last changed (arrival, status, note); until now, their arrival.
  {
    sql: `
ALTER TABLE project_inquiries ADD COLUMN "updatedAt" TEXT NOT NULL DEFAULT '';
UPDATE project_inquiries SET "updatedAt" = "createdAt";
ALTER TABLE quote_requests ADD COLUMN "updatedAt" TEXT NOT NULL DEFAULT '';
UPDATE quote_requests SET "updatedAt" = "createdAt";
`,
  },
  // 5. One row the deep health check rewrites, to prove that a commit still reaches the disk.
  {
    sql: `CREATE TABLE health_probe (id INTEGER PRIMARY KEY, checkedAt TEXT NOT NULL) STRICT;`,
  },
  // 6. Admin accounts: second factors on users; sessions that know when and where they were
  // last used; sign-ins waiting for their second factor; browsers an admin signed in from
  // (device cookies); the audit trail. Existing sessions were last seen when they started.
  {
    sql: `
ALTER TABLE users ADD COLUMN "totpSecret" TEXT;
ALTER TABLE users ADD COLUMN "totpPending" TEXT;
ALTER TABLE users ADD COLUMN "totpLastStep" INTEGER;
ALTER TABLE users ADD COLUMN "recoveryCodes" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE users ADD COLUMN "passkeys" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE sessions ADD COLUMN "lastSeenAt" TEXT NOT NULL DEFAULT '';
UPDATE sessions SET "lastSeenAt" = "createdAt";
ALTER TABLE sessions ADD COLUMN "ipAddress" TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN "userAgent" TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN "mfaSetupRequired" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN "passkeyChallenge" TEXT;
CREATE TABLE login_challenges (
  "id" TEXT PRIMARY KEY,
  "userId" TEXT NOT NULL,
  "username" TEXT NOT NULL,
  "methods" TEXT NOT NULL,
  "passkeyChallenge" TEXT,
  "attempts" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL,
  "expiresAt" TEXT NOT NULL
) STRICT;
CREATE INDEX login_challenges_expiresAt_id ON login_challenges ("expiresAt", "id");
CREATE TABLE login_devices (
  "id" TEXT PRIMARY KEY,
  "userId" TEXT NOT NULL,
  "username" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "expiresAt" TEXT NOT NULL
) STRICT;
CREATE INDEX login_devices_expiresAt_id ON login_devices ("expiresAt", "id");
CREATE INDEX login_devices_userId ON login_devices ("userId");
CREATE TABLE audit_log (
  "id" TEXT PRIMARY KEY,
  "at" TEXT NOT NULL,
  "userId" TEXT,
  "username" TEXT NOT NULL,
  "ipAddress" TEXT NOT NULL,
  "userAgent" TEXT NOT NULL,
  "action" TEXT NOT NULL,
  "target" TEXT,
  "detail" TEXT
) STRICT;
CREATE INDEX audit_log_at_id ON audit_log ("at", "id");
`,
  },
  // 7. Customer messages are capped per recipient per day: each one queued to a customer keeps
  // its recipient as compared (ports/messages.ts recipientKey: emails lower-cased), and a
  // partial index counts them by recipient and time without touching staff or skipped rows.
  {
    sql: `
ALTER TABLE messages ADD COLUMN customerKey TEXT;
UPDATE messages SET customerKey = CASE WHEN channel = 'email' THEN lower(trim(recipient)) ELSE recipient END
  WHERE audience = 'customer' AND status <> 'skipped';
CREATE INDEX messages_customer ON messages (customerKey, createdAt) WHERE customerKey IS NOT NULL;
`,
  },
  // 8. The portfolio: projects with their photos (each photo's processed files as JSON), and
  // an uploaded photo's processed files kept with it until a project uses it.
  {
    sql: `
ALTER TABLE stored_objects ADD COLUMN "processed" TEXT;
CREATE TABLE projects (
  "id" TEXT PRIMARY KEY,
  "slug" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "category" TEXT NOT NULL,
  "suburb" TEXT NOT NULL,
  "summary" TEXT NOT NULL,
  "photos" TEXT NOT NULL,
  "cover" TEXT NOT NULL,
  "before" TEXT,
  "after" TEXT,
  "modelId" TEXT,
  "reviewId" TEXT,
  "published" INTEGER NOT NULL,
  "featured" INTEGER NOT NULL,
  "displayOrder" INTEGER NOT NULL,
  "processing" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL,
  "updatedAt" TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX projects_slug_unique ON projects ("slug");
CREATE INDEX projects_published_displayOrder_id ON projects ("published", "displayOrder", "id");
CREATE INDEX projects_displayOrder_id ON projects ("displayOrder", "id");
CREATE INDEX projects_processing ON projects ("processing");
`,
  },
  // 9. The showroom: each model keeps its upload as its original and gains the optimised file's
  // state, measurements, material variants and hotspots; models from before wait for their
  // optimisation. An inquiry may name the showroom design it came from.
  {
    sql: `
ALTER TABLE models_3d ADD COLUMN "originalUrl" TEXT NOT NULL DEFAULT '';
UPDATE models_3d SET "originalUrl" = "modelUrl";
ALTER TABLE models_3d ADD COLUMN "arUrl" TEXT;
ALTER TABLE models_3d ADD COLUMN "processing" TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE models_3d ADD COLUMN "processingError" TEXT;
ALTER TABLE models_3d ADD COLUMN "stats" TEXT;
ALTER TABLE models_3d ADD COLUMN "variants" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE models_3d ADD COLUMN "hotspots" TEXT NOT NULL DEFAULT '[]';
CREATE INDEX models_3d_processing ON models_3d ("processing");
ALTER TABLE project_inquiries ADD COLUMN "modelId" TEXT;
ALTER TABLE project_inquiries ADD COLUMN "modelName" TEXT;
ALTER TABLE project_inquiries ADD COLUMN "variant" TEXT;
`,
  },
  // 10. Lead search through an index (decision 013): each lead's tokens, as its searchTokens
  // column holds them, one row per token keyed (token, createdAt, id), with the lead's status
  // beside it, so a search reads one range of the key, newest first, and counts without reading
  // the leads. Filled here from the tokens the leads already have. A new lead is marked in
  // *_search_pending, keyed (createdAt, id), until it is indexed in a batch.
  {
    sql: `
CREATE TABLE project_inquiries_search (
  "token" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  PRIMARY KEY ("token", "createdAt", "id")
) STRICT, WITHOUT ROWID;
INSERT INTO project_inquiries_search ("token", "createdAt", "id", "status")
  SELECT j.value, t."createdAt", t."id", t."status" FROM project_inquiries AS t, json_each(t."searchTokens") AS j ORDER BY 1, 2, 3;
CREATE TABLE project_inquiries_search_pending (
  "createdAt" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  PRIMARY KEY ("createdAt", "id")
) STRICT, WITHOUT ROWID;
CREATE TABLE quote_requests_search (
  "token" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  PRIMARY KEY ("token", "createdAt", "id")
) STRICT, WITHOUT ROWID;
INSERT INTO quote_requests_search ("token", "createdAt", "id", "status")
  SELECT j.value, t."createdAt", t."id", t."status" FROM quote_requests AS t, json_each(t."searchTokens") AS j ORDER BY 1, 2, 3;
CREATE TABLE quote_requests_search_pending (
  "createdAt" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  PRIMARY KEY ("createdAt", "id")
) STRICT, WITHOUT ROWID;
`,
  },
  // 11. Unique visitors: each visit keeps its visitor key (a salted hash, no one's identity),
  // one marker per visitor and Melbourne day is counted for the day's unique visitors, and each
  // day's salt is kept only as long as that day's keys are being made.
  {
    sql: `
ALTER TABLE visitor_tracking ADD COLUMN "visitorKey" TEXT;
CREATE TABLE visitor_days (
  "id" TEXT PRIMARY KEY,
  "day" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE INDEX visitor_days_createdAt_id ON visitor_days ("createdAt", "id");
CREATE TABLE visitor_salts (
  "id" TEXT PRIMARY KEY,
  "salt" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
CREATE INDEX visitor_salts_createdAt_id ON visitor_salts ("createdAt", "id");
`,
  },
  // 12. Where each lead came from: the campaign parameters, click ids, referring site and landing
  // page its visit kept (JSON), and the channel derived from them; leads from before have neither
  // and read as Direct (TableSpec defaults).
  // The Sources view counts a period's leads per channel and status.
  {
    sql: `
ALTER TABLE project_inquiries ADD COLUMN "source" TEXT;
ALTER TABLE project_inquiries ADD COLUMN "channel" TEXT;
CREATE INDEX project_inquiries_channel_status_createdAt_id ON project_inquiries ("channel", "status", "createdAt", "id");
ALTER TABLE quote_requests ADD COLUMN "source" TEXT;
ALTER TABLE quote_requests ADD COLUMN "channel" TEXT;
CREATE INDEX quote_requests_channel_status_createdAt_id ON quote_requests ("channel", "status", "createdAt", "id");
`,
  },
  // 13. The search tables keep a row only for tokens of at most 4 characters (about 40 a lead
  // instead of 110), each with the lead's longer tokens that begin with it ("rest"), which a
  // longer term is checked against. Rebuilt empty, with every lead marked pending: the store
  // indexes pending leads in batches when it opens, before it serves.
  {
    sql: `
DROP TABLE project_inquiries_search;
CREATE TABLE project_inquiries_search (
  "token" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "rest" TEXT,
  PRIMARY KEY ("token", "createdAt", "id")
) STRICT, WITHOUT ROWID;
INSERT OR IGNORE INTO project_inquiries_search_pending ("createdAt", "id") SELECT "createdAt", "id" FROM project_inquiries;
DROP TABLE quote_requests_search;
CREATE TABLE quote_requests_search (
  "token" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "rest" TEXT,
  PRIMARY KEY ("token", "createdAt", "id")
) STRICT, WITHOUT ROWID;
INSERT OR IGNORE INTO quote_requests_search_pending ("createdAt", "id") SELECT "createdAt", "id" FROM quote_requests;
`,
  },
  // NN. Verified reviews: a review says whether it came through a customer's own review link
  // (a won lead's review request) and, privately, which lead; the review requests, whose links
  // work once, and their one reminder; the addresses that unsubscribed (sha256 of the address);
  // and queued emails keep their headers (List-Unsubscribe). Reviews from before were not
  // verified. The links are signed with a key in signing_keys (id `links`). Requests go 30 days
  // after their link expired, by the expiry index.
  {
    sql: `
ALTER TABLE reviews ADD COLUMN "verified" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reviews ADD COLUMN "leadId" TEXT;
CREATE TABLE review_invites (
  "id" TEXT PRIMARY KEY,
  "leadKind" TEXT NOT NULL,
  "leadId" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "expiresAt" TEXT NOT NULL,
  "used" INTEGER NOT NULL,
  "usedAt" TEXT,
  "reviewId" TEXT,
  "reminder" TEXT NOT NULL,
  "reminderDueAt" TEXT NOT NULL
) STRICT;
CREATE INDEX review_invites_reminder_reminderDueAt_id ON review_invites ("reminder", "reminderDueAt", "id");
CREATE INDEX review_invites_expiresAt_id ON review_invites ("expiresAt", "id");
CREATE TABLE email_suppressions (
  "id" TEXT PRIMARY KEY,
  "createdAt" TEXT NOT NULL,
  "via" TEXT NOT NULL
) STRICT;
ALTER TABLE messages ADD COLUMN headers TEXT;
`,
  },
  // NN. Privacy: leads keep the optional marketing-consent box (NULL for leads from before it,
  // which did not tick it) and when it was ticked; LEAD_RETENTION_MONTHS reads won and lost leads by their last change;
  // the Privacy tool finds the messages sent to an address or number through their lower-cased
  // recipient.
  {
    sql: `
ALTER TABLE project_inquiries ADD COLUMN "marketingConsent" INTEGER;
ALTER TABLE project_inquiries ADD COLUMN "marketingConsentAt" TEXT;
CREATE INDEX project_inquiries_status_updatedAt_id ON project_inquiries ("status", "updatedAt", "id");
ALTER TABLE quote_requests ADD COLUMN "marketingConsent" INTEGER;
ALTER TABLE quote_requests ADD COLUMN "marketingConsentAt" TEXT;
CREATE INDEX quote_requests_status_updatedAt_id ON quote_requests ("status", "updatedAt", "id");
CREATE INDEX messages_recipient_lower ON messages (lower("recipient"));
`,
  },
  // NN. Customer attachments: the photos and PDF plans customers add to inquiries and quote
  // requests, their single-use upload URLs, each lead's list of them (JSON), and the key
  // their short-lived signed links are signed with.
  {
    sql: `
CREATE TABLE lead_attachments (
  "id" TEXT PRIMARY KEY,
  "name" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "contentType" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL,
  "attached" INTEGER NOT NULL,
  "leadKind" TEXT,
  "leadId" TEXT,
  "key" TEXT,
  "fullKey" TEXT,
  "thumbnailKey" TEXT,
  "width" INTEGER,
  "height" INTEGER,
  "processing" TEXT
) STRICT;
CREATE INDEX lead_attachments_attached_createdAt_id ON lead_attachments ("attached", "createdAt", "id");
CREATE INDEX lead_attachments_leadId ON lead_attachments ("leadId");
CREATE INDEX lead_attachments_processing ON lead_attachments ("processing");
CREATE TABLE attachment_tickets (
  "id" TEXT PRIMARY KEY,
  "contentType" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "used" INTEGER NOT NULL,
  "createdAt" TEXT NOT NULL,
  "expiresAt" TEXT NOT NULL
) STRICT;
CREATE INDEX attachment_tickets_expiresAt_id ON attachment_tickets ("expiresAt", "id");
CREATE TABLE signing_keys (
  "id" TEXT PRIMARY KEY,
  "secret" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL
) STRICT;
ALTER TABLE project_inquiries ADD COLUMN "attachments" TEXT;
ALTER TABLE quote_requests ADD COLUMN "attachments" TEXT;
`,
  },
  // NN. Follow-up reminders: when a lead still new is due one, whether it is pending or sent,
  // and when it was sent; indexed for the reminders due and the dashboard's overdue count.
  // Leads new at the upgrade get their due time from the default hours (2 business hours,
  // Monday to Friday 08:00 to 17:30 in Melbourne), so one reminder each follows.
  {
    sql: `
ALTER TABLE project_inquiries ADD COLUMN "followUpDueAt" TEXT;
ALTER TABLE project_inquiries ADD COLUMN "followUp" TEXT;
ALTER TABLE project_inquiries ADD COLUMN "followUpRemindedAt" TEXT;
CREATE INDEX project_inquiries_status_followUp_followUpDueAt_id ON project_inquiries ("status", "followUp", "followUpDueAt", "id");
CREATE INDEX project_inquiries_status_followUpDueAt_id ON project_inquiries ("status", "followUpDueAt", "id");
ALTER TABLE quote_requests ADD COLUMN "followUpDueAt" TEXT;
ALTER TABLE quote_requests ADD COLUMN "followUp" TEXT;
ALTER TABLE quote_requests ADD COLUMN "followUpRemindedAt" TEXT;
CREATE INDEX quote_requests_status_followUp_followUpDueAt_id ON quote_requests ("status", "followUp", "followUpDueAt", "id");
CREATE INDEX quote_requests_status_followUpDueAt_id ON quote_requests ("status", "followUpDueAt", "id");
`,
    backfill: (db) => {
      const hours = parseBusinessHours('Mon-Fri 08:00-17:30');
      if (!hours.ok) throw new Error(hours.message);
      for (const table of ['project_inquiries', 'quote_requests']) {
        const due = db.prepare(`UPDATE ${table} SET "followUpDueAt" = ?, "followUp" = 'pending' WHERE id = ?`);
        const rows = db.prepare(`SELECT id, "createdAt" FROM ${table} WHERE "status" = 'new'`).all() as Array<{
          id: string;
          createdAt: string;
        }>;
        for (const row of rows) due.run(addBusinessHours(new Date(row.createdAt), 2, hours.hours).toISOString(), row.id);
      }
    },
  },
  // NN. Upload quotas: bytes customers uploaded per client address (hashed) by the hour, and
  // the bytes of uploads not on a lead yet, so limits hold across restarts.
  {
    sql: `
CREATE TABLE upload_quotas (
  "id" TEXT PRIMARY KEY,
  "bytes" INTEGER NOT NULL,
  "hours" TEXT,
  "updatedAt" TEXT NOT NULL
) STRICT;
CREATE INDEX upload_quotas_updatedAt_id ON upload_quotas ("updatedAt", "id");
`,
  },
  // NN. Business settings: one row (id 'site') holding the owner's settings as JSON, saved
  // compare-and-set on its version; until the first save the defaults apply.
  {
    sql: `
CREATE TABLE settings (
  "id" TEXT PRIMARY KEY,
  "settings" TEXT NOT NULL,
  "version" INTEGER NOT NULL,
  "updatedAt" TEXT NOT NULL,
  "updatedBy" TEXT NOT NULL,
  "seededFrom" TEXT
) STRICT;
`,
  },
  // NN. Booking a free site measure: the bookings and blocks, the 15-minute cells they hold
  // (the primary key is what keeps two visits from one cell), the quote request a booking
  // made, and emails' attachments (the booking's calendar invite).
  {
    sql: `
CREATE TABLE bookings (
  "id" TEXT PRIMARY KEY,
  "status" TEXT NOT NULL,
  "service" TEXT NOT NULL,
  "start" TEXT NOT NULL,
  "end" TEXT NOT NULL,
  "firstName" TEXT NOT NULL,
  "lastName" TEXT NOT NULL,
  "email" TEXT NOT NULL,
  "mobile" TEXT NOT NULL,
  "street" TEXT NOT NULL,
  "suburb" TEXT NOT NULL,
  "postcode" TEXT NOT NULL,
  "notes" TEXT,
  "leadId" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "updatedAt" TEXT NOT NULL,
  "cancelledBy" TEXT,
  "sequence" INTEGER NOT NULL,
  "reminder" TEXT NOT NULL,
  "reminderDueAt" TEXT NOT NULL,
  "cells" TEXT NOT NULL
) STRICT;
CREATE INDEX bookings_status_start_id ON bookings ("status", "start", "id");
CREATE INDEX bookings_start_id ON bookings ("start", "id");
CREATE INDEX bookings_status_reminder_reminderDueAt_id ON bookings ("status", "reminder", "reminderDueAt", "id");
CREATE INDEX bookings_leadId ON bookings ("leadId");
CREATE TABLE booking_blocks (
  "id" TEXT PRIMARY KEY,
  "start" TEXT NOT NULL,
  "end" TEXT NOT NULL,
  "label" TEXT NOT NULL,
  "createdAt" TEXT NOT NULL,
  "createdBy" TEXT,
  "cells" TEXT NOT NULL
) STRICT;
CREATE INDEX booking_blocks_start_id ON booking_blocks ("start", "id");
CREATE TABLE booking_cells (
  "cell" INTEGER PRIMARY KEY,
  "holder" TEXT NOT NULL,
  "holderId" TEXT NOT NULL
) STRICT;
CREATE INDEX booking_cells_holderId ON booking_cells ("holderId");
ALTER TABLE quote_requests ADD COLUMN "bookingId" TEXT;
ALTER TABLE messages ADD COLUMN attachments TEXT;
`,
  },
  // NN. Quotes the customer accepts online: each version of a quote, the quote number's
  // counter, and the Stripe events already handled.
  {
    sql: `
CREATE TABLE quotes (
  "id" TEXT PRIMARY KEY,
  "leadKind" TEXT NOT NULL,
  "leadId" TEXT NOT NULL,
  "number" TEXT NOT NULL,
  "version" INTEGER NOT NULL,
  "status" TEXT NOT NULL,
  "items" TEXT NOT NULL,
  "validDays" INTEGER NOT NULL,
  "notes" TEXT,
  "terms" TEXT,
  "createdAt" TEXT NOT NULL,
  "updatedAt" TEXT NOT NULL,
  "sentAt" TEXT,
  "validUntil" TEXT,
  "acceptance" TEXT,
  "declined" TEXT,
  "deposit" TEXT,
  "replacedBy" TEXT,
  "nextDraftId" TEXT
) STRICT;
CREATE INDEX quotes_leadId_createdAt_id ON quotes ("leadId", "createdAt", "id");
CREATE TABLE quote_counters (
  "id" TEXT PRIMARY KEY,
  "next" INTEGER NOT NULL
) STRICT;
CREATE TABLE stripe_events (
  "id" TEXT PRIMARY KEY,
  "type" TEXT NOT NULL,
  "receivedAt" TEXT NOT NULL
) STRICT;
`,
  },
  // NN. A lead's newest sent quote (status, total, deposit) on the lead, for the admin's lists.
  {
    sql: `
ALTER TABLE project_inquiries ADD COLUMN "quoteSummary" TEXT;
ALTER TABLE quote_requests ADD COLUMN "quoteSummary" TEXT;
`,
  },
  // NN. One person's visits and the staff alerts of a busy day: when a customer's link was last
  // emailed again (a third visit refused), each business day's count of alerts, and the alerts
  // past the day's allowance, kept for its digest.
  {
    sql: `
ALTER TABLE bookings ADD COLUMN "linkResentAt" TEXT;
CREATE TABLE booking_alert_days (
  "day" TEXT PRIMARY KEY,
  "count" INTEGER NOT NULL,
  "digest" TEXT NOT NULL
) STRICT;
CREATE INDEX booking_alert_days_digest_day ON booking_alert_days ("digest", "day");
CREATE TABLE booking_alerts (
  "id" TEXT PRIMARY KEY,
  "day" TEXT NOT NULL,
  "at" TEXT NOT NULL,
  "alert" TEXT NOT NULL
) STRICT;
CREATE INDEX booking_alerts_day_at_id ON booking_alerts ("day", "at", "id");
`,
  },
  // NN. A quote as a major domestic building contract: its particulars (the site, the start and
  // the completion period), the insurance certificate, the end of the cooling-off period and a
  // withdrawal within it.
  {
    sql: `
ALTER TABLE quotes ADD COLUMN "siteAddress" TEXT;
ALTER TABLE quotes ADD COLUMN "startDate" TEXT;
ALTER TABLE quotes ADD COLUMN "startWithinWeeks" INTEGER;
ALTER TABLE quotes ADD COLUMN "completionWeeks" INTEGER;
ALTER TABLE quotes ADD COLUMN "insurance" TEXT;
ALTER TABLE quotes ADD COLUMN "coolingOffEndsAt" TEXT;
ALTER TABLE quotes ADD COLUMN "withdrawal" TEXT;
`,
  },
  // NN. Queued emails keep who they are from: the business's name and its Reply-To address
  // (JSON), as the settings had them when the email was queued.
  {
    sql: `
ALTER TABLE messages ADD COLUMN sender TEXT;
`,
  },
  // NN. A queued email may keep its layout (JSON) instead of its HTML, which is made from it
  // when it is sent: a new lead's emails (docs/decisions/035-inquiry-write.md).
  {
    sql: `
ALTER TABLE messages ADD COLUMN layout TEXT;
`,
  },
];

/** Runs the migrations a database has not run yet (all of them on a new one), up to `upTo`. */
export function migrate(db: Database.Database, upTo = migrations.length) {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let i = version; i < upTo; i++) {
    db.transaction(() => {
      db.exec(migrations[i].sql);
      migrations[i].backfill?.(db);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
}
