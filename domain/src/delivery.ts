/** Emails and SMS about leads: what the admin sees of each message's delivery. */

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/** Who a message is for: the business's staff, or the customer who sent the lead. */
export type MessageAudience = 'staff' | 'customer';

/**
 * queued: waiting for its first or next attempt; sending: an attempt is under way;
 * sent: the provider accepted it; failed: refused for good, or no success within a day;
 * skipped: never sent, and `error` says why (a landline gets no SMS).
 */
export const messageStatuses = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  skipped: 'not sent',
};

/** One message about a lead as the admin list shows it (`messages` on each inquiry and quote request). */
export interface MessageDelivery {
  id: string;
  channel: MessageChannel;
  audience: MessageAudience;
  /** Email address, or phone number in E.164 form. */
  to: string;
  status: MessageStatus;
  attempts: number;
  /** Why it failed or was skipped, or the last temporary error while it waits for a retry. */
  error?: string;
  sentAt?: string;
  createdAt: string;
}

/** GET /api/messages/status: what the dashboard's delivery warning needs. */
export interface DeliveryStatus {
  /** Whether the server can send each channel; null where the server cannot tell (Firebase extensions). */
  configured: Record<MessageChannel, boolean | null>;
  /** How many of the latest finished sends failed in a row (0 when the latest succeeded). */
  failingInARow: number;
  /** Messages waiting to be sent. */
  queued: number;
  /** The owner's "We don't use text messages": no warning then that SMS cannot be sent. */
  smsOptOut: boolean;
}

/** A lead as the admin lists carry it: its record with the emails and SMS about it. */
export type WithMessages<T> = T & { messages: MessageDelivery[] };

/**
 * The dashboard warns when this many of the latest finished sends failed in a row. One
 * failure is usually one bad address (the card shows it); several in a row point at the mail
 * or SMS account. The server counts at most the last 5, so this must not exceed 5.
 */
export const deliveryWarningFailures = 3;
