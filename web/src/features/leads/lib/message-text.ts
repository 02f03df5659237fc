import type { MessageDelivery } from '@site/domain';
import { formatDateTime } from '#web/lib/dates.ts';

/** e.g. "Staff email to office@example.com", "Customer SMS to +61400123456". */
export function messageTitle(message: MessageDelivery): string {
  const who = message.audience === 'staff' ? 'Staff' : 'Customer';
  const what = message.channel === 'email' ? 'email' : 'SMS';
  return `${who} ${what} to ${message.to}`;
}

/** The line under a message that says why it is where it is, or null when its status says all. */
export function messageNote(message: MessageDelivery): string | null {
  switch (message.status) {
    case 'sent':
      return message.sentAt ? `Sent ${formatDateTime(message.sentAt)}` : null;
    case 'failed':
    case 'skipped':
      return message.error ? `Reason: ${message.error}` : null;
    case 'queued':
      // A temporary failure waits for its next attempt with its error kept: staff see it is being retried.
      return message.error ? `Last attempt failed (${message.error}); trying again.` : null;
    case 'sending':
      return null;
  }
}
