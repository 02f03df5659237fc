/**
 * The Cloud Functions entry (Firebase mode): Hosting rewrites `/api/**` to `api`, the same
 * Express app as the embedded server, on Firestore, Cloud Storage and Firebase Auth; and the
 * public pages (with the business settings and the projects), `robots.txt`, `sitemap.xml` and
 * any path that is no file (the not-found page) to `pages`. The background jobs (jobs/) each
 * have a function of their own, on their document or their schedule.
 * Bundled by scripts/build-function.mjs into functions/lib, which firebase.json deploys.
 */
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import * as logger from 'firebase-functions/logger';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { businessTimeZone } from '@site/domain/calendar';
import { attachmentJobs } from './jobs/attachments';
import { followUpJobs } from './jobs/follow-ups';
import { maintenanceJobs } from './jobs/maintenance';
import { modelJobs } from './jobs/models';
import { reviewReminderJobs } from './jobs/review-reminders';
import { bookingReminderJobs } from './jobs/booking-reminders';
import type { DocumentTrigger, ScheduleTrigger } from './jobs/runner';
import type { JobName } from './jobs/site-jobs';
import type { FirebasePagesHandler } from './firebase/pages';
import type { FirebaseServices } from './firebase/services';
import type { FirebaseSite, FirebaseSiteOptions } from './firebase/site';

/** Sydney: the closest region to Melbourne with every product this site uses. Also in firebase.json's rewrite. */
const region = 'australia-southeast1';

/** The first admin's password (`firebase functions:secrets:set ADMIN_PASSWORD`), used only while there are no users. */
const adminPassword = defineSecret('ADMIN_PASSWORD');

/**
 * Made by its first caller and shared; a failure is tried again by the next. What each
 * function serves is imported here, when it is first needed: a new instance of one function
 * loads its own code only (the `pages` function no API, the API no page renderer, neither the
 * photo, model, PDF or email code until a request uses it), and `firebase deploy`'s discovery
 * of the functions loads none of it (docs/decisions/032-server-speed.md).
 */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}

/** The instance's Firebase services, made once by whichever function runs first in it (Firestore takes its settings once). */
const instanceServices = once<FirebaseServices>(async () =>
  (await import('./firebase/services')).firebaseServices(getApps().length ? getApp() : initializeApp()),
);

/** One site per instance, built on its first request (not at deploy-time discovery, which has no credentials). */
function lazySite(options: () => FirebaseSiteOptions): () => Promise<FirebaseSite> {
  return once(async () => {
    const [services, { createFirebaseSite }, { readFirebaseEnv }] = await Promise.all([
      instanceServices(),
      import('./firebase/site'),
      import('./firebase/env'),
    ]);
    return createFirebaseSite(services, readFirebaseEnv(), options());
  });
}

const site = lazySite(() => ({ adminPassword: adminPassword.value() || undefined }));
/** The job functions never create the first admin, so they are not given the password. */
const jobSite = lazySite(() => ({}));

export const api = onRequest(
  {
    region,
    // A 12-megapixel photo is decoded (36 MB of pixels) and encoded to ten files by sharp
    // before the upload's answer, about 150 MB at its peak and 2.3 s (npm run bench:photos); scrypt takes
    // 32 MB a sign-in. 2 GiB and two CPUs hold a few photos and many small requests at once.
    memory: '2GiB',
    cpu: 2,
    concurrency: 20,
    minInstances: 0,
    // A ceiling on cost and on how far per-instance rate limits can be spread.
    maxInstances: 10,
    // A 30 MB photo streamed through the function and processed, on a slow connection.
    timeoutSeconds: 120,
    invoker: 'public',
    secrets: [adminPassword],
  },
  async (req, res) => {
    const { handler } = await site();
    await new Promise<void>((done) => {
      res.once('close', done);
      handler(req, res);
    });
  },
);

const pagesHandler = once<FirebasePagesHandler>(async () => {
  const [{ db }, { createFirebasePages }] = await Promise.all([instanceServices(), import('./firebase/pages')]);
  return createFirebasePages(db);
});

/**
 * The public pages with the business settings and the published projects, rendered from
 * Firestore (a few milliseconds a page) and kept by Hosting's CDN for four minutes; see
 * firebase/pages.ts for how a change reaches them within five. Reads only: a small instance
 * answers many at once.
 */
export const pages = onRequest(
  { region, memory: '512MiB', cpu: 1, concurrency: 40, minInstances: 0, maxInstances: 5, timeoutSeconds: 30, invoker: 'public' },
  async (req, res) => {
    await (
      await pagesHandler()
    )(req, res);
  },
);

/**
 * A job kind's Cloud Function on its document (jobs/runner.ts's DocumentTrigger): the `api`
 * function answers first and cannot work after its answer, so the document's write runs the
 * item while it is still to do; the trigger's own write (done or failed) leaves it alone.
 */
function documentJob(kind: { name: JobName; cloud: DocumentTrigger }) {
  const { function: _name, document, when, ...resources } = kind.cloud;
  return onDocumentWritten({ document, region, ...resources }, async (event) => {
    if (event.data?.after.get(when.field) !== when.value) return;
    await (await jobSite()).runJob(kind.name, event.params.id);
  });
}

/** A job kind's Cloud Function on its schedule (jobs/runner.ts's ScheduleTrigger), Melbourne time; its result is logged when it did something. */
function scheduledJob(kind: { name: JobName; cloud: ScheduleTrigger }) {
  const { schedule, memory } = kind.cloud;
  return onSchedule({ schedule, timeZone: businessTimeZone, region, memory }, async () => {
    const result = await (await jobSite()).runJob(kind.name);
    if (typeof result !== 'number') logger.info(kind.name, result);
    else if (result > 0) logger.info(kind.name, { queued: result });
  });
}

// Each kind of jobs/site-jobs.ts that declares a Cloud Function, exported under that function's name.
export const optimizeModel = documentJob(modelJobs);
export const processAttachment = documentJob(attachmentJobs);
export const reviewReminders = scheduledJob(reviewReminderJobs);
export const bookingReminders = scheduledJob(bookingReminderJobs);
export const followUpReminders = scheduledJob(followUpJobs);
export const maintenance = scheduledJob(maintenanceJobs);
