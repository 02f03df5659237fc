import { budgetLabels, inquiryRoomLabels, timelineLabels, type Inquiry, type QuoteRequest } from '@site/domain';

/** One email or SMS to send about a new lead. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/**
 * What the customer and the office are told about a new lead, whatever carries it (the
 * embedded outbox or the Firebase extensions): the customer's confirmation email and SMS
 * the success dialog promises, and a copy to the office when its address is configured.
 */
export function inquiryMessages(inquiry: Inquiry, businessEmail?: string): OutgoingMessage[] {
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
  return messages;
}

export function quoteMessages(quote: QuoteRequest, businessEmail?: string): OutgoingMessage[] {
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
  return messages;
}
