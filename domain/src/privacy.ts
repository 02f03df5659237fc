import { z } from 'zod';
import type { Booking } from './booking';
import type { MessageDelivery } from './delivery';
import type { Review } from './records';
import type { Inquiry, QuoteRequest } from './schemas';

/** The label of the optional marketing-consent checkbox on the inquiry and quote forms (never pre-ticked). */
export const marketingConsentLabel = 'Send me occasional renovation ideas and offers';

/** The collection notice under each public form, before its link to the privacy policy. */
export const collectionNotice = 'We use these details only to reply about your project.';
/** The review form's: what is published, and that the email is not. */
export const reviewCollectionNotice =
  'We publish your name, rating and review once approved. Your email is never shown and is used only about your review.';

export const privacyMessages = {
  emailOrPhone: 'Enter an email address or a phone number',
  onlyOne: 'Enter an email address or a phone number, not both',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid phone number',
  confirm: 'Type ERASE to confirm',
} as const;

/** What an admin types to confirm an erasure. */
export const eraseConfirmation = 'ERASE';

// The lookup's schema reads phone numbers with libphonenumber-js, which the public pages that
// print this module's notices do not load: it is in ./privacy-lookup.ts.

/** Whose records: one email address, or one phone number as its national digits (./privacy-lookup.ts reads it). */
export interface PrivacyLookup {
  email?: string | undefined;
  phone?: string | undefined;
}

/** An email address as records are compared: trimmed and lower-cased. */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

/** POST /api/privacy/erase: besides the lookup, the typed confirmation. */
export const privacyConfirmSchema = z.object({
  confirm: z.literal(eraseConfirmation, { error: privacyMessages.confirm }),
});

/** A message held about someone: to them, or about one of their leads. */
export interface PersonalMessage extends MessageDelivery {
  leadKind: string;
  leadId: string;
  subject?: string;
  text?: string;
}

/** A file attached to one of the person's leads. */
export interface PersonalFile {
  leadKind: 'inquiry' | 'quote';
  leadId: string;
  name: string;
  url: string;
  contentType?: string;
  size?: number;
}

/** A review request sent about one of the person's leads (its link itself is never kept). */
export interface PersonalReviewRequest {
  leadKind: 'inquiry' | 'quote';
  leadId: string;
  name: string;
  email: string;
  createdAt: string;
  used: boolean;
  usedAt?: string;
  reviewId?: string;
}

/** Every record held about one email address or phone number: what the Privacy tool lists and exports. */
export interface PrivacyRecords {
  /** The normalised email address or phone digits searched for. */
  lookup: PrivacyLookup;
  generatedAt: string;
  inquiries: Inquiry[];
  quoteRequests: QuoteRequest[];
  /** Site measures the person booked online, through their quote requests (the visit's address and mobile among them). */
  bookings?: Booking[];
  /** Reviews store an email only when the reviewer gave one; matched by that email, never by name. */
  reviews: Review[];
  messages: PersonalMessage[];
  files: PersonalFile[];
  /** Review requests about the person's leads (their reviews are in `reviews`). */
  reviewRequests: PersonalReviewRequest[];
  /** What cannot be matched to a person, and why. */
  notes: string[];
}

/** POST /api/privacy/erase's answer: how many of each were deleted. */
export interface PrivacyErasure {
  inquiries: number;
  quoteRequests: number;
  reviews: number;
  messages: number;
  files: number;
  reviewRequests: number;
}

/** How many records of each kind were found: what the Privacy tool and its audit entries count. */
export const countRecords = (records: PrivacyRecords): PrivacyErasure => ({
  inquiries: records.inquiries.length,
  quoteRequests: records.quoteRequests.length,
  reviews: records.reviews.length,
  messages: records.messages.length,
  files: records.files.length,
  reviewRequests: records.reviewRequests.length,
});

/** "1 inquiry", "2 inquiries". */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "2 inquiries, 1 quote request, …": an erasure or lookup as the audit trail keeps it, without the person. */
export function describeCounts(counts: PrivacyErasure): string {
  const part = counted;
  return [
    part(counts.inquiries, 'inquiry', 'inquiries'),
    part(counts.quoteRequests, 'quote request', 'quote requests'),
    part(counts.reviews, 'review', 'reviews'),
    part(counts.messages, 'message', 'messages'),
    part(counts.files, 'file', 'files'),
    ...(counts.reviewRequests ? [part(counts.reviewRequests, 'review request', 'review requests')] : []),
  ].join(', ');
}
