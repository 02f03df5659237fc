import type { JobDeps } from './deps';
import { scheduledRuns, type JobKind } from './runner';

/**
 * Review reminders, hourly in both modes: each request's one reminder 7 days after it, unless
 * the customer reviewed or unsubscribed; then the requests long expired are deleted. Each
 * reminder is claimed before it is queued, so an overlapping or retried run (or a restart)
 * never sends one twice. A run answers how many reminders it queued.
 */
export const reviewReminderJobs = {
  name: 'review-reminders',
  ...scheduledRuns,
  everyMs: 60 * 60_000,
  cloud: { function: 'reviewReminders', schedule: 'every 1 hours', memory: '256MiB' },
  work: ({ reviewRequests }) => ({
    run: async () => {
      const queued = await reviewRequests.sendDueReminders();
      await reviewRequests.deleteExpired();
      return queued;
    },
  }),
} satisfies JobKind<'review-reminders', JobDeps>;
