import { readEnv, type Env } from '../config';
import { startEmbedded, StartupError } from './site';
import { createLogger } from './logging';
import { privateUmask } from './private-files';

// Before anything is created: see privateUmask.
process.umask(privateUmask);

/** A problem the operator can fix: one line on stderr, no stack trace, and a failed exit. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let env: Env;
try {
  env = readEnv();
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const logger = createLogger(env.LOG_LEVEL);
const starting = startEmbedded(env, { logger });

/** Hard stop: a shutdown never takes longer than this, whatever hangs. */
const shutdownLimitMs = 9500;
let stopping = false;
// Installed before the server listens: a signal that arrives while it is still starting
// waits for the start and then stops it cleanly, instead of killing it half way.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests under way');
    const limit = setTimeout(() => {
      logger.error('shutdown took too long; exiting with requests unfinished');
      process.exit(1);
    }, shutdownLimitMs);
    limit.unref();
    starting
      .then((embedded) => embedded.close())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          // A start that failed has already said why (below).
          if (error instanceof StartupError) return;
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}

try {
  const embedded = await starting;
  logger.info({ url: embedded.url, dataDir: env.DATA_DIR }, `Serving the site and the API at ${embedded.url} (data in ${env.DATA_DIR})`);
} catch (error) {
  if (error instanceof StartupError) refuse(error.message);
  throw error;
}
