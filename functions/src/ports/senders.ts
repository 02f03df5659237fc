import type { MessageAttachment, MessageSender } from './messages';

/** The providers that carry emails and SMS out of the embedded server. */

export interface OutgoingEmail {
  /** The message's idempotency key: the Message-ID is built from it. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on review requests. */
  headers?: Record<string, string>;
  /** Files it carries (a booking's calendar invite). */
  attachments?: MessageAttachment[];
  /** The From name and Reply-To; absent (an email queued before they were kept), MAIL_FROM as set. */
  sender?: MessageSender;
}

export interface OutgoingSms {
  id: string;
  /** E.164 */
  to: string;
  text: string;
}

export interface Sent {
  /** The provider's id for it: the SMTP server's answer, a Twilio message SID. */
  providerId?: string;
}

/**
 * A send that did not work. `permanent`: sending it again will not help (an unknown
 * mailbox, an invalid number, refused credentials); otherwise it is retried with backoff.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export interface EmailSender {
  send(email: OutgoingEmail): Promise<Sent>;
  close(): void;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<Sent>;
}
