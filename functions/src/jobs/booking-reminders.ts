import type { JobDeps } from './deps';
import { scheduledRuns, type JobKind } from './runner';

/**
 * Booked visits' reminders, every 5 minutes in both modes: the customer's and the staff's
 * messages 24 hours before each visit, and the staff's digest of a business day that is over
 * and had more alerts than go out one by one. Each reminder and each day's digest is claimed
 * before it is queued, so an overlapping or retried run (or a restart) never sends one twice.
 * A run answers how many reminders and digests it queued.
 */
export const bookingReminderJobs = {
  name: 'booking-reminders',
  ...scheduledRuns,
  everyMs: 5 * 60_000,
  cloud: { function: 'bookingReminders', schedule: 'every 5 minutes', memory: '256MiB' },
  work: ({ bookings }) => ({
    run: async () => (await bookings.sendDueReminders()) + (await bookings.sendDueDigests()),
  }),
} satisfies JobKind<'booking-reminders', JobDeps>;
