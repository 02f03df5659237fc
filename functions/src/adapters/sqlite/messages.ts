import type { MessageChannel, MessageDelivery, MessageStatus } from '@site/domain';
import type { Database, Statement } from 'better-sqlite3';
import {
  cappedRecipient,
  type DeliveryQueue,
  type Lead,
  type MessageAttachment,
  type MessageSender,
  type MessageStore,
  type NewMessage,
  type QueuedMessage,
} from '#functions/ports/messages.ts';
import { tables } from '#functions/ports/schema.ts';
import type { EmailLayout } from '#functions/ports/email-layout.ts';
import type { SqliteCollection } from './collection';
import { GroupCommit } from './group-commit';

/** A row of the `messages` table (made by migration 2, migrations.ts). */
export interface MessageRow {
  id: string;
  leadKind: QueuedMessage['leadKind'];
  leadId: string;
  channel: MessageChannel;
  audience: NewMessage['audience'];
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  status: MessageStatus;
  attempts: number;
  error: string | null;
  providerId: string | null;
  createdAt: string;
  queuedAt: string;
  updatedAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
  customerKey: string | null;
  headers: string | null;
  attachments: string | null;
  sender: string | null;
  /** An email's layout (JSON) where its HTML is made when it is sent; `html` is then null. */
  layout: string | null;
}

type Row = MessageRow;
/** The columns a message's delivery state is read from. */
type DeliveryColumns = Pick<Row, 'id' | 'channel' | 'audience' | 'recipient' | 'status' | 'attempts' | 'error' | 'sentAt' | 'createdAt'>;

type LeadCollections = {
  [K in Lead['kind']]: SqliteCollection<Extract<Lead, { kind: K }>['record']>;
};

/** How many of the latest finished sends the dashboard looks at for a run of failures. */
const recentWindow = 5;

/** The message queue in SQLite: written in the lead's transaction, sent by the embedded worker. */
export class SqliteMessages implements MessageStore, DeliveryQueue {
  /** An email queued with its layout keeps it; the embedded worker makes its HTML when it sends it. */
  readonly keepsLayouts = true;
  private readonly insert: Statement;
  private readonly byLead: Statement;
  private readonly byId: Statement;
  private readonly setStatus: Statement;
  private readonly requeueFailed: Statement;
  private readonly countCustomer: Statement;
  private readonly group: GroupCommit;

  constructor(
    private readonly db: Database,
    private readonly leads: LeadCollections,
  ) {
    this.group = new GroupCommit(db);
    this.insert =
      db.prepare(`INSERT INTO messages (id, leadKind, leadId, channel, audience, recipient, subject, body, html, status, attempts, error, providerId, createdAt, queuedAt, updatedAt, nextAttemptAt, sentAt, customerKey, headers, attachments, sender, layout)
      VALUES (@id, @leadKind, @leadId, @channel, @audience, @recipient, @subject, @body, @html, @status, @attempts, @error, NULL, @createdAt, @queuedAt, @queuedAt, @queuedAt, NULL, @customerKey, @headers, @attachments, @sender, @layout)`);
    // Through the partial index messages_customer (migration 6); an email key holds an @, a mobile's never does.
    this.countCustomer = db.prepare(
      'SELECT count(*) AS n FROM messages WHERE customerKey = ? AND createdAt >= ? AND customerKey IS NOT NULL',
    );
    this.requeueFailed = db.prepare(
      "UPDATE messages SET status = 'queued', error = NULL, attempts = 0, queuedAt = @now, nextAttemptAt = @now, updatedAt = @now WHERE id = @id AND status = 'failed'",
    );
    // The port's order: oldest first, then staff before customer, email before SMS.
    this.byLead = db.prepare(
      'SELECT * FROM messages WHERE id >= @prefix AND id < @end AND leadId = @leadId ORDER BY createdAt, audience DESC, channel, rowid',
    );
    this.byId = db.prepare('SELECT * FROM messages WHERE id = ?');
    this.setStatus = db.prepare(
      'UPDATE messages SET status = @status, attempts = attempts + @attempted, error = CASE WHEN @keepError THEN error ELSE @error END, providerId = coalesce(@providerId, providerId), updatedAt = @now, nextAttemptAt = coalesce(@nextAttemptAt, nextAttemptAt), sentAt = coalesce(@sentAt, sentAt) WHERE id = @id',
    );
  }

  async insertLead(lead: Lead, messages: readonly NewMessage[], now: string): Promise<void> {
    const prefix = `${lead.record.id}-`;
    if (messages.some((message) => !message.id.startsWith(prefix)))
      throw new Error(`Messages about a lead need ids that start with "${prefix}"`);
    // Committed with the other writes of this turn of the event loop (see GroupCommit).
    return this.group.run(() => this.storeLead(lead, messages, now));
  }

  /** The lead and its messages; always inside a transaction (GroupCommit's), so both or neither. */
  private storeLead(lead: Lead, messages: readonly NewMessage[], now: string) {
    // The union narrows per kind; the collection for the kind takes that kind's record.
    (this.leads[lead.kind] as SqliteCollection<Lead['record']>).insertNow(lead.record);
    for (const message of messages) {
      this.insertRow({ ...message, leadKind: lead.kind, leadId: lead.record.id, attempts: 0, createdAt: now, queuedAt: now });
    }
  }

  async addToLead(lead: { kind: Lead['kind']; id: string }, messages: readonly NewMessage[], now: string): Promise<void> {
    const prefix = `${lead.id}-`;
    if (messages.some((message) => !message.id.startsWith(prefix)))
      throw new Error(`Messages about a lead need ids that start with "${prefix}"`);
    return this.group.run(() => {
      for (const message of messages) {
        this.insertRow({ ...message, leadKind: lead.kind, leadId: lead.id, attempts: 0, createdAt: now, queuedAt: now });
      }
    });
  }

  async remindLead(kind: 'inquiry' | 'quote', leadId: string, messages: readonly NewMessage[], now: string): Promise<boolean> {
    const prefix = `${leadId}-`;
    if (messages.some((message) => !message.id.startsWith(prefix)))
      throw new Error(`Messages about a lead need ids that start with "${prefix}"`);
    const table = kind === 'inquiry' ? tables.inquiries.name : tables.quotes.name;
    // The claim and the messages in one transaction: a crash leaves both or neither.
    return this.db.transaction(() => {
      const claimed = this.db
        .prepare(
          `UPDATE ${table} SET "followUp" = 'reminded', "followUpRemindedAt" = @now WHERE id = @id AND "status" = 'new' AND "followUp" = 'pending'`,
        )
        .run({ id: leadId, now }).changes;
      if (!claimed) return false;
      for (const message of messages) this.insertRow({ ...message, leadKind: kind, leadId, attempts: 0, createdAt: now, queuedAt: now });
      return true;
    })();
  }

  async queueNotice(noticeId: string, messages: readonly NewMessage[], now: string): Promise<void> {
    const prefix = `${noticeId}-`;
    if (messages.some((message) => !message.id.startsWith(prefix)))
      throw new Error(`Messages of a notice need ids that start with "${prefix}"`);
    return this.group.run(() => {
      for (const message of messages) {
        this.insertRow({ ...message, leadKind: 'notice', leadId: noticeId, attempts: 0, createdAt: now, queuedAt: now });
      }
    });
  }

  async enqueue(message: QueuedMessage): Promise<void> {
    this.insertRow(message);
  }

  async forLeads(leadIds: readonly string[]): Promise<Map<string, MessageDelivery[]>> {
    const found = new Map<string, MessageDelivery[]>();
    for (const id of leadIds) {
      // Every id that starts with `${id}-` sorts between these two ('.' follows '-').
      const rows = this.byLead.all({ prefix: `${id}-`, end: `${id}.`, leadId: id }) as Row[];
      if (rows.length) found.set(id, rows.map(toDelivery));
    }
    return found;
  }

  async retry(id: string, now: string): Promise<MessageDelivery | 'not-failed' | null> {
    const changed = this.requeueFailed.run({ id, now }).changes;
    const row = this.byId.get(id) as Row | undefined;
    if (!row) return null;
    return changed ? toDelivery(row) : 'not-failed';
  }

  async status() {
    const { queued } = this.db.prepare("SELECT count(*) AS queued FROM messages WHERE status IN ('queued', 'sending')").get() as {
      queued: number;
    };
    // The latest outcomes of each kind through the index, then the latest of both.
    const finished = this.db.prepare('SELECT status, nextAttemptAt FROM messages WHERE status = ? ORDER BY nextAttemptAt DESC LIMIT ?');
    const latest = [...(finished.all('sent', recentWindow) as Row[]), ...(finished.all('failed', recentWindow) as Row[])]
      .sort((a, b) => b.nextAttemptAt.localeCompare(a.nextAttemptAt))
      .slice(0, recentWindow);
    const firstSent = latest.findIndex((row) => row.status === 'sent');
    return { queued, failingInARow: firstSent === -1 ? latest.length : firstSent };
  }

  async customerMessagesSince(_channel: MessageChannel, recipient: string, since: string): Promise<number> {
    return (this.countCustomer.get(recipient, since) as { n: number }).n;
  }

  async claimDue(channels: readonly MessageChannel[], now: string, limit: number): Promise<QueuedMessage[]> {
    if (!channels.length) return [];
    const marks = channels.map(() => '?').join(', ');
    return this.db.transaction(() => {
      const rows = this.db
        .prepare(
          `SELECT * FROM messages WHERE status = 'queued' AND nextAttemptAt <= ? AND channel IN (${marks}) ORDER BY nextAttemptAt, id LIMIT ?`,
        )
        .all(now, ...channels, limit) as Row[];
      for (const row of rows) this.update(row.id, now, { status: 'sending' });
      return rows.map(toQueued);
    })();
  }

  async nextDueAt(channels: readonly MessageChannel[]): Promise<string | null> {
    if (!channels.length) return null;
    const marks = channels.map(() => '?').join(', ');
    const row = this.db
      .prepare(`SELECT min(nextAttemptAt) AS due FROM messages WHERE status = 'queued' AND channel IN (${marks})`)
      .get(...channels) as { due: string | null };
    return row.due;
  }

  // The outcomes of a batch of sends finish close together: one commit for them all.
  async markSent(id: string, now: string, providerId: string | undefined): Promise<void> {
    return this.group.run(() => this.update(id, now, { status: 'sent', attempted: 1, providerId, sentAt: now, nextAttemptAt: now }));
  }

  async reschedule(id: string, now: string, nextAttemptAt: string, error: string): Promise<void> {
    return this.group.run(() => this.update(id, now, { status: 'queued', attempted: 1, error, nextAttemptAt }));
  }

  async markFailed(id: string, now: string, error: string): Promise<void> {
    return this.group.run(() => this.update(id, now, { status: 'failed', attempted: 1, error, nextAttemptAt: now }));
  }

  async requeueInterrupted(now: string): Promise<number> {
    return this.db
      .prepare("UPDATE messages SET status = 'queued', updatedAt = @now, nextAttemptAt = @now WHERE status = 'sending'")
      .run({ now }).changes;
  }

  async leadOf(id: string): Promise<{ kind: QueuedMessage['leadKind']; id: string } | null> {
    const row = this.byId.get(id) as Row | undefined;
    return row ? { kind: row.leadKind, id: row.leadId } : null;
  }

  private insertRow(message: QueuedMessage) {
    this.insert.run({
      id: message.id,
      leadKind: message.leadKind,
      leadId: message.leadId,
      channel: message.channel,
      audience: message.audience,
      recipient: message.to,
      subject: message.subject ?? null,
      body: message.text,
      html: message.html ?? null,
      layout: message.html === undefined && message.layout ? JSON.stringify(message.layout) : null,
      status: message.skipped ? 'skipped' : 'queued',
      attempts: message.attempts,
      error: message.skipped ?? null,
      customerKey: cappedRecipient(message),
      headers: message.headers ? JSON.stringify(message.headers) : null,
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      sender: message.sender ? JSON.stringify(message.sender) : null,
      createdAt: message.createdAt,
      queuedAt: message.queuedAt,
    });
  }

  private update(
    id: string,
    now: string,
    change: { status: MessageStatus; attempted?: number; error?: string; providerId?: string; nextAttemptAt?: string; sentAt?: string },
  ) {
    this.setStatus.run({
      id,
      now,
      status: change.status,
      attempted: change.attempted ?? 0,
      // A message being sent keeps its last error until the attempt ends.
      keepError: change.status === 'sending' ? 1 : 0,
      error: change.error ?? null,
      providerId: change.providerId ?? null,
      nextAttemptAt: change.nextAttemptAt ?? null,
      sentAt: change.sentAt ?? null,
    });
  }
}

/** What staff see of a message (on the lead card, in the Privacy tool). */
export function toDelivery(row: DeliveryColumns): MessageDelivery {
  return {
    id: row.id,
    channel: row.channel,
    audience: row.audience,
    to: row.recipient,
    status: row.status,
    attempts: row.attempts,
    ...(row.error !== null ? { error: row.error } : {}),
    ...(row.sentAt !== null ? { sentAt: row.sentAt } : {}),
    createdAt: row.createdAt,
  };
}

function toQueued(row: Row): QueuedMessage {
  return {
    id: row.id,
    leadKind: row.leadKind,
    leadId: row.leadId,
    channel: row.channel,
    audience: row.audience,
    to: row.recipient,
    ...(row.subject !== null ? { subject: row.subject } : {}),
    text: row.body,
    ...(row.html !== null ? { html: row.html } : {}),
    ...(row.layout ? { layout: JSON.parse(row.layout) as EmailLayout } : {}),
    ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
    ...(row.attachments ? { attachments: JSON.parse(row.attachments) as MessageAttachment[] } : {}),
    ...(row.sender ? { sender: JSON.parse(row.sender) as MessageSender } : {}),
    attempts: row.attempts,
    createdAt: row.createdAt,
    queuedAt: row.queuedAt,
  };
}
