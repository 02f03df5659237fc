/**
 * The Cloud Functions entry (Firebase mode): Hosting rewrites `/api/**` to `api`, the same
 * Express app as the embedded server, on Firestore, Cloud Storage and Firebase Auth; and the
 * public pages (with the business settings and the projects), `robots.txt`, `sitemap.xml` and
 * any path that is no file (the not-found page) to `pages`.
 * Bundled by scripts/build-function.mjs into functions/lib, which firebase.json deploys.
 */
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { logger } from 'firebase-functions';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { readFirebaseEnv } from './firebase/env';
import { createFirebasePages } from './firebase/pages';
import { createFirebaseSite, firebaseServices, type FirebaseServices, type FirebaseSite, type FirebaseSiteOptions } from './firebase/site';

/** Sydney: the closest region to Melbourne with every product this site uses. Also in firebase.json's rewrite. */
const region = 'australia-southeast1';

/** The first admin's password (`firebase functions:secrets:set ADMIN_PASSWORD`), used only while there are no users. */
const adminPassword = defineSecret('ADMIN_PASSWORD');

/** The instance's Firebase services, made once by whichever function runs first in it (Firestore takes its settings once). */
let services: FirebaseServices | undefined;
const instanceServices = () => (services ??= firebaseServices(getApps().length ? getApp() : initializeApp()));

/**
 * One site per instance, built on its first request (not at deploy-time discovery, which has
 * no credentials); a failed start is tried again on the next request.
 */
function lazySite(options: () => FirebaseSiteOptions): () => Promise<FirebaseSite> {
  let starting: Promise<FirebaseSite> | undefined;
  return () => {
    starting ??= createFirebaseSite(instanceServices(), readFirebaseEnv(), options()).catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  };
}

const site = lazySite(() => ({ adminPassword: adminPassword.value() || undefined }));
/** The maintenance job never creates the first admin, so it is not given the password. */
const maintenanceSite = lazySite(() => ({}));

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

let pagesHandler: ReturnType<typeof createFirebasePages> | undefined;

/**
 * The public pages with the business settings and the published projects, rendered from
 * Firestore (a few milliseconds a page) and kept by Hosting's CDN for four minutes; see
 * firebase/pages.ts for how a change reaches them within five. Reads only: a small instance
 * answers many at once.
 */
export const pages = onRequest(
  { region, memory: '512MiB', cpu: 1, concurrency: 40, minInstances: 0, maxInstances: 5, timeoutSeconds: 30, invoker: 'public' },
  async (req, res) => {
    pagesHandler ??= createFirebasePages(instanceServices().db).catch((error: unknown) => {
      pagesHandler = undefined;
      throw error;
    });
    await (
      await pagesHandler
    )(req, res);
  },
);

/**
 * Optimises a showroom model once it is saved with a new file (`processing: 'pending'`): the
 * `api` function answers the save first and cannot work after its answer. A designer's 60 MB
 * file takes up to a minute and about 1.5 GB (npm run bench:models); 4 GiB leave room for a
 * larger one. A retry after a crash finds the model still pending; one that is done or failed
 * is left alone, so the trigger's own write does not run it again.
 */
export const optimizeModel = onDocumentWritten(
  { document: 'models_3d/{id}', region, memory: '4GiB', cpu: 2, timeoutSeconds: 540, maxInstances: 2 },
  async (event) => {
    if (event.data?.after.get('processing') !== 'pending') return;
    await (await maintenanceSite()).processModel(event.params.id);
  },
);

/**
 * Processes a customer's photo once its upload is recorded (`processing: 'pending'`): turned
 * upright, every bit of metadata (the GPS position among it) dropped, scaled to 2400 px, then
 * the original deleted. The `api` function answers the upload first and cannot work after its
 * answer. About a second and 150 MB for a 12-megapixel photo; a retry finds the photo still
 * pending, and the trigger's own write (done or failed) leaves it alone.
 */
export const processAttachment = onDocumentWritten(
  { document: 'lead_attachments/{id}', region, memory: '1GiB', cpu: 1, timeoutSeconds: 120, maxInstances: 5 },
  async (event) => {
    if (event.data?.after.get('processing') !== 'pending') return;
    await (await maintenanceSite()).processAttachment(event.params.id);
  },
);

/**
 * Review reminders, hourly as in the embedded server: each request's one reminder 7 days after
 * it, unless the customer reviewed or unsubscribed. Each is claimed before it is queued, so an
 * overlapping or retried run never sends one twice.
 */
export const reviewReminders = onSchedule(
  { schedule: 'every 1 hours', timeZone: 'Australia/Melbourne', region, memory: '256MiB' },
  async () => {
    const queued = await (await maintenanceSite()).sendReviewReminders();
    logger.info('review reminders', { queued });
  },
);

/**
 * Follow-up reminders: every 5 minutes, the leads still new past their follow-up time
 * (FOLLOW_UP_AFTER_HOURS business hours after they arrived) each send the staff one reminder.
 * Each lead is claimed in the batch that queues its messages, so an overlapping or retried run
 * never sends one twice.
 */
export const followUpReminders = onSchedule(
  { schedule: 'every 5 minutes', timeZone: 'Australia/Melbourne', region, memory: '256MiB' },
  async () => {
    const queued = await (await maintenanceSite()).sendFollowUps();
    if (queued) logger.info('follow-up reminders', { queued });
  },
);

/**
 * Daily housekeeping, as the embedded server does hourly: visitor retention, expired sessions, unused uploads, and
 * (LEAD_RETENTION_MONTHS) won and lost leads past their retention, with their messages and files.
 */
export const maintenance = onSchedule(
  { schedule: 'every day 03:00', timeZone: 'Australia/Melbourne', region, memory: '256MiB' },
  async () => {
    const report = await (await maintenanceSite()).maintain();
    logger.info('maintenance', report);
  },
);
