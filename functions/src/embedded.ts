import { createServer, type Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFirstAdmin } from './accounts';
import { createLocalObjectStore } from './adapters/local-objects/local-object-store';
import { createMemoryFeed } from './adapters/memory-feed';
import { createOutboxNotifier } from './adapters/outbox/outbox-notifier';
import { createSqliteStore } from './adapters/sqlite/store';
import { createApp, type App } from './app';
import type { Env } from './config';
import { staticSite } from './http/static-site';
import { runMaintenance } from './services/maintenance';

export interface Embedded {
  app: App;
  server: Server;
  url: string;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
/** functions/dist/server.js -> web/dist */
export const defaultWebDist = resolve(here, '../../web/dist');

/**
 * The embedded stack in one process: SQLite in DATA_DIR, uploads on local disk, live events
 * in memory, the built web app, and the API.
 */
export async function startEmbedded(env: Env, print: (line: string) => void = console.log): Promise<Embedded> {
  const store = createSqliteStore({ file: join(env.DATA_DIR, 'site.sqlite') });
  const objects = await createLocalObjectStore(join(env.DATA_DIR, 'objects'));
  const app = createApp({
    store,
    objects,
    feed: createMemoryFeed(),
    notifier: createOutboxNotifier(join(env.DATA_DIR, 'outbox'), env.NOTIFY_EMAIL),
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
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await store.close();
    },
  };
}
