/**
 * Verified reviews: a won lead's customer is sent a personal link to the review form, and a
 * review sent through it is marked as from a verified customer. Also the unsubscribe link
 * every review request and reminder carries.
 */

/** How long a review link works after it is sent. */
export const reviewInviteDays = 60;
/** The one reminder goes this long after the request, unless the customer reviewed or unsubscribed. */
export const reviewReminderDays = 7;

/**
 * A review link's or an unsubscribe link's token: what it names (a review request's id, an
 * address's sha256), a dot, and its HMAC-SHA256 signature, base64url. Anything else is refused
 * before the database is asked.
 */
export const linkTokenPattern = /^[A-Za-z0-9_-]{20,43}\.[A-Za-z0-9_-]{43}$/;

export const reviewInviteMessages = {
  invalid: 'This link is not valid',
  expired: 'This link has expired',
  used: 'This link has already been used',
} as const;

/** GET /api/review-invites/{token}: what the review form fills in. */
export interface ReviewInviteView {
  name: string;
}

/**
 * Entries the site itself adds to a lead's history, beside staff's status changes and notes.
 * `measure-booked` by the website (the customer booked a site measure online: the lead's first
 * contact), `job-done` by the admin who marked it (with the day, `on`), `review-requested` by
 * the admin who asked, `review-reminded` by the website, `review-received` by the customer.
 */
export const leadEvents = ['measure-booked', 'job-done', 'review-requested', 'review-reminded', 'review-received'] as const;
export type LeadEvent = (typeof leadEvents)[number];
export const leadEventLabels: Record<LeadEvent, string> = {
  'measure-booked': 'Site measure booked',
  'job-done': 'Job done',
  'review-requested': 'Review requested',
  'review-reminded': 'Review reminder sent',
  'review-received': 'Review received',
};

/** Where a lead is with its review: from its history. */
export type ReviewRequestState = 'none' | 'requested' | 'received';
export function reviewRequestState(history: ReadonlyArray<{ event?: LeadEvent }>): ReviewRequestState {
  if (history.some((entry) => entry.event === 'review-received')) return 'received';
  if (history.some((entry) => entry.event === 'review-requested')) return 'requested';
  return 'none';
}
