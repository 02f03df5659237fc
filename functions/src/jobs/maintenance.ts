import type { JobDeps } from './deps';
import { scheduledRuns, type JobKind } from './runner';

/**
 * Housekeeping: visitor and audit retention, expired sessions and sign-ins, uploads and
 * customers' files never used, and won and lost leads past the settings' lead retention, with
 * their messages and files. Hourly in the embedded server (the first run at its start), daily
 * at 03:00 on Firebase. A run answers its report.
 */
export const maintenanceJobs = {
  name: 'maintenance',
  ...scheduledRuns,
  everyMs: 60 * 60_000,
  cloud: { function: 'maintenance', schedule: 'every day 03:00', memory: '256MiB' },
  work: ({ store, uploads, clock, settings, attachments, retention, upgrades }) => ({
    run: async () => {
      // One setting drives both this and what the privacy page tells customers.
      const { leadRetentionMonths } = (await settings.settings()).privacy;
      // Imported here, not above: index.ts reads this kind's trigger without loading its work.
      const { runMaintenance } = await import('../services/maintenance');
      const report = await runMaintenance(store, uploads, clock, { ...retention, leadRetentionMonths }, attachments);
      return { ...report, ...(await upgrades?.maintenance?.()) };
    },
  }),
} satisfies JobKind<'maintenance', JobDeps>;
