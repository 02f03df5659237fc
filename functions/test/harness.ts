import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalObjectStore } from '../src/adapters/local-objects/local-object-store';
import { createMemoryFeed } from '../src/adapters/memory-feed';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import type { HitCounter } from '../src/ports/hit-counter';
import type { ClientCheck } from '../src/ports/client-check';
import { createApp, type App, type AppDeps, type AppOptions } from '../src/app';
import type { JobName } from '../src/jobs/site-jobs';
import { createAdmin } from '../src/accounts';
import type { Clock } from '../src/ports/clock';
import type { ChangeFeed } from '../src/ports/change-feed';
import type { Store } from '../src/ports/store';
import { defaultSettings, withDefaults, type SiteSettings } from '@site/domain';
import { messageSettingsOf, type MessagePolicy } from '../src/message-settings';
import type { Delivery } from '../src/routes/context';
import { freeDiskBytesOf } from '../src/services/upload-quota';
import { appLog, withRequestLog, type Logger } from '../src/embedded/logging';
import type { RequestHandler } from 'express';

export const testPolicy: MessagePolicy = { smsCountries: ['AU'], customerMessagesPerDay: 3 };

/** Messages as a site with no senders configured: they stay queued. */
export const testDelivery: Delivery = { policy: testPolicy, configured: { email: false, sms: false } };

/** The business settings a test app starts with: the example business at its own address, one staff address, no follow-up reminders. */
export const testSettings: SiteSettings = withDefaults({
  business: { ...defaultSettings.business, siteUrl: 'https://renovations.example.com' },
  notifications: { emails: ['office@example.com'], mobiles: [], followUpAfterHours: null },
});

/** What messages say with `testSettings`. */
export const testMessageSettings = messageSettingsOf(testSettings, testPolicy);

export const admin = { username: 'staff', password: 'correct horse battery staple' };

/** A desktop Chrome's User-Agent: visits from it are a person's (a bare HTTP client's, like Node's own, are a bot's). */
export const browserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A clock tests can move forward. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
  /**
   * Forward to a second past the next start of a fixed window of `windowMs` (the limits count
   * in windows aligned to the clock): what a test counts then stays in one window, however
   * slowly the machine runs it.
   */
  toWindowStart(windowMs = 60 * 60_000) {
    const now = this.now().getTime();
    this.advance(windowMs - (now % windowMs) + 1000);
  }
}

export interface Response<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** An HTTP client with its own cookie jar, like one browser. */
export class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body'] | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = options.body as RequestInit['body'];
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.base + path, { method, headers, body, redirect: 'manual', duplex: 'half' } as RequestInit);
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const value = pair.slice(pair.indexOf('=') + 1);
      this.cookie = value ? pair : '';
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = unknown>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json, headers });
  }
  put<T = unknown>(path: string, json?: unknown) {
    return this.request<T>('PUT', path, { json });
  }
  patch<T = unknown>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { json, headers });
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

export interface TestApp {
  url: string;
  app: App;
  dir: string;
  clock: TestClock;
  server: Server;
  client(): Client;
  /** A client signed in as the admin. */
  adminClient(): Promise<Client>;
  close(): Promise<void>;
}

/**
 * The API on a temporary SQLite file, or on the Store `makeStore` returns (the Firestore
 * adapter on the emulator), which close() closes.
 */
export async function startTestApp(
  options: Partial<AppOptions> = {},
  makeStore?: () => Store | Promise<Store>,
  hitCounter?: HitCounter,
  clientCheck?: ClientCheck,
  /**
   * The built site to serve after the API and a logger (then requests are logged as the
   * embedded server logs them), and the message settings when a test needs others.
   */
  extra: {
    site?: RequestHandler;
    /** A site built from the app's own store and change feed (the server-rendered pages). */
    siteFrom?: (deps: { store: Store; feed: ChangeFeed }) => Promise<RequestHandler>;
    logger?: Logger;
    delivery?: Delivery;
    /**
     * The job kinds run in the background, as the embedded server runs them: saved models and
     * customers' photos unless a test says otherwise ([]: a server that stopped before
     * processing, or Firebase mode, where triggers run them); never the scheduled kinds.
     */
    jobs?: JobName[];
    /** The business settings stored before the app starts: `testSettings` unless given; null stores none (the defaults). */
    settings?: SiteSettings | null;
    /** Stripe Checkout for quote deposits (a local stand-in of Stripe's API); none by default. */
    checkout?: AppDeps['checkout'];
    /** The web build's admin render entry, for GET /admin's first screen (http/admin-page.ts). */
    adminPage?: AppDeps['adminPage'];
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const store = makeStore ? await makeStore() : createSqliteStore({ file: join(dir, 'site.sqlite') });
  const objects = await createLocalObjectStore(join(dir, 'objects'));
  const clock = new TestClock();
  const feed = createMemoryFeed();
  const site = extra.siteFrom ? await extra.siteFrom({ store, feed }) : extra.site;
  const app = createApp({
    store,
    objects,
    feed,
    delivery: extra.delivery ?? testDelivery,
    clock,
    // No `log` unless a logger is given: the app's errors go to console.error, which fails
    // the test that caused them.
    log: extra.logger && appLog(extra.logger),
    site,
    // Sessions do not idle out while a test moves the clock by days; the account tests set the real timeout.
    options: { formRateLimit: 10_000, visitRateLimit: 10_000, loginRateLimit: 10_000, sessionIdleSeconds: 30 * 24 * 3600, ...options },
    hitCounter,
    clientCheck,
    // As the embedded server: the free space of the disk the data folder is on.
    freeDiskBytes: freeDiskBytesOf(dir),
    checkout: extra.checkout,
    adminPage: extra.adminPage,
  });
  await app.context.jobs.start(extra.jobs ?? ['models', 'attachments']);
  if ((await store.users.count({ username: admin.username })) === 0) await createAdmin(store, admin.username, admin.password);
  if (extra.settings !== null) {
    const settings = extra.settings ?? testSettings;
    await store.settings.save(0, { settings, version: 1, updatedAt: clock.now().toISOString(), updatedBy: 'test' });
  }
  const server = createServer(app.serverOptions, extra.logger ? withRequestLog(extra.logger, app.requestListener) : app.requestListener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    app,
    dir,
    clock,
    server,
    client: () => new Client(url),
    async adminClient() {
      const client = new Client(url);
      const response = await client.post('/api/login', admin);
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
      return client;
    },
    async close() {
      // A model or photo still being processed finishes before its files and database go.
      await app.context.jobs.idle();
      await app.context.jobs.stop();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const goodInquiry = {
  rooms: ['kitchen', 'bathroom'],
  budget: '15000-30000',
  timeline: '3-months',
  firstName: 'Ava',
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
};

export const goodQuote = {
  firstName: 'Jack',
  lastName: 'Smith',
  email: 'jack@example.com',
  suburb: 'Richmond',
  room: 'Kitchen',
};

export const goodReview = {
  customerName: 'Charlotte',
  rating: 5,
  reviewText: 'Beautiful kitchen, finished on time.',
  email: 'charlotte@example.com',
};

/** The smallest valid GLB: a 12-byte header and an empty JSON chunk. */
export function glb(extraBytes = 0): Buffer {
  const json = Buffer.from('{"asset":{"version":"2.0"}}  ');
  const length = 12 + 8 + json.length + extraBytes;
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(length, 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'ascii');
  return Buffer.concat([header, json, Buffer.alloc(extraBytes)]);
}

export const png = (extraBytes = 0) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24 + extraBytes)]);

/** Polls `check` until it returns a value other than undefined/false; fails after `timeoutMs`. */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
