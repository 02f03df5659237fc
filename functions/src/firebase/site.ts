import express, { type Express } from 'express';
import { stripeCheckoutFromEnv } from '../adapters/stripe/checkout';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminPageFilesIn } from '../http/admin-page';
import { ensureFirstAdmin } from '../accounts';
import { createCloudStorageObjectStore } from '../adapters/cloud-storage/cloud-storage-object-store';
import { backfillFollowUp, backfillLeadProgress, backfillModelProcessing } from '../adapters/firestore/backfill';
import { firestoreHitCounter } from '../adapters/firestore/hit-counter';
import type { ClientCheck } from '../ports/client-check';
import { createFirestoreStore } from '../adapters/firestore/store';
import { createMemoryFeed } from '../adapters/memory-feed';
import { appOptionsOf, createApp, type App } from '../app';
import type { JobName } from '../jobs/site-jobs';
import { errorHandler } from '../http/errors';
import { securityHeaders } from '../http/security';
import type { Clock } from '../ports/clock';
import type { ObjectStore } from '../ports/object-store';
import { createFirebaseClientAuth } from './client-auth';
import { siteOrigins, type FirebaseEnv } from './env';
import type { FirebaseServices } from './services';
import { functionsBody } from './functions-request';
import { messagePolicy, settingsSeedOf } from '../message-settings';

/** The web build's admin render entry: bundled beside the function (site/admin), or the web build when run from source. */
function adminPageFiles(here = dirname(fileURLToPath(import.meta.url))) {
  return adminPageFilesIn(join(here, 'site', 'admin')) ?? adminPageFilesIn(join(here, '../../../web/dist-ssr/admin'));
}

export interface FirebaseSite {
  /** The request handler `onRequest` serves: the API as Cloud Functions delivers requests. */
  handler: Express;
  app: App;
  /**
   * Runs one item of a job kind now (a scheduled kind: one run) once the settings are ready,
   * and answers its result: what each kind's Cloud Function calls (index.ts).
   */
  runJob(name: JobName, id?: string): Promise<unknown>;
}

export interface FirebaseSiteOptions {
  /** From Secret Manager: the first admin's password, used only while there are no users. */
  adminPassword?: string;
  clock?: Clock;
  log?: (message: string, error?: unknown) => void;
}

function clientCheckFor(services: FirebaseServices, mode: ClientCheck['mode']): ClientCheck | undefined {
  if (mode === 'off') return undefined;
  if (!services.clientCheck) throw new Error(`APP_CHECK=${mode} needs App Check, which these services do not provide`);
  return services.clientCheck(mode);
}

/**
 * The Firebase composition root: the same Express app as the embedded server, on
 * Firestore, Cloud Storage, Firestore notification documents and Firebase Auth custom
 * tokens, wrapped for the way Cloud Functions hands over requests.
 */
export async function createFirebaseSite(
  services: FirebaseServices,
  env: FirebaseEnv,
  options: FirebaseSiteOptions = {},
): Promise<FirebaseSite> {
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const store = createFirestoreStore(services.db, {
    mailCollection: env.MAIL_COLLECTION,
    smsCollection: env.SMS_COLLECTION,
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
  });
  const objects = services.objects ?? (await cloudStorage(services, env));
  const app = createApp({
    store,
    objects,
    // Live admin updates come from Firestore listeners in the browser; /api/events still
    // works for a client talking to one instance, as in embedded mode.
    feed: createMemoryFeed(),
    // The Trigger Email and Twilio extensions send what the lead's batch writes.
    delivery: { policy: messagePolicy(env), configured: { email: null, sms: null } },
    clientAuth: createFirebaseClientAuth(services.auth),
    // Counted in Firestore, so the limits hold across the function's instances.
    hitCounter: firestoreHitCounter(services.db),
    clientCheck: clientCheckFor(services, env.APP_CHECK),
    checkout: stripeCheckoutFromEnv(env),
    clock: options.clock,
    log,
    // The jobs are never started here: the function cannot work after its answer, so each
    // kind's trigger or schedule runs its items (index.ts). Before them, documents from
    // before a field existed get it (once; a read at each run afterwards).
    upgrades: {
      maintenance: async () => ({
        leadsUpdated: await backfillLeadProgress(services.db),
        modelsQueued: await backfillModelProcessing(services.db),
      }),
      followUps: (followUp) => backfillFollowUp(services.db, followUp),
    },
    options: { ...appOptionsOf(env), allowedOrigins: siteOrigins(env) },
    // Hosting sends GET /admin here (firebase.json): the dashboard's first screen, rendered for the signed-in owner.
    adminPage: adminPageFiles(),
    // No freeDiskBytes: files go to Cloud Storage, which has no disk of ours to fill (the
    // bucket's size is bounded by ATTACHMENT_STORAGE_MB and the per-client quota), and a
    // file staged in the function's memory-backed /tmp is bounded by its 20 MB limit.
  });
  // Every request but the health check waits until the first admin exists, so that nobody
  // can register first; a failure is retried by the next request.
  // eslint-disable-next-line no-console -- Cloud Logging files console.info lines at INFO severity
  const logInfo = (line: string) => console.info(line);
  // An install configured through the old variables keeps what they said: copied into the
  // settings once, before anything reads them (a request, or a scheduled run).
  const seed = settingsSeedOf(env);
  let seeded: Promise<unknown> | undefined;
  const settingsReady = () =>
    (seeded ??= app.context.settings.seed(seed).then(
      (stored) =>
        stored &&
        logInfo(`Copied ${seed.from.join(', ')} into the business settings: they are changed in the admin's Settings tab from now on.`),
      (error: unknown) => {
        seeded = undefined;
        throw error;
      },
    ));
  let firstAdmin: Promise<void> | undefined;
  const adminReady = () =>
    // A new project has no users, and the API would let the first visitor to /api/register
    // become the admin; so the first admin comes from the ADMIN_PASSWORD secret before the
    // instance serves its first request. Saying so is news, not an error: Cloud Logging files
    // console.error lines (what `log` writes) at ERROR severity.
    (firstAdmin ??= ensureFirstAdmin(
      app.store,
      null,
      { ADMIN_USERNAME: env.ADMIN_USERNAME, ADMIN_PASSWORD: options.adminPassword },
      logInfo,
      'the ADMIN_PASSWORD secret',
    ).catch((error: unknown) => {
      firstAdmin = undefined;
      throw error;
    }));

  const handler = express();
  handler.disable('x-powered-by');
  handler.set('trust proxy', env.TRUST_PROXY);
  handler.use(securityHeaders);
  handler.use((req, _res, next) =>
    req.path === '/api/health' ? next() : Promise.all([adminReady(), settingsReady()]).then(() => next(), next),
  );
  handler.use(functionsBody, app);
  handler.use(errorHandler(log));

  return {
    handler,
    app,
    // A scheduled run reads the settings: they are copied from the old variables first.
    runJob: async (name, id) => {
      await settingsReady();
      return app.context.jobs.run(name, id);
    },
  };
}

async function cloudStorage(services: FirebaseServices, env: FirebaseEnv): Promise<ObjectStore> {
  const { storage } = services;
  if (!storage) throw new Error('createFirebaseSite needs `storage` or `objects`');
  const name = env.STORAGE_BUCKET ?? services.defaultBucket;
  if (!name)
    throw new Error("No Cloud Storage bucket: set STORAGE_BUCKET, or the project's default bucket (FIREBASE_CONFIG's storageBucket)");
  const emulator = env.FIREBASE_STORAGE_EMULATOR_HOST;
  return createCloudStorageObjectStore(
    { name, open: () => storage().bucket(name) },
    {
      stagingDir: join(tmpdir(), 'uploads'),
      downloadOrigin: emulator ? `http://${emulator}` : 'https://firebasestorage.googleapis.com',
      // The Storage emulator cannot check signed URLs: there, uploads go through the function.
      signedUploads: !emulator,
    },
  );
}
