import type { Inquiry, QuoteRequest } from '@site/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Notifier } from '../../ports/notifier';
import { inquiryMessages, quoteMessages, type OutgoingMessage } from '../../services/lead-messages';

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
 * installed the documents simply stay there, a readable outbox. The texts come
 * from services/lead-messages, so both ways of running tell customers the same.
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

  /** Emails become `mail` documents; SMS need an E.164 number for Twilio. */
  const send = async (messages: OutgoingMessage[], leadId: string) => {
    const mails: MailDocument[] = [];
    const texts: SmsDocument[] = [];
    for (const message of messages) {
      if (message.channel === 'email') {
        mails.push({ to: [message.to], message: { subject: message.subject ?? '', text: message.text } });
        continue;
      }
      const to = e164(message.to);
      // A number we cannot convert still reaches the office by email.
      if (to) texts.push({ to, body: message.text });
      else options.log?.(`no SMS for ${leadId}: the phone number is not an Australian or E.164 number`);
    }
    await write(mails, texts);
  };

  return {
    inquiryReceived: (inquiry: Inquiry) => send(inquiryMessages(inquiry, options.businessEmail), `inquiry ${inquiry.id}`),
    quoteRequested: (quote: QuoteRequest) => send(quoteMessages(quote, options.businessEmail), `quote request ${quote.id}`),
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
