import { attachmentJobs } from './attachments';
import { bookingReminderJobs } from './booking-reminders';
import type { JobDeps } from './deps';
import { followUpJobs } from './follow-ups';
import { maintenanceJobs } from './maintenance';
import { modelJobs } from './models';
import { reviewReminderJobs } from './review-reminders';
import { JobRunner, type JobLog } from './runner';

/**
 * Every kind of the site's background work, in one list: createApp binds them to its
 * services (the embedded server starts them; a Cloud Function runs one through `run`), and
 * index.ts makes each kind's Cloud Function from its `cloud` trigger. A new kind is a file
 * beside these and a line here (and, for Firebase, its function's export in index.ts).
 */
export const jobKinds = [attachmentJobs, modelJobs, followUpJobs, reviewReminderJobs, bookingReminderJobs, maintenanceJobs] as const;

export type JobName = (typeof jobKinds)[number]['name'];
export type SiteJobs = JobRunner<JobName>;

export function createSiteJobs(deps: JobDeps, log: JobLog): SiteJobs {
  return new JobRunner<JobName>(
    jobKinds.map((kind) => ({ ...kind, work: kind.work(deps) })),
    log,
  );
}
