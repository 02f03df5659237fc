import { budgetLabels, inquiryRoomLabels, timelineLabels, type Inquiry, type QuoteRequest } from '@site/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Notifier } from '../../ports/notifier';

/** A document for the Trigger Email extension (firebase/firestore-send-email). */
export interface MailDocument {
  to: string[];
  message: { subject: string; text: string };
}

/** A document for the Send Messages with Twilio extension (twilio/send-message). */
export interface SmsDocument {
  to: string;
  body: string;
}

export interface FirestoreNotifierOptions {
  /** Where the office is told about new leads; no office email without it. */
  businessEmail?: string;
  /** The extensions' configured collections; their defaults are `mail` and `messages`. */
  mailCollection?: string;
  smsCollection?: string;
  log?: (message: string, error?: unknown) => void;
}

export interface FirestoreNotifier extends Notifier {
  /**
   * Settles when every write started so far has finished. Cloud Functions may stop
   * giving a function CPU once its response is sent, so the entry holds each response
   * until this settles (the routes send notifications without waiting for them).
   */
  idle(): Promise<void>;
}

/**
 * Notifications as Firestore documents: the Trigger Email extension sends each `mail`
 * document and the Twilio extension each `messages` document. Without those extensions
 * installed the documents simply stay there, a readable outbox. The texts are the
 * outbox notifier's (adapters/outbox), so both ways of running tell customers the same.
 */
export function createFirestoreNotifier(db: Firestore, options: FirestoreNotifierOptions = {}): FirestoreNotifier {
  const mail = db.collection(options.mailCollection ?? 'mail');
  const sms = db.collection(options.smsCollection ?? 'messages');
  const pending = new Set<Promise<unknown>>();

  const write = (mails: MailDocument[], texts: SmsDocument[]) => {
    const batch = db.batch();
    for (const doc of mails) batch.create(mail.doc(), doc);
    for (const doc of texts) batch.create(sms.doc(), doc);
    const done = batch.commit().then(() => undefined);
    pending.add(done);
    const forget = () => pending.delete(done);
    done.then(forget, forget);
    return done;
  };

  return {
    async inquiryReceived(inquiry: Inquiry) {
      const rooms = inquiry.rooms.map((room) => inquiryRoomLabels[room]).join(', ');
      const summary = `${rooms}; budget ${budgetLabels[inquiry.budget]}; start ${timelineLabels[inquiry.timeline]}`;
      const mails: MailDocument[] = [
        {
          to: [inquiry.email],
          message: {
            subject: 'We have received your project inquiry',
            text: `Hi ${inquiry.firstName},\n\nThank you for your project inquiry (${summary}). Our team will be in touch very shortly to discuss your renovation project.`,
          },
        },
      ];
      if (options.businessEmail) {
        mails.push({
          to: [options.businessEmail],
          message: {
            subject: `New project inquiry from ${inquiry.firstName} ${inquiry.lastName}`,
            text: `${inquiry.firstName} ${inquiry.lastName}, ${inquiry.email}, ${inquiry.phone}\n${summary}`,
          },
        });
      }
      const to = e164(inquiry.phone);
      // Twilio takes E.164 numbers only; a number we cannot convert still reaches the office by email.
      if (!to) options.log?.(`no SMS for inquiry ${inquiry.id}: the phone number is not an Australian or E.164 number`);
      const texts: SmsDocument[] = to ? [{ to, body: `Hi ${inquiry.firstName}, thanks for your renovation inquiry. We'll be in touch very shortly.` }] : [];
      await write(mails, texts);
    },
    async quoteRequested(quote: QuoteRequest) {
      const mails: MailDocument[] = [
        {
          to: [quote.email],
          message: {
            subject: 'We have received your quote request',
            text: `Hi ${quote.firstName},\n\nThank you for requesting a free quote for your ${quote.room.toLowerCase()} in ${quote.suburb}. We'll get back to you with a detailed quote.`,
          },
        },
      ];
      if (options.businessEmail) {
        mails.push({
          to: [options.businessEmail],
          message: {
            subject: `New quote request from ${quote.firstName} ${quote.lastName}`,
            text: `${quote.firstName} ${quote.lastName}, ${quote.email}\n${quote.room} in ${quote.suburb}`,
          },
        });
      }
      await write(mails, []);
    },
    async idle() {
      await Promise.allSettled([...pending]);
    },
  };
}

/**
 * An Australian phone number as E.164 (`0400 123 456` -> `+61400123456`); numbers already
 * in international form are kept. Null when it is neither.
 */
export function e164(phone: string): string | null {
  const compact = phone.replace(/[\s\-().]/g, '');
  if (/^0[2-478]\d{8}$/.test(compact)) return `+61${compact.slice(1)}`;
  if (/^(\+|00)61[2-478]\d{8}$/.test(compact)) return `+61${compact.slice(compact.startsWith('+') ? 3 : 4)}`;
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  return null;
}
