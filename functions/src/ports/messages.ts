import type { DeliveryStatus, Inquiry, MessageAudience, MessageChannel, MessageDelivery, QuoteRequest, Review } from '@site/domain';
import type { EmailLayout } from './email-layout';

/** A new lead, stored together with the messages about it. */
export type Lead = { kind: 'inquiry'; record: Inquiry } | { kind: 'quote'; record: QuoteRequest } | { kind: 'review'; record: Review };
export type LeadKind = Lead['kind'];

/** A file an email carries: a booking's calendar invite (text, such as an .ics), or a quote's PDF (base64). */
export interface MessageAttachment {
  filename: string;
  /** With its parameters: `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  content: string;
  /** `base64` for a binary file such as a PDF; text otherwise. */
  encoding?: 'base64';
}

/** Who an email says it is from: the business's name before MAIL_FROM's address, and where replies go. */
export interface MessageSender {
  name: string;
  /** The Reply-To address; absent, replies go to MAIL_FROM. */
  replyTo?: string;
}

/** An email or SMS to queue. */
export interface NewMessage {
  /**
   * Also the idempotency key: the email's Message-ID is built from it. A lead's messages
   * have ids `<lead id>-<n>`.
   */
  id: string;
  channel: MessageChannel;
  audience: MessageAudience;
  /** Email address, or an E.164 phone number. */
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /**
   * An email's layout, where `html` is not given: its HTML is made from this when it is sent
   * (services/lead-messages.ts `messageHtml`). Only a store that `keepsLayouts` is given one
   * without its HTML.
   */
  layout?: EmailLayout;
  /** Extra email headers: List-Unsubscribe and List-Unsubscribe-Post on review requests and reminders. */
  headers?: Record<string, string>;
  /** Files the email carries (a booking's invite). */
  attachments?: MessageAttachment[];
  /** The From name and Reply-To of an email, from the settings when it was queued. */
  sender?: MessageSender;
  /** Recorded as not sent, with this reason (e.g. an SMS to a landline). */
  skipped?: string;
}

/** A queued message as the embedded worker sees it. */
export interface QueuedMessage extends NewMessage {
  leadKind: LeadKind | 'test' | 'outbox' | 'notice';
  leadId: string;
  attempts: number;
  createdAt: string;
  /** When it was queued: at creation, or when an admin retried it. Retries stop a day after. */
  queuedAt: string;
}

/**
 * The message queue, beside the leads in the same database. Both adapters honour it: SQLite
 * with a `messages` table the embedded worker sends from, Firestore with the `mail` and
 * `messages` documents the Trigger Email and Twilio extensions send and mark.
 */
export interface MessageStore {
  /**
   * Whether the store keeps an email's layout and its sender makes the HTML (SQLite: the
   * embedded delivery worker), so an email may be queued with `layout` and no `html`. False
   * where the HTML must be in what is stored (Firestore: the Trigger Email extension sends the
   * mail document as it is).
   */
  readonly keepsLayouts: boolean;
  /** Stores the lead and its messages in one transaction: both are kept, or neither. */
  insertLead(lead: Lead, messages: readonly NewMessage[], now: string): Promise<void>;
  /**
   * Queues messages about a lead already stored (a review request, its reminder); their ids
   * start with `<lead id>-` like the lead's own, so the lead's card lists them.
   */
  addToLead(lead: { kind: LeadKind; id: string }, messages: readonly NewMessage[], now: string): Promise<void>;
  /**
   * The follow-up reminder of an inquiry or quote request still `new` and waiting for one
   * (`followUp: 'pending'`): marks it reminded (`followUp: 'reminded'`, `followUpRemindedAt`)
   * and queues these messages, in one transaction, so a reminder is queued once or not at all
   * whatever crashes or runs twice. False, with nothing written, when the lead is gone, has
   * left `new` or was reminded already. Message ids start with `<lead id>-`, as insertLead's.
   */
  remindLead(kind: 'inquiry' | 'quote', leadId: string, messages: readonly NewMessage[], now: string): Promise<boolean>;
  /**
   * Queues a notice that belongs to no lead (staff told of a change to the bank details, the
   * site address or the staff recipients), sent as a lead's messages are. Message ids start
   * with `<notice id>-`, as a lead's do.
   */
  queueNotice(noticeId: string, messages: readonly NewMessage[], now: string): Promise<void>;
  /**
   * The messages about each of these leads, oldest first, then staff before customer and
   * email before SMS; leads without any are absent.
   */
  forLeads(leadIds: readonly string[]): Promise<Map<string, MessageDelivery[]>>;
  /**
   * Queues a failed message again. The message afterwards, `'not-failed'` when it had not
   * failed, or null when there is no such message.
   */
  retry(id: string, now: string): Promise<MessageDelivery | 'not-failed' | null>;
  /** Queue depth and recent failures, for the dashboard's warning. */
  status(): Promise<Omit<DeliveryStatus, 'configured' | 'smsOptOut'>>;
  /**
   * How many customer messages of this channel to this recipient (as `recipientKey` gives it)
   * were stored at or after `since`. Skipped ones do not count: they were never sent.
   */
  customerMessagesSince(channel: MessageChannel, recipient: string, since: string): Promise<number>;
}

/**
 * A recipient as the daily cap compares them: an email address lower-cased (addresses differ
 * only in case reach the same inbox), a mobile as its E.164 number.
 */
export const recipientKey = (channel: MessageChannel, to: string): string => (channel === 'email' ? to.trim().toLowerCase() : to);

/** The recipient a message counts against in the daily cap: customer messages that are sent, not skipped. */
export const cappedRecipient = (message: Pick<NewMessage, 'channel' | 'audience' | 'to' | 'skipped'>): string | null =>
  message.audience === 'customer' && !message.skipped ? recipientKey(message.channel, message.to) : null;

/** What the embedded worker needs of the queue, beyond MessageStore. */
export interface DeliveryQueue {
  /** Queues a message that belongs to no stored lead (a test message, an imported outbox line). */
  enqueue(message: QueuedMessage): Promise<void>;
  /** Marks up to `limit` due messages of these channels as sending, and returns them, oldest first. */
  claimDue(channels: readonly MessageChannel[], now: string, limit: number): Promise<QueuedMessage[]>;
  /** When the next queued message of these channels is due, or null when none waits. */
  nextDueAt(channels: readonly MessageChannel[]): Promise<string | null>;
  markSent(id: string, now: string, providerId: string | undefined): Promise<void>;
  /** A temporary failure: queued again for `nextAttemptAt`. */
  reschedule(id: string, now: string, nextAttemptAt: string, error: string): Promise<void>;
  markFailed(id: string, now: string, error: string): Promise<void>;
  /**
   * Messages a crash left `sending` go back to the queue (at-least-once: the attempt may or
   * may not have reached the provider). Returns how many.
   */
  requeueInterrupted(now: string): Promise<number>;
  /** The lead a message is about (to tell the dashboard its card changed). */
  leadOf(id: string): Promise<{ kind: QueuedMessage['leadKind']; id: string } | null>;
}
