import type { Inquiry, QuoteRequest } from '@site/domain';

/** Tells the business and the customer that a lead arrived (email and SMS). */
export interface Notifier {
  inquiryReceived(inquiry: Inquiry): Promise<void>;
  quoteRequested(quote: QuoteRequest): Promise<void>;
}
