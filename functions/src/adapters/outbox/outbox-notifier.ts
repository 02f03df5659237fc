import { budgetLabels, inquiryRoomLabels, timelineLabels, type Inquiry, type QuoteRequest } from '@site/domain';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Notifier } from '../../ports/notifier';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/**
 * Writes each outgoing email and SMS as a JSON file in DATA_DIR/outbox, where a mail or SMS
 * relay (or a person) picks it up. Nothing leaves the machine from here.
 */
export function createOutboxNotifier(dir: string, businessEmail?: string): Notifier {
  let sequence = 0;
  const write = async (messages: OutgoingMessage[]) => {
    await mkdir(dir, { recursive: true });
    for (const message of messages) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence++}-${message.channel}.json`;
      await writeFile(join(dir, name), JSON.stringify(message, null, 2), { mode: 0o600 });
    }
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
