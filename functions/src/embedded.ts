import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFirstAdmin } from './accounts';
import { createLocalObjectStore } from './adapters/local-objects/local-object-store';
import { createMemoryFeed } from './adapters/memory-feed';
import { createSmtpEmailSender } from './adapters/smtp/smtp-email-sender';
import { createSqliteStore } from './adapters/sqlite/store';
import { createTwilioSmsSender } from './adapters/twilio/twilio-sms-sender';
import { createApp, type App } from './app';
import type { Env } from './config';
import { staticSite } from './http/static-site';
import { systemClock } from './ports/clock';
import { DeliveryWorker } from './services/delivery-worker';
import { importOutbox } from './services/import-outbox';
import { runMaintenance } from './services/maintenance';
import { messageSettings } from './message-settings';

export interface Embedded {
  app: App;
  server: Server;
  url: string;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
/** functions/dist/server.js -> web/dist */
export const defaultWebDist = resolve(here, '../../web/dist');

export interface EmbeddedTuning {
  /** The delivery worker's first retry delay (30 s); tests shorten it. */
  firstRetryDelayMs?: number;
}

/**
 * The embedded stack in one process: SQLite in DATA_DIR, uploads on local disk, live events
 * in memory, the delivery worker, the built web app, and the API.
 */
export async function startEmbedded(env: Env, print: (line: string) => void = console.log, tuning: EmbeddedTuning = {}): Promise<Embedded> {
  const store = createSqliteStore({ file: join(env.DATA_DIR, 'site.sqlite') });
  const objects = await createLocalObjectStore(join(env.DATA_DIR, 'objects'));
  const feed = createMemoryFeed();
  const log = (message: string, error?: unknown) => console.error(message, error ?? '');
  const worker = new DeliveryWorker({
    queue: store.queue,
    email: env.SMTP_URL && env.MAIL_FROM ? createSmtpEmailSender({ url: env.SMTP_URL, from: env.MAIL_FROM }) : undefined,
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? createTwilioSmsSender({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL })
        : undefined,
    clock: systemClock,
    feed,
    log,
    firstDelayMs: tuning.firstRetryDelayMs,
  });
  const app = createApp({
    store,
    objects,
    feed,
    log,
    delivery: {
      settings: messageSettings(env),
      configured: { email: worker.channels.includes('email'), sms: worker.channels.includes('sms') },
      wake: () => worker.wake(),
    },
    options: {
      trustProxy: env.TRUST_PROXY,
      allowedOrigins: env.ALLOWED_ORIGINS,
      sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
      formRateLimit: env.FORM_RATE_LIMIT,
      visitRateLimit: env.VISIT_RATE_LIMIT,
      loginRateLimit: env.LOGIN_RATE_LIMIT,
    },
    site: staticSite(env.WEB_DIST ? resolve(env.WEB_DIST) : defaultWebDist),
  });
  await ensureFirstAdmin(store, env.DATA_DIR, env, print);

  const imported = await importOutbox(join(env.DATA_DIR, 'outbox'), store.queue, new Date());
  if (imported.queued + imported.failed + imported.skipped) {
    print(`Moved the outbox files into the message queue: ${imported.queued} queued, ${imported.failed} more than a day old recorded as failed without sending, ${imported.skipped} unreadable or without a mobile number.`);
  }
  const off = channelsOff(env);
  if (off.length) print(`${off.join(' ')} Messages wait in the queue until then.`);
  await worker.start();

  const maintain = () =>
    runMaintenance(app.context.store, app.context.uploads, app.context.clock, env.VISITOR_RETENTION_DAYS).catch((error) =>
      console.error('maintenance failed', error),
    );
  await maintain();
  const timer = setInterval(maintain, 60 * 60 * 1000);
  timer.unref();

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(env.PORT, env.HOST, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${port}`;

  return {
    app,
    server,
    url,
    async close() {
      clearInterval(timer);
      await worker.stop();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await store.close();
    },
  };
}

/** One sentence per channel that cannot send, saying what to set. */
export function channelsOff(env: Env): string[] {
  const off: string[] = [];
  if (!env.SMTP_URL) off.push('Email is off: set SMTP_URL and MAIL_FROM to send it.');
  if (!env.TWILIO_ACCOUNT_SID) off.push('SMS is off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send it.');
  if (!env.NOTIFY_EMAIL.length) off.push('No staff email address: set NOTIFY_EMAIL to hear of new leads by email.');
  return off;
}
