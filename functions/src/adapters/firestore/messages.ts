import type { MessageChannel, MessageDelivery, MessageStatus } from '@site/domain';
import {
  FieldPath,
  Timestamp,
  type CollectionReference,
  type DocumentSnapshot,
  type Firestore,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { tables } from '#functions/ports/schema.ts';
import { cappedRecipient, type Lead, type MessageAttachment, type MessageStore, type NewMessage } from '#functions/ports/messages.ts';
import type { FirestoreCollection } from './collection';

/** What a message is about: a lead, or a notice to staff that belongs to none. */
type About = { kind: Lead['kind'] | 'notice'; id: string };

/** What this site writes on each message document besides what the extension reads. */
interface QueuedDocument {
  leadKind: About['kind'];
  leadId: string;
  audience: NewMessage['audience'];
  createdAt: string;
  /** On customer messages: the recipient as the daily cap counts them (ports/messages.ts recipientKey). */
  customerKey?: string;
  /** Written by the extension. */
  delivery?: ExtensionDelivery;
}

/** The Trigger Email extension's document (firebase/firestore-send-email), plus what the dashboard reads. */
export interface MailDocument extends QueuedDocument {
  to: string[];
  /** `"Business name" <MAIL_FROM>`; absent, the extension's DEFAULT_FROM. */
  from?: string;
  replyTo?: string;
  /** Nodemailer's message options, which the extension passes on: headers among them. */
  message: { subject: string; text: string; html?: string; headers?: Record<string, string>; attachments?: MessageAttachment[] };
}

/** The Send Message with Twilio extension's document (twilio/send-message), plus the same fields. */
export interface SmsDocument extends QueuedDocument {
  to: string;
  body: string;
}

/** A message recorded as not sent (no extension must see it), e.g. an SMS to a landline. */
interface SkippedDocument {
  channel: NewMessage['channel'];
  to: string;
  reason: string;
  leadKind: About['kind'];
  leadId: string;
  audience: NewMessage['audience'];
  createdAt: string;
}

/** The `delivery` field both extensions keep on their documents. */
interface ExtensionDelivery {
  state?: string;
  attempts?: number;
  /** Trigger Email's error text. */
  error?: string | null;
  /** Twilio's. */
  errorMessage?: string | null;
  errorCode?: string | null;
  endTime?: Timestamp | null;
}

export interface FirestoreMessagesOptions {
  /** The extensions' configured collections: `mail` and `messages` by default. */
  mailCollection?: string;
  smsCollection?: string;
  /** The address emails go from (the extension's DEFAULT_FROM), for a From that names the business. */
  mailFrom?: string;
}

type LeadCollections = {
  [K in Lead['kind']]: FirestoreCollection<Extract<Lead, { kind: K }>['record']>;
};

/** How many leads one `in` query may name. */
const inLimit = 30;
/** How many of the latest finished sends the dashboard looks at for a run of failures. */
const recentWindow = 5;

/**
 * Messages in Firebase mode: the Trigger Email and Twilio extensions send the `mail` and
 * `messages` documents written in the lead's own batch, and record the outcome in their
 * `delivery` field, which this reads back. Without the extensions installed the documents
 * stay queued.
 */
export class FirestoreMessages implements MessageStore {
  /** The Trigger Email extension sends the mail document as it is: an email is queued with its HTML. */
  readonly keepsLayouts = false;
  private readonly mail: CollectionReference;
  private readonly sms: CollectionReference;
  private readonly skipped: CollectionReference;
  private readonly mailFrom: string | undefined;

  constructor(
    private readonly db: Firestore,
    private readonly leads: LeadCollections,
    options: FirestoreMessagesOptions = {},
  ) {
    this.mail = db.collection(options.mailCollection ?? 'mail');
    this.sms = db.collection(options.smsCollection ?? 'messages');
    this.skipped = db.collection('skipped_messages');
    this.mailFrom = options.mailFrom;
  }

  async insertLead(lead: Lead, messages: readonly NewMessage[], now: string): Promise<void> {
    const batch = this.db.batch();
    (this.leads[lead.kind] as FirestoreCollection<Lead['record']>).createIn(batch, lead.record);
    this.queueIn(batch, { kind: lead.kind, id: lead.record.id }, messages, now);
    await batch.commit();
  }

  async addToLead(lead: { kind: Lead['kind']; id: string }, messages: readonly NewMessage[], now: string): Promise<void> {
    const batch = this.db.batch();
    this.queueIn(batch, lead, messages, now);
    await batch.commit();
  }

  async remindLead(kind: 'inquiry' | 'quote', leadId: string, messages: readonly NewMessage[], now: string): Promise<boolean> {
    const lead = this.db.collection(kind === 'inquiry' ? tables.inquiries.name : tables.quotes.name).doc(leadId);
    // The claim and the messages in one batch, written only if the lead is unchanged since it was read: two
    // scheduled runs at once queue one reminder. A lead changed in between (a note) is read again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await lead.get();
      if (!current.exists || current.get('status') !== 'new' || current.get('followUp') !== 'pending') return false;
      const batch = this.db.batch();
      batch.update(lead, { followUp: 'reminded', followUpRemindedAt: now }, { lastUpdateTime: current.updateTime });
      this.queueIn(batch, { kind, id: leadId }, messages, now);
      try {
        await batch.commit();
        return true;
      } catch (error) {
        // FAILED_PRECONDITION: written since; NOT_FOUND: deleted since.
        const code = (error as { code?: unknown }).code;
        if (code !== 9 && code !== 5) throw error;
      }
    }
    return false;
  }

  async queueNotice(noticeId: string, messages: readonly NewMessage[], now: string): Promise<void> {
    const batch = this.db.batch();
    this.queueIn(batch, { kind: 'notice', id: noticeId }, messages, now);
    await batch.commit();
  }

  /** Each message's document: Trigger Email's, Twilio's, or a record of one not sent. */
  private queueIn(batch: WriteBatch, lead: About, messages: readonly NewMessage[], now: string) {
    const about = { leadKind: lead.kind, leadId: lead.id, createdAt: now };
    for (const message of messages) {
      if (message.skipped) {
        const doc: SkippedDocument = {
          channel: message.channel,
          to: message.to,
          reason: message.skipped,
          audience: message.audience,
          ...about,
        };
        batch.create(this.skipped.doc(message.id), doc);
      } else if (message.channel === 'email') {
        const { sender } = message;
        if (message.html === undefined && message.layout)
          throw new Error(`Email ${message.id} needs its HTML: this store does not keep layouts`);
        const doc: MailDocument = {
          to: [message.to],
          ...(sender && this.mailFrom ? { from: mailbox(sender.name, this.mailFrom) } : {}),
          ...(sender?.replyTo ? { replyTo: sender.replyTo } : {}),
          message: {
            subject: message.subject ?? '',
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
            ...(message.headers ? { headers: message.headers } : {}),
            ...(message.attachments?.length ? { attachments: message.attachments } : {}),
          },
          audience: message.audience,
          ...about,
          ...customerKey(message),
        };
        batch.create(this.mail.doc(message.id), doc);
      } else {
        const doc: SmsDocument = { to: message.to, body: message.text, audience: message.audience, ...about, ...customerKey(message) };
        batch.create(this.sms.doc(message.id), doc);
      }
    }
  }

  async forLeads(leadIds: readonly string[]): Promise<Map<string, MessageDelivery[]>> {
    const found = new Map<string, MessageDelivery[]>();
    const chunks: string[][] = [];
    for (let i = 0; i < leadIds.length; i += inLimit) chunks.push(leadIds.slice(i, i + inLimit));
    const snapshots = await Promise.all(
      chunks.flatMap((ids) => [this.mail, this.sms, this.skipped].map((collection) => collection.where('leadId', 'in', ids).get())),
    );
    for (const snapshot of snapshots) {
      for (const doc of snapshot.docs) {
        const delivery = toDelivery(doc);
        const leadId = doc.get('leadId') as string;
        found.set(leadId, [...(found.get(leadId) ?? []), delivery]);
      }
    }
    for (const list of found.values()) list.sort(messageOrder);
    return found;
  }

  async retry(id: string): Promise<MessageDelivery | 'not-failed' | null> {
    for (const [collection, again] of [
      // Trigger Email sends a document again when its state is set to RETRY; the Twilio
      // extension sends one whose state is PENDING.
      [this.mail, 'RETRY'],
      [this.sms, 'PENDING'],
    ] as const) {
      const ref = collection.doc(id);
      const outcome = await this.db.runTransaction(async (tx) => {
        const doc = await tx.get(ref);
        if (!doc.exists) return null;
        if (doc.get('delivery.state') !== 'ERROR') return 'not-failed' as const;
        tx.update(ref, new FieldPath('delivery', 'state'), again);
        return 'retried' as const;
      });
      if (outcome === 'retried') return toDelivery(await ref.get());
      if (outcome) return outcome;
    }
    return (await this.skipped.doc(id).get()).exists ? 'not-failed' : null;
  }

  async customerMessagesSince(channel: MessageChannel, recipient: string, since: string): Promise<number> {
    // Skipped messages live in their own collection, so they are never counted.
    const collection = channel === 'email' ? this.mail : this.sms;
    const snapshot = await collection.where('customerKey', '==', recipient).where('createdAt', '>=', since).count().get();
    return snapshot.data().count;
  }

  async status() {
    const finished = ['SUCCESS', 'ERROR'];
    const counts = await Promise.all(
      [this.mail, this.sms].flatMap((collection) => [
        collection.count().get(),
        collection.where('delivery.state', 'in', finished).count().get(),
      ]),
    );
    const [mailAll, mailDone, smsAll, smsDone] = counts.map((snapshot) => snapshot.data().count);
    const latest = await Promise.all(
      [this.mail, this.sms].map((collection) =>
        collection
          .orderBy('createdAt', 'desc')
          .limit(recentWindow * 2)
          .get(),
      ),
    );
    const recent = latest
      .flatMap((snapshot) => snapshot.docs.map(toDelivery))
      .filter((message) => message.status === 'sent' || message.status === 'failed')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, recentWindow);
    const firstSent = recent.findIndex((message) => message.status === 'sent');
    return { queued: mailAll - mailDone + (smsAll - smsDone), failingInARow: firstSent === -1 ? recent.length : firstSent };
  }
}

function customerKey(message: NewMessage): { customerKey?: string } {
  const key = cappedRecipient(message);
  return key === null ? {} : { customerKey: key };
}

/** The port's order: oldest first, then staff before customer, email before SMS. */
function messageOrder(a: MessageDelivery, b: MessageDelivery): number {
  return (
    a.createdAt.localeCompare(b.createdAt) ||
    b.audience.localeCompare(a.audience) ||
    a.channel.localeCompare(b.channel) ||
    a.id.localeCompare(b.id)
  );
}

const states: Record<string, MessageStatus> = {
  SUCCESS: 'sent',
  ERROR: 'failed',
  PENDING: 'sending',
  PROCESSING: 'sending',
  RETRY: 'sending',
};

export function toDelivery(doc: DocumentSnapshot): MessageDelivery {
  const data = doc.data() ?? {};
  const createdAt = typeof data.createdAt === 'string' ? data.createdAt : '';
  if (typeof data.reason === 'string') {
    return {
      id: doc.id,
      channel: data.channel,
      audience: data.audience,
      to: data.to,
      status: 'skipped',
      attempts: 0,
      error: data.reason,
      createdAt,
    };
  }
  const isMail = Array.isArray(data.to);
  const delivery = (data.delivery ?? {}) as ExtensionDelivery;
  const status = delivery.state ? (states[delivery.state] ?? 'sending') : 'queued';
  const error = delivery.error ?? delivery.errorMessage ?? undefined;
  const sentAt = status === 'sent' && delivery.endTime instanceof Timestamp ? delivery.endTime.toDate().toISOString() : undefined;
  return {
    id: doc.id,
    channel: isMail ? 'email' : 'sms',
    audience: data.audience,
    to: isMail ? (data.to as string[]).join(', ') : data.to,
    status,
    attempts: delivery.attempts ?? (status === 'queued' ? 0 : 1),
    ...(error && status !== 'sent' ? { error: error.trim() } : {}),
    ...(sentAt ? { sentAt } : {}),
    createdAt,
  };
}

/**
 * A From the extension hands to nodemailer as a string: the name as an RFC 5322 quoted string
 * (a comma or apostrophe in a business name stays part of it); nodemailer encodes what is not ASCII.
 */
export const mailbox = (name: string, address: string) => `"${name.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}" <${address}>`;
