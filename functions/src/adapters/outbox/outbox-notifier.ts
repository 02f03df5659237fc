import { budgetLabels, inquiryRoomLabels, timelineLabels, type Inquiry, type QuoteRequest } from '@site/domain';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Notifier } from '../../ports/notifier';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/**
 * Appends each outgoing email and SMS as one JSON line to DATA_DIR/outbox/YYYY-MM-DD.jsonl,
 * where a mail or SMS relay (or a person) picks it up. Nothing leaves the machine from here.
 * One append stream per day keeps the request path free of file opens.
 */
export function createOutboxNotifier(dir: string, businessEmail?: string): Notifier {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let current: { day: string; stream: WriteStream } | null = null;
  const write = async (messages: OutgoingMessage[]) => {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    if (current?.day !== day) {
      current?.stream.end();
      current = { day, stream: createWriteStream(join(dir, `${day}.jsonl`), { flags: 'a', mode: 0o600 }) };
    }
    const at = now.toISOString();
    current.stream.write(messages.map((message) => JSON.stringify({ at, ...message }) + '\n').join(''));
  };
  return {
    async inquiryReceived(inquiry: Inquiry) {
      const rooms = inquiry.rooms.map((room) => inquiryRoomLabels[room]).join(', ');
      const summary = `${rooms}; budget ${budgetLabels[inquiry.budget]}; start ${timelineLabels[inquiry.timeline]}`;
      const messages: OutgoingMessage[] = [
        {
          channel: 'email',
          to: inquiry.email,
          subject: 'We have received your project inquiry',
          text: `Hi ${inquiry.firstName},\n\nThank you for your project inquiry (${summary}). Our team will be in touch very shortly to discuss your renovation project.`,
        },
        {
          channel: 'sms',
          to: inquiry.phone,
          text: `Hi ${inquiry.firstName}, thanks for your renovation inquiry. We'll be in touch very shortly.`,
        },
      ];
      if (businessEmail) {
        messages.push({
          channel: 'email',
          to: businessEmail,
          subject: `New project inquiry from ${inquiry.firstName} ${inquiry.lastName}`,
          text: `${inquiry.firstName} ${inquiry.lastName}, ${inquiry.email}, ${inquiry.phone}\n${summary}`,
        });
      }
      await write(messages);
    },
    async quoteRequested(quote: QuoteRequest) {
      const messages: OutgoingMessage[] = [
        {
          channel: 'email',
          to: quote.email,
          subject: 'We have received your quote request',
          text: `Hi ${quote.firstName},\n\nThank you for requesting a free quote for your ${quote.room.toLowerCase()} in ${quote.suburb}. We'll get back to you with a detailed quote.`,
        },
      ];
      if (businessEmail) {
        messages.push({
          channel: 'email',
          to: businessEmail,
          subject: `New quote request from ${quote.firstName} ${quote.lastName}`,
          text: `${quote.firstName} ${quote.lastName}, ${quote.email}\n${quote.room} in ${quote.suburb}`,
        });
      }
      await write(messages);
    },
  };
}
