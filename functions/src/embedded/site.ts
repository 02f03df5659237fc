import { createServer, type Server } from 'node:http';
import { stripeCheckoutFromEnv } from '../adapters/stripe/checkout';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ensureFirstAdmin } from '../accounts';
import { createLocalObjectStore } from '../adapters/local-objects/local-object-store';
import { createMemoryFeed } from '../adapters/memory-feed';
import { createSmtpEmailSender } from '../adapters/smtp/smtp-email-sender';
import { createSqliteStore, type SqliteStore } from '../adapters/sqlite/store';
import { createTwilioSmsSender } from '../adapters/twilio/twilio-sms-sender';
import { appOptionsOf, createApp, type App } from '../app';
import { DailyBackups, databaseFile, lastBackup } from './backup';
import type { Env } from '../config';
import { staticSite } from './static-site';
import { adminPageFilesIn } from '../http/admin-page';
import { createSitePages, type SitePages } from '../site-pages/site-pages';
import { appLog, createLogger, withRequestLog, type Logger } from './logging';
import { systemClock, type Clock } from '../ports/clock';
import type { DeepHealth } from '../ports/health';
import type { SiteJobs } from '../jobs/site-jobs';
import { DeliveryWorker } from './delivery-worker';
import { importOutbox } from './import-outbox';
import { freeDiskBytesOf } from '../services/upload-quota';
import { exampleValues } from '@site/domain';
import { messagePolicy, settingsSeedOf } from '../message-settings';
import { repositoryRoot } from './paths';
import { makePrivate } from './private-files';
import { damagedDatabase, dataDirProblem, diskFull, listenProblem, StartupError } from './startup-error';

export interface Embedded {
  app: App;
  server: Server;
  url: string;
  logger: Logger;
  /** The background work (jobs/), started once the port is ours: models and photos, reminders, maintenance. */
  jobs: SiteJobs;
  /** Stops taking requests, lets those under way finish (at most `graceMs`), ends event streams, closes the database. */
  close(graceMs?: number): Promise<void>;
}

/** The built site, which `npm run build` makes beside the server. */
export const defaultWebDist = join(repositoryRoot, 'web/dist');

export interface EmbeddedOptions {
  /** Where logs go; by default JSON lines on stdout at LOG_LEVEL. */
  logger?: Logger;
  /** The delivery worker's first retry delay (30 s); tests shorten it. */
  firstRetryDelayMs?: number;
  /** The clock of the API, the delivery worker and the jobs; tests set the time. */
  clock?: Clock;
}

/**
 * The embedded stack in one process: SQLite in DATA_DIR, uploads on local disk, live events
 * in memory, the delivery worker, daily backups, the background jobs, the built web app, and the API. Problems the
 * operator can fix (DATA_DIR, disk space, a damaged database, the port) throw StartupError.
 */
export async function startEmbedded(env: Env, options: EmbeddedOptions = {}): Promise<Embedded> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  await checkDataDir(env.DATA_DIR, env.MIN_FREE_DISK_MB);
  const store = openStore(env.DATA_DIR);
  try {
    return await startOn(store, env, logger, options);
  } catch (error) {
    await store.close();
    throw dataDirProblem(env.DATA_DIR, error) ?? damagedDatabase(databaseFile(env.DATA_DIR), error) ?? error;
  }
}

/** DATA_DIR exists (or is created), is private to this user (see makePrivate), takes a write, and has room. */
async function checkDataDir(dataDir: string, minFreeMb: number) {
  try {
    await mkdir(dataDir, { recursive: true });
    await makePrivate(dataDir);
    const probe = join(dataDir, `.write-test-${process.pid}`);
    await writeFile(probe, 'ok');
    await rm(probe);
  } catch (error) {
    throw dataDirProblem(dataDir, error) ?? error;
  }
  const disk = await statfs(dataDir);
  const free = disk.bavail * disk.bsize;
  if (free < minFreeMb * 1024 * 1024) throw diskFull(dataDir, free, minFreeMb);
}

function openStore(dataDir: string): SqliteStore {
  const file = databaseFile(dataDir);
  try {
    return createSqliteStore({ file });
  } catch (error) {
    throw damagedDatabase(file, error) ?? dataDirProblem(dataDir, error) ?? error;
  }
}

async function startOn(store: SqliteStore, env: Env, logger: Logger, options: EmbeddedOptions): Promise<Embedded> {
  const objects = await createLocalObjectStore(join(env.DATA_DIR, 'objects'));
  const feed = createMemoryFeed();
  const log = appLog(logger);
  // The queue's senders, also used at once by the go-live card's "Send a test".
  const senders = {
    email: env.SMTP_URL && env.MAIL_FROM ? createSmtpEmailSender({ url: env.SMTP_URL, from: env.MAIL_FROM }) : undefined,
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? createTwilioSmsSender({
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          })
        : undefined,
  };
  const worker = new DeliveryWorker({
    queue: store.queue,
    ...senders,
    clock: options.clock ?? systemClock,
    feed,
    log,
    firstDelayMs: options.firstRetryDelayMs,
  });
  const backups = new DailyBackups({
    dataDir: env.DATA_DIR,
    keep: env.BACKUP_KEEP,
    minFreeBytes: env.MIN_FREE_DISK_MB * 1024 * 1024,
    copyDatabase: (target, signal) => store.backup(target, { signal }),
    logger,
  });
  const health = async (): Promise<DeepHealth> => {
    let database: DeepHealth['database'] = { writable: true };
    try {
      await store.probeWrite(new Date().toISOString());
    } catch (error) {
      database = { writable: false, error: error instanceof Error ? error.message : String(error) };
    }
    // Each part is read on its own: one failing (DATA_DIR gone, say) still leaves a report, not a 500.
    const disk = await statfs(env.DATA_DIR).then(
      (stats) => ({ freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize }),
      () => ({ freeBytes: 0, totalBytes: 0 }),
    );
    const unsent = await store.messages.status().then(
      (status) => status.queued,
      () => -1,
    );
    const last = await lastBackup(env.DATA_DIR).catch(() => null);
    return {
      status: database.writable ? 'ok' : 'failing',
      database,
      disk,
      queue: { unsent },
      backup: { lastAt: last?.at ?? null, file: last?.file ?? null, keep: env.BACKUP_KEEP },
    };
  };
  const webDist = env.WEB_DIST ? resolve(env.WEB_DIST) : defaultWebDist;
  const files = staticSite(webDist);
  // The public pages, rendered with the stored settings and projects once the app (which holds
  // the settings) exists, and again within a moment of any change to them.
  let sitePages: SitePages | null = null;
  const app = createApp({
    store,
    objects,
    feed,
    log,
    health,
    clock: options.clock,
    delivery: {
      policy: messagePolicy(env),
      configured: { email: worker.channels.includes('email'), sms: worker.channels.includes('sms') },
      wake: () => worker.wake(),
      senders,
    },
    lastBackupAt: async () => (await lastBackup(env.DATA_DIR).catch(() => null))?.at ?? null,
    checkout: stripeCheckoutFromEnv(env),
    options: { ...appOptionsOf(env), minFreeDiskBytes: env.MIN_FREE_DISK_MB * 1024 * 1024 },
    // Uploads are refused before they would take DATA_DIR's disk under MIN_FREE_DISK_MB.
    freeDiskBytes: freeDiskBytesOf(env.DATA_DIR),
    adminPage: adminPageFilesIn(join(webDist, '..', 'dist-ssr', 'admin')),
    site: (req, res, next) => (sitePages ? sitePages.handler(req, res, () => files(req, res, next)) : files(req, res, next)),
  });
  sitePages = await createSitePages({
    ssrDir: join(webDist, '..', 'dist-ssr'),
    store,
    settings: { read: () => app.context.settings.settings(), onChange: (listener) => app.context.settings.onChange(listener) },
    feed,
    reviewLink: (token) => app.context.reviewRequests.linkAnswer(token),
    cacheControl: 'no-cache',
    log,
  });
  const print = (line: string) => logger.info(line);
  // A first admin's password goes to a person's terminal, never into a log that is kept.
  const terminal = process.stdout.isTTY ? (line: string) => void process.stdout.write(`${line}\n`) : undefined;
  await ensureFirstAdmin(store, env.DATA_DIR, env, print, undefined, terminal);

  const imported = await importOutbox(join(env.DATA_DIR, 'outbox'), store.queue, new Date());
  if (imported.queued + imported.failed + imported.skipped) {
    print(
      `Moved the outbox files into the message queue: ${imported.queued} queued, ${imported.failed} more than a day old recorded as failed without sending, ${imported.skipped} unreadable or without a mobile number.`,
    );
  }
  // An install configured through the old variables keeps what they said (once: the settings rule from then on).
  const seed = settingsSeedOf(env);
  if (await app.context.settings.seed(seed))
    print(
      `Copied ${seed.from.join(', ')} into the business settings. From now on they are changed in the admin's Settings tab; the variables are no longer read.`,
    );
  const stored = await app.context.settings.settings();
  const off = channelsOff(env, stored.notifications.emails);
  if (off.length) logger.warn(`${off.join(' ')} Messages wait in the queue until then.`);
  const examples = exampleValues(stored);
  if (examples.length)
    logger.warn(
      `The site still shows example settings: ${examples.map((example) => `${example.label} "${example.value}"`).join(', ')}. Put the business's real details in the admin's Settings tab before going live.`,
    );

  const server = createServer(app.serverOptions, withRequestLog(logger, app.requestListener));
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(env.PORT, env.HOST, () => done());
    });
  } catch (error) {
    throw listenProblem(env.HOST, env.PORT, error) ?? error;
  }
  // Only once the port is ours: a second server started by mistake must not send, back up or process.
  await worker.start();
  await backups.start();
  // The work each job kind finds waiting (models and photos saved before a restart), the
  // scheduled kinds' first runs (reminders that fell due while the server was down), then their timers.
  const { jobs } = app.context;
  await jobs.start();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    app,
    server,
    url,
    logger,
    jobs,
    close(graceMs = 6000) {
      closing ??= (async () => {
        const closed = new Promise<void>((done) => server.close(() => done()));
        app.closeLiveStreams();
        sitePages?.close();
        // A keep-alive connection becomes idle once its response is sent; close each then.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        let deadline: NodeJS.Timeout | undefined;
        await Promise.race([closed, new Promise<void>((done) => (deadline = setTimeout(done, graceMs)))]);
        clearInterval(sweep);
        clearTimeout(deadline);
        server.closeAllConnections();
        await closed;
        // A model or photo cut short stays pending, and is processed at the next start.
        await Promise.all([worker.stop(1500), backups.stop(1500), jobs.stop(1500)]);
        await store.close();
      })();
      return closing;
    },
  };
}

/**
 * One sentence per channel that cannot send, saying what to set: the variables the server
 * reads for the senders, and the business settings for the staff's addresses (`staffEmails`),
 * which no variable sets any more.
 */
export function channelsOff(env: Env, staffEmails: readonly string[]): string[] {
  const off: string[] = [];
  if (!env.SMTP_URL) off.push('Email is off: set SMTP_URL and MAIL_FROM to send it.');
  if (!env.TWILIO_ACCOUNT_SID) off.push('SMS is off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send it.');
  if (!staffEmails.length)
    off.push("No staff email address: add one in the admin's Settings tab, Staff notifications, to hear of new leads by email.");
  return off;
}

export { StartupError };
