import type { JobDeps } from './deps';
import { scheduledRuns, type JobKind } from './runner';

/**
 * Follow-up reminders: the leads still new past their follow-up time (FOLLOW_UP_AFTER_HOURS
 * business hours after they arrived) each send the staff one reminder. Every minute in the
 * embedded server, the first run at its start (reminders that fell due while it was down go
 * out then); every 5 minutes on Firebase. Each lead is claimed in the transaction that queues
 * its messages, so an overlapping or retried run never sends one twice. A run answers how
 * many reminders it queued.
 */
export const followUpJobs = {
  name: 'follow-ups',
  ...scheduledRuns,
  everyMs: 60_000,
  cloud: { function: 'followUpReminders', schedule: 'every 5 minutes', memory: '256MiB' },
  work: ({ store, clock, messageSettings, wake, upgrades }) => ({
    run: async () => {
      const followUp = upgrades?.followUps && (await messageSettings()).followUp;
      // Leads new before reminders existed get their due time first.
      if (followUp) await upgrades.followUps?.(followUp);
      // Imported here, not above: index.ts reads this kind's trigger without loading its work.
      const { sendDueReminders } = await import('../services/follow-up');
      return sendDueReminders({ store, settings: messageSettings, clock, wake });
    },
  }),
} satisfies JobKind<'follow-ups', JobDeps>;
